/**
 * Splits slash-command text into tokens. Slack sends the text with `&`, `<`, `>` escaped and
 * mentions, channels and links as `<…>` tokens; clients turn `"` into curly quotes and `--`
 * into an em dash, so both spellings are accepted.
 * @see https://docs.slack.dev/interactivity/implementing-slash-commands
 */
import { decodeSlackEntities } from '../../blocks/text/decode-slack-entities.js';
import { sanitizeText } from '../../blocks/text/sanitize-text.js';

export type SlackRef =
  | { kind: 'channel'; id: string; name?: string }
  | { kind: 'user'; id: string; name?: string }
  | { kind: 'usergroup'; id: string; name?: string }
  | { kind: 'special'; name: string }
  | { kind: 'link'; url: string; label?: string };

export interface Token {
  /** The token as typed (entities decoded), quotes included. */
  raw: string;
  /** Text with quote characters removed and entities decoded. */
  text: string;
  /** Began with a quote: a literal phrase, never a filter or subcommand. */
  literal: boolean;
  /** Set when the token was one of Slack's `<…>` references. */
  ref?: SlackRef;
}

const OPEN_QUOTES = new Set(['"', '“', '”', '„', '「', '『']);
const CLOSE_FOR: Record<string, string[]> = {
  '"': ['"', '”', '“'],
  '“': ['”', '"', '“'],
  '”': ['”', '"', '“'],
  '„': ['“', '”', '"'],
  '「': ['」'],
  '『': ['』'],
};
const SPACE = /[\s\u3000\u00A0\u2000-\u200A\u2028\u2029\u202F\u205F]/;
/** Tokens beyond this are ignored: commands are short, hostile input is not. */
const MAX_TOKENS = 200;

function parseRef(inner: string): SlackRef | undefined {
  const [target = '', label] = inner.split('|', 2);
  const withLabel = <T extends object>(r: T): T => (label ? { ...r, name: label.replace(/^[@#]/, '') } : r);
  if (/^#C[A-Z0-9]+$/.test(target)) return withLabel({ kind: 'channel' as const, id: target.slice(1) });
  if (/^@[UW][A-Z0-9]+$/.test(target)) return withLabel({ kind: 'user' as const, id: target.slice(1) });
  if (/^!subteam\^S[A-Z0-9]+$/.test(target)) return withLabel({ kind: 'usergroup' as const, id: target.slice(9) });
  if (/^!\w+/.test(target)) return { kind: 'special', name: target.slice(1) };
  if (/^(https?|mailto):/i.test(target)) return label ? { kind: 'link', url: target, label } : { kind: 'link', url: target };
  return undefined;
}

/** Plain, readable text for free-form arguments (questions, folder names): refs become their labels. */
export function slackTextToPlain(text: string): string {
  return decodeSlackEntities(
    sanitizeText(text).replace(/<([^<>]*)>/g, (whole, inner: string) => {
      const ref = parseRef(inner);
      if (!ref) return whole;
      switch (ref.kind) {
        case 'channel':
          return `#${ref.name ?? ref.id}`;
        case 'user':
        case 'usergroup':
          return `@${ref.name ?? ref.id}`;
        case 'special':
          return ref.name;
        case 'link':
          return ref.url;
      }
    }),
  ).trim();
}

export function tokenize(input: string): Token[] {
  const text = sanitizeText(input).replace(/[\n\t\r]/g, ' ');
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length && tokens.length < MAX_TOKENS) {
    const ch = text[i] ?? '';
    if (SPACE.test(ch)) {
      i += 1;
      continue;
    }
    if (ch === '<') {
      const end = text.indexOf('>', i + 1);
      if (end > i) {
        const inner = text.slice(i + 1, end);
        const ref = parseRef(inner);
        if (ref && !/\s/.test(inner.split('|')[0] ?? '')) {
          tokens.push({ raw: text.slice(i, end + 1), text: decodeSlackEntities(inner), literal: false, ref });
          i = end + 1;
          continue;
        }
      }
    }
    let raw = '';
    let body = '';
    let closers: string[] | undefined;
    const literal = OPEN_QUOTES.has(ch);
    while (i < text.length) {
      const c = text[i] ?? '';
      if (closers) {
        raw += c;
        if (closers.includes(c)) closers = undefined;
        else body += c;
      } else if (SPACE.test(c)) {
        break;
      } else if (OPEN_QUOTES.has(c)) {
        raw += c;
        closers = CLOSE_FOR[c];
      } else {
        raw += c;
        body += c;
      }
      i += 1;
    }
    tokens.push({ raw: decodeSlackEntities(raw), text: decodeSlackEntities(body), literal });
  }
  return tokens;
}
