/**
 * Issue 29, "one language per answer": each of the Chinese questions a user is offered (the
 * agent view's suggested prompts for a zh locale) and a few more the emulator's demo agent
 * understands are asked over real HTTP (Slack emulator → app → service emulator); every string
 * of the final answer Slack would show or read out (message text, headers, sections, context,
 * table captions and cells, chart titles, series names and axis labels, accessibility labels) may
 * hold no English word but symbols and proper names. English questions, the other way round.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { botReplies, eventIdFor, runIdForEvent, waitForRunEnd } from './agent-helpers.js';
import { suggestedPromptsFor } from '../../src/slack/agent/agent-view/suggested-prompts.js';
import type { StoredMessage } from '../../src/emulators/slack/index.js';
import { DEMO_COMPANIES } from '../../src/emulators/service/data/companies.js';

/** Keys whose string values a reader sees (or a screen reader reads). */
const SHOWN_KEYS = new Set(['text', 'caption', 'title', 'name', 'label', 'y_label', 'x_label', 'accessibility_label', 'alt_text']);

function shownStrings(v: unknown, key = ''): string[] {
  if (typeof v === 'string') return SHOWN_KEYS.has(key) ? [v] : [];
  if (Array.isArray(v)) return v.flatMap((x) => shownStrings(x, key));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => shownStrings(x, k));
  return [];
}

/**
 * What may stay in any language: link targets and host names, emoji codes, mentions, HTML
 * entities, and the titles of linked documents (a document's title is its name, in the language
 * it was written in).
 */
function withoutNames(s: string): string {
  return s
    .replace(/<https?:[^<>|]*\|[^<>]*>/g, '')
    .replace(/<https?:[^<>]*>/g, '')
    .replace(/https?:\/\/\S+/g, '')
    .replace(/[\w-]+(?:\.[\w-]+)+/g, '')
    .replace(/&lt;!\w+&gt;|&\w+;/g, '')
    .replace(/:[a-z0-9_+-]+:/g, '')
    .replace(/<@[A-Z0-9]+>/g, '');
}

/** Proper names an answer may use in either language: the product, units of measure, brands. */
const PROPER_NAMES = new Set(['Research', 'Desk']);

/** English words: two letters or more, not all capitals (tickers, currency codes, FY/Q-labels are symbols). */
function englishWords(s: string): string[] {
  const words = withoutNames(s).match(/(?<![\p{L}\p{N}:.])(?:[A-Za-z][a-z]+|[a-z]{2,})(?![\p{L}\p{N}:])/gu) ?? [];
  return words.filter((w) => !PROPER_NAMES.has(w));
}

/** English period labels ("FY2025", "Q2 FY2026", "H1 FY2026"): a Chinese reader expects 2025年年报, 2026年中报. */
function englishPeriods(s: string): string[] {
  return withoutNames(s).match(/(?:\b(?:[HQ][1-4]|9M)\s)?\bFY\s?\d{4}\b/g) ?? [];
}

/**
 * Chinese an English answer may hold: the names of the demo companies' business lines and
 * products, which the service's revenue breakdown gives in Chinese only (the names they trade under).
 */
const CHINESE_NAMES = new Set(DEMO_COMPANIES.flatMap((c) => [...c.segments, ...c.products]));

function hanRuns(s: string): string[] {
  return (withoutNames(s).match(/\p{Script=Han}+/gu) ?? []).filter((r) => !CHINESE_NAMES.has(r));
}

const ZH_QUESTIONS = [
  ...suggestedPromptsFor('zh-CN').prompts.map((p) => p.message),
  '宁德时代的现金流怎么样？',
  '比较英伟达和AMD的毛利率',
  '贵州茅台最新中报业绩如何？',
];
const EN_QUESTIONS = [...suggestedPromptsFor('en-US').prompts.map((p) => p.message), 'How has Kweichow Moutai’s share price performed?'];

describe('one language per answer', () => {
  let h: Harness;
  const mention = (text: string) => `<@${h.slack.botUserId}> ${text}`;

  beforeAll(async () => {
    h = await startHarness({ agentSpeed: 40 });
  }, 60_000);
  afterAll(async () => h?.close());

  async function answer(question: string): Promise<StoredMessage[]> {
    const channel = h.slack.defaultChannelId;
    const { ts } = await h.slack.postMessage({ text: mention(question), channel_id: channel });
    const record = await waitForRunEnd(h, runIdForEvent(h, channel, eventIdFor(h, ts, 'app_mention')), 60_000);
    expect(record.status).toBe('completed');
    return botReplies(h, channel, ts);
  }

  /** Chart titles of the Chinese answers: the chart's words are checked too, so some answers must have one. */
  const zhChartTitles: string[] = [];

  for (const question of ZH_QUESTIONS) {
    it(`a Chinese question gets an answer without English words: ${question}`, async () => {
      const replies = await answer(question);
      for (const m of replies) {
        for (const b of m.blocks ?? [])
          if ((b as { type?: string }).type === 'data_visualization') zhChartTitles.push((b as { title: string }).title);
      }
      const strings = shownStrings(replies);
      expect(strings.join('\n')).toMatch(/\p{Script=Han}/u);
      const english = strings.flatMap((s) => [...englishWords(s), ...englishPeriods(s)].map((w) => `${w} ← ${s.slice(0, 120)}`));
      expect(english).toEqual([]);
    }, 90_000);
  }

  it('the Chinese answers above had charts, titled in Chinese', () => {
    expect(zhChartTitles.length).toBeGreaterThan(0);
    for (const title of zhChartTitles) expect(title).toMatch(/\p{Script=Han}/u);
  });

  for (const question of EN_QUESTIONS) {
    it(`an English question gets an answer without Chinese: ${question}`, async () => {
      const strings = shownStrings(await answer(question));
      const chinese = strings.flatMap((s) => hanRuns(s).map((r) => `${r} ← ${s.slice(0, 120)}`));
      expect(chinese).toEqual([]);
    }, 90_000);
  }
});
