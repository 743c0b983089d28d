/**
 * /concepts argument parser.
 *
 *   /concepts [top:N]
 *   /concepts subscribe [#channel] [daily|weekdays|weekly [mon]] [at:09:00] [tz:Asia/Shanghai] [top:10]
 *   /concepts unsubscribe [#channel]
 *   /concepts subscriptions
 *   /concepts help
 *
 * A channel is `<#C123|name>` (what Slack sends for a linked channel) or `#name` (resolved by
 * the listener); none means the channel the command was used in. Time zones are IANA names.
 */
import type { DigestCadence } from '../../store/records.js';
import type { ChannelRef } from '../kit/commands/channel-ref.js';
import { tokenize, type Token } from '../kit/commands/tokenize.js';
import { closest, usage, type HelpResult, type UsageProblem, type UsageResult } from '../kit/commands/usage-problem.js';

export interface SubscribeArgs {
  kind: 'subscribe';
  /** null: the channel the command was used in. */
  channel: ChannelRef | null;
  cadence: DigestCadence;
  /** 0 = Sunday … 6 = Saturday; weekly only. */
  weekday?: number;
  /** HH:MM, 24-hour. */
  time: string;
  timeZone: string;
  top: number;
}

export type ConceptsArgs =
  | HelpResult
  | UsageResult
  | { kind: 'list'; top: number }
  | SubscribeArgs
  | { kind: 'unsubscribe'; channel: ChannelRef | null }
  | { kind: 'subscriptions' };

export interface ConceptsParseOptions {
  /** Used when `tz:` is not given (e.g. the workspace's zone). Default UTC. */
  defaultTimeZone?: string;
}

export const CONCEPTS_DEFAULT_TOP = 10;
export const CONCEPTS_MAX_TOP = 20;
const DEFAULT_DIGEST_TIME = '09:00';

const WEEKDAYS: Record<string, number> = {
  sun: 0,
  sunday: 0,
  mon: 1,
  monday: 1,
  tue: 2,
  tues: 2,
  tuesday: 2,
  wed: 3,
  wednesday: 3,
  thu: 4,
  thur: 4,
  thurs: 4,
  thursday: 4,
  fri: 5,
  friday: 5,
  sat: 6,
  saturday: 6,
};
const CADENCES: Record<string, DigestCadence> = { daily: 'daily', weekdays: 'weekdays', workdays: 'weekdays', weekly: 'weekly' };
const SUBSCRIBE_EXAMPLE = '/concepts subscribe #research weekly mon at:09:00 tz:Asia/Shanghai top:10';

let zoneIndex: Map<string, string> | undefined;
/** Lower-case IANA name → canonical spelling; built once, read-only afterwards. */
function zones(): Map<string, string> {
  zoneIndex ??= new Map(Intl.supportedValuesOf('timeZone').map((z) => [z.toLowerCase(), z]));
  return zoneIndex;
}

