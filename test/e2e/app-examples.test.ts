/**
 * Every example the app shows returns something against the demo data: the examples in each
 * command's help card, App Home, the README and `npm start`'s banner, collected from their source (the renderers the
 * app uses, the README's code spans), each run through the real app between both emulators. A
 * command must answer with a card that has results (not "No … matched", a warning or an error);
 * an agent question needs only a run that starts. The demo data are anchored at a fixed day and at
 * today, with both clocks on that day, as the playground anchors them when it starts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYGROUND_EXAMPLES } from '../../src/playground/start-banner.js';
import { renderAppHome } from '../../src/slack/home/app-home-view.js';
import { renderConceptsHelp } from '../../src/slack/concepts/concepts-help.js';
import { renderResearchHelp } from '../../src/slack/research/research-help.js';
import { renderFinancialsHelp } from '../../src/slack/financials/financials-help.js';
import type { StoredMessage } from '../../src/emulators/slack/index.js';
import { botReplies } from './agent-helpers.js';
import { allText, send, splitCommand } from './command-helpers.js';
import { startHarness, type Harness } from './harness.js';

const root = path.resolve(import.meta.dirname, '../..');

interface Example {
  line: string;
  source: string;
}

/** Inline code spans of mrkdwn or Markdown text, entities decoded. */
function codeSpans(text: string): string[] {
  return [...text.matchAll(/`([^`\n]+)`/g)].map((m) => (m[1] ?? '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
}

/** Every mrkdwn or plain text inside blocks. */
function blockTexts(blocks: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'text' && typeof x === 'string') out.push(x);
        else walk(x);
      }
    }
  };
  walk(blocks);
  return out;
}

const RUNNABLE = /^(\/research|\/financials|\/concepts)(\s|$)|^@Research Desk\s/;
/** Forms to fill in, not examples: `<words>`, `[cn|hk|us]`, `…`, `#channel`. */
const TEMPLATE = /[<[\]…]|#channel\b/;

function examplesIn(texts: string[], source: string): Example[] {
  return texts
    .flatMap(codeSpans)
    .filter((s) => RUNNABLE.test(s) && !TEMPLATE.test(s))
    .map((line) => ({ line, source }));
}

function collectExamples(): Example[] {
  const home = renderAppHome({ subscriptions: [], recentRuns: [], status: { reachable: true } });
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  const all = [
    ...examplesIn(blockTexts(renderResearchHelp().blocks), '/research help'),
    ...examplesIn(blockTexts(renderFinancialsHelp().blocks), '/financials help'),
    ...examplesIn(blockTexts(renderConceptsHelp().blocks), '/concepts help'),
    ...examplesIn(blockTexts(home.blocks), 'App Home'),
    ...examplesIn([readme], 'README'),
    ...PLAYGROUND_EXAMPLES.filter((line) => RUNNABLE.test(line)).map((line) => ({ line, source: 'npm start' })),
  ];
  const seen = new Set<string>();
  return all.filter((e) => !seen.has(e.line) && seen.add(e.line));
}

/** What an answer with nothing in it says (the app's empty, warning and error cards). */
const EMPTY_OR_FAILED =
  /No documents matched|No passages matched|No prices for|No earnings reports for|in the weeks up to|No trending concepts|No revenue breakdown|No [\w ]+ data for|No digest subscriptions|Not shown:|:warning:|:x:|Something went wrong/;

const EXAMPLES = collectExamples();

// A fixed day (a Wednesday), and today as the playground anchors it.
const DAYS = ['2026-03-11', new Date().toISOString().slice(0, 10)];

describe('the examples the app shows', () => {
  it('are collected from help, App Home and the README', () => {
    const sources = new Set(EXAMPLES.map((e) => e.source));
    expect([...sources].sort()).toEqual(['/concepts help', '/financials help', '/research help', 'App Home', 'README']);
    expect(EXAMPLES.map((e) => e.line)).toContain('/research AI capex guidance $NVDA last:90d');
    expect(EXAMPLES.some((e) => e.line.startsWith('@Research Desk'))).toBe(true);
  });
});

describe.each(DAYS)('every example the app shows, demo data up to %s', (day) => {
  let h: Harness;
  const anchorMs = Date.parse(`${day}T00:00:00Z`);
  const startedAt = Date.now();
  // Both clocks run from 10:00 UTC on the anchor day: "today" for last:, earnings weeks and prices.
  const clock = (): number => anchorMs + 10 * 3_600_000 + (Date.now() - startedAt);

  beforeAll(async () => {
    h = await startHarness({ datasetAnchorMs: anchorMs, serviceClock: clock, clock });
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Slack escapes a channel the user picked (`should_escape` in manifest.yml): `#research` → `<#C…|research>`. */
  const asSlackSends = (text: string): string =>
    text.replace(/#([a-z0-9_-]+)/g, (whole, name: string) => {
      const channel = h.slack.channels().find((c) => c.name === name);
      return channel ? `<#${channel.id}|${name}>` : whole;
    });

  /** The bot's first reply in a thread: the run's message. */
  const runReply = (channel: string, ts: string): Promise<StoredMessage> => h.slack.waitFor(() => botReplies(h, channel, ts)[0], 15_000);

  /** Sends the example as a user would and returns what the app answered with. */
  async function answerTo(line: string): Promise<{ text?: string; blocks?: unknown[] }> {
    // Typed in #markets: the help's `subscribe weekly mon` (this channel) then outlives its
    // `unsubscribe #research`, as it would for a user trying the examples in order.
    const channel = h.slack.secondChannelId;
    const user = h.slack.defaultUserId;
    if (line.startsWith('@Research Desk')) {
      const { ts } = await h.slack.postMessage({ text: line.replace('@Research Desk', `<@${h.slack.botUserId}>`), channel_id: channel });
      return runReply(channel, ts);
    }
    const ephemeralsBefore = new Set(h.slack.ephemeralFor(user, channel).map((e) => e.ts));
    const messagesBefore = new Set(h.slack.channelMessages(channel).map((m) => m.ts));
    const modalsBefore = new Set(h.slack.openModals(user).map((v) => v.id));
    const { command, text } = splitCommand(line);
    await send(h, `${command} ${asSlackSends(text)}`.trim(), channel);
    const answer = await h.slack.waitFor(
      () =>
        h.slack.ephemeralFor(user, channel).find((e) => !ephemeralsBefore.has(e.ts)) ??
        h.slack.channelMessages(channel).find((m) => !messagesBefore.has(m.ts) && m.bot_id === h.slack.botId) ??
        // `/financials` alone opens its form.
        h.slack
          .openModals(user)
          .filter((v) => !modalsBefore.has(v.id))
          .map((v) => ({ blocks: v.view.blocks as unknown[] }))[0],
      15_000,
    );
    // `/research ask` posts the question in the channel; the run answers in its thread.
    return /^\/research ask\s/.test(line) && 'ts' in answer ? runReply(channel, answer.ts) : answer;
  }

  it.each(EXAMPLES.map((e) => [e.line, e.source]))('%s (from %s) returns results', async (line) => {
    const answer = await answerTo(line);
    const text = allText(answer);
    expect(text, `${line} answered:\n${text.slice(0, 1500)}`).not.toMatch(EMPTY_OR_FAILED);
    expect(answer.blocks?.length ?? 0).toBeGreaterThan(0);
  });
});