/** An IANA time-zone name in its canonical spelling, or undefined (offsets like +08:00 are refused). */
export function normaliseTimeZone(input: string): string | undefined {
  const name = input.trim();
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{1,40}$/.test(name)) return undefined;
  const known = zones().get(name.toLowerCase());
  if (known) return known;
  if (!name.includes('/') && name.toUpperCase() !== 'UTC') return undefined;
  try {
    // Accepts aliases (Asia/Calcutta) that supportedValuesOf leaves out.
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function parseTime(value: string): string | undefined {
  const m = /^(\d{1,2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return undefined;
  const h = Number(m[1]);
  const min = Number(m[2] ?? '0');
  return h <= 23 && min <= 59 ? `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}` : undefined;
}

function parseTop(tok: Token, value: string, problems: UsageProblem[]): number | undefined {
  const n = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
  if (n >= 1 && n <= CONCEPTS_MAX_TOP) return n;
  problems.push({ token: tok.raw, message: `top is a number from 1 to ${CONCEPTS_MAX_TOP}.`, example: 'top:10' });
  return undefined;
}

function parseChannel(tok: Token): ChannelRef | undefined {
  if (tok.ref?.kind === 'channel') return tok.ref.name ? { id: tok.ref.id, name: tok.ref.name } : { id: tok.ref.id };
  const m = /^#([\p{Ll}\p{Lo}\p{N}_-]{1,80})$/u.exec(tok.text);
  return m ? { name: m[1] ?? '' } : undefined;
}

function parseChannelOnly(tokens: Token[], what: string, problems: UsageProblem[]): ChannelRef | null {
  let channel: ChannelRef | null = null;
  for (const tok of tokens) {
    const c = parseChannel(tok);
    if (c && !channel) channel = c;
    else
      problems.push({
        token: tok.raw,
        message: c ? 'Give one channel.' : `\`${tok.raw}\` is not a channel.`,
        example: `/concepts ${what} #research`,
      });
  }
  return channel;
}

function parseSubscribe(tokens: Token[], opts: ConceptsParseOptions): ConceptsArgs {
  const problems: UsageProblem[] = [];
  const out: SubscribeArgs = {
    kind: 'subscribe',
    channel: null,
    cadence: 'daily',
    time: DEFAULT_DIGEST_TIME,
    timeZone: normaliseTimeZone(opts.defaultTimeZone ?? 'UTC') ?? 'UTC',
    top: CONCEPTS_DEFAULT_TOP,
  };
  let cadenceSet = false;
  /** The weekday as typed, for the problem that names it. */
  let weekdayToken = '';
  for (let i = 0; i < tokens.length; i += 1) {
    const tok = tokens[i] as Token;
    const word = tok.text.toLowerCase();
    const channel = parseChannel(tok);
    if (channel) {
      if (out.channel) problems.push({ token: tok.raw, message: 'Give one channel.', example: SUBSCRIBE_EXAMPLE });
      out.channel = channel;
      continue;
    }
    const cadence = CADENCES[word.replace(/^every:?/, '')];
    if (cadence) {
      if (cadenceSet) problems.push({ token: tok.raw, message: 'Choose one of daily, weekdays or weekly.', example: SUBSCRIBE_EXAMPLE });
      cadenceSet = true;
      out.cadence = cadence;
      continue;
    }
    const kv = /^([a-z]+)[:：](.*)$/i.exec(tok.text);
    const key = kv?.[1]?.toLowerCase();
    const value = (kv?.[2] ?? '').trim();
    const day = WEEKDAYS[word] ?? (key === 'weekly' || key === 'day' ? WEEKDAYS[value.toLowerCase()] : undefined);
    if (day !== undefined) {
      if (key === 'weekly' || !cadenceSet) out.cadence = 'weekly';
      if (key === 'weekly') cadenceSet = true;
      out.weekday = day;
      weekdayToken = tok.raw;
      continue;
    }
    if (key === 'at' || key === 'time') {
      const t = parseTime(value);
      if (!t) problems.push({ token: tok.raw, message: `\`${value}\` is not a time of day; use 24-hour HH:MM.`, example: 'at:09:00' });
      else out.time = t;
    } else if (key === 'tz' || key === 'timezone') {
      const z = normaliseTimeZone(value);
      if (!z)
        problems.push({
          token: tok.raw,
          message: `\`${value}\` is not an IANA time zone name (such as Asia/Shanghai, Europe/London, America/New_York or UTC).`,
          example: 'tz:Asia/Shanghai',
        });
      else out.timeZone = z;
    } else if (key === 'top') {
      const n = parseTop(tok, value, problems);
      if (n !== undefined) out.top = n;
    } else {
      const hint = key ? closest(key, ['at', 'tz', 'top']) : closest(word, [...Object.keys(CADENCES), ...Object.keys(WEEKDAYS)]);
      problems.push({
        token: tok.raw,
        message: `\`${tok.raw}\` is not understood here${hint ? ` — did you mean \`${hint}${key ? ':' : ''}\`?` : '.'}`,
        example: SUBSCRIBE_EXAMPLE,
      });
    }
  }
  if (out.weekday !== undefined && out.cadence !== 'weekly') {
    problems.push({ token: weekdayToken, message: 'A weekday goes with `weekly`.', example: SUBSCRIBE_EXAMPLE });
  }
  if (out.cadence === 'weekly' && out.weekday === undefined) out.weekday = 1;
  return problems.length ? usage('/concepts', problems, '/concepts subscribe') : out;
}

/** Parses /concepts text. Never throws. */
export function parseConceptsArgs(text: string, opts: ConceptsParseOptions = {}): ConceptsArgs {
  const tokens = tokenize(typeof text === 'string' ? text : '');
  const head = tokens[0];
  const word = head && !head.literal ? head.text.toLowerCase() : '';
  if (!head) return { kind: 'list', top: CONCEPTS_DEFAULT_TOP };
  if (['help', '--help', '-h', '?', '帮助'].includes(word)) return { kind: 'help' };
  const problems: UsageProblem[] = [];
  switch (word) {
    case 'subscribe':
      return parseSubscribe(tokens.slice(1), opts);
    case 'unsubscribe': {
      const channel = parseChannelOnly(tokens.slice(1), 'unsubscribe', problems);
      return problems.length ? usage('/concepts', problems) : { kind: 'unsubscribe', channel };
    }
    case 'subscriptions':
    case 'subs':
    case 'list':
      if (tokens.length > 1)
        problems.push({ token: tokens[1]?.raw ?? '', message: '`subscriptions` takes no arguments.', example: '/concepts subscriptions' });
      return problems.length ? usage('/concepts', problems) : { kind: 'subscriptions' };
    default:
      break;
  }
  let top = CONCEPTS_DEFAULT_TOP;
  for (const tok of tokens) {
    const m = /^top[:：](.*)$/i.exec(tok.text);
    if (m && !tok.literal) {
      const n = parseTop(tok, (m[1] ?? '').trim(), problems);
      if (n !== undefined) top = n;
    } else if (/^\d{1,2}$/.test(tok.text) && tokens.length === 1) {
      const n = parseTop(tok, tok.text, problems);
      if (n !== undefined) top = n;
    } else {
      const hint = closest(tok.text.toLowerCase(), ['subscribe', 'unsubscribe', 'subscriptions', 'help', 'top']);
      problems.push({
        token: tok.raw,
        message: `\`${tok.raw}\` is not understood${hint ? ` — did you mean \`${hint}\`?` : '.'}`,
        example: '/concepts top:10',
      });
    }
  }
  return problems.length ? usage('/concepts', problems) : { kind: 'list', top };
}
