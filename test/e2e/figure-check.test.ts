/**
 * Figures checked, end to end: the real app between both emulators, over Redis. The demo agent
 * asked with `[mistake]` writes one wrong figure (the first company's revenue in its key-findings
 * line, 12% high): the final answer's thread shows exactly one `:warning:`, with the value the
 * company's statement holds (read here from the service, not from the check). Without it, no
 * warning and the all-match line. In a channel (message updates) and in the app's DM (native
 * streaming) alike; and with FIGURE_CHECK off, no section and no statement read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckedFigures } from '../../src/agent/state/checked-figures.js';
import type { RunRecord } from '../../src/store/records.js';
import { formatCompact } from '../../src/slack/blocks/format.js';
import { botReplies, eventIdFor, failedCalls, runIdForEvent, waitForRunEnd } from './agent-helpers.js';
import { startHarness, type Harness } from './harness.js';

/** The thread's final answer as a reader sees it: every section and context text of the bot's replies. */
function threadTexts(h: Harness, channel: string, ts: string): string {
  return botReplies(h, channel, ts)
    .flatMap((m) => m.blocks ?? [])
    .flatMap((b) => {
      const block = b as { type?: string; text?: { text?: string }; elements?: Array<{ text?: string }> };
      if (block.type === 'section') return [block.text?.text ?? ''];
      if (block.type === 'context') return (block.elements ?? []).map((e) => e.text ?? '');
      return [];
    })
    .join('\n');
}

const warnings = (text: string): string[] => text.split('\n').filter((l) => l.includes(':warning:'));
const STATEMENT_PATHS = /income-statement|balance-sheet|cash-flow/;
const statementReads = (h: Harness): number => h.service.requestLog.filter((r) => STATEMENT_PATHS.test(r.path)).length;

/** The question's run, from the Slack event its message raised, to its end. */
async function ask(h: Harness, text: string, channel: string, dm: boolean): Promise<{ ts: string; record: RunRecord }> {
  const { ts } = await h.slack.postMessage({ text: dm ? text : `<@${h.slack.botUserId}> ${text}`, channel_id: channel });
  const runId = runIdForEvent(h, channel, eventIdFor(h, ts, dm ? 'message' : 'app_mention'));
  const record = await waitForRunEnd(h, runId, 60_000);
  expect(record.status).toBe('completed');
  return { ts, record };
}

describe('figures checked under agent answers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ store: 'redis', agentSpeed: 12 });
  });
  afterAll(async () => h?.close());

  describe.each([
    ['in a channel (message updates)', false, 'update'],
    ['in the DM (native streaming)', true, 'native'],
  ] as const)('%s', (_name, dm, delivery) => {
    const channel = (): string => (dm ? h.slack.defaultDmId : h.slack.defaultChannelId);
    // [slow] keeps a DM run streaming past a startStream budget window (agent-runs.test.ts).
    const question = `${dm ? '[slow] ' : ''}What was NVIDIA's revenue last quarter?`;

    it('a report with one planted wrong figure shows exactly one warning, with the statement’s value', async () => {
      const { ts, record } = await ask(h, `[mistake] ${question}`, channel(), dm);
      expect(record.delivery).toBe(delivery);
      const text = threadTexts(h, channel(), ts);
      expect(text).toContain('Figures checked');
      const lines = warnings(text);
      expect(lines).toHaveLength(1);
      const line = lines[0] ?? '';
      expect(line).toContain('NVIDIA · revenue');

      // The statement's true value, from the service itself: the record of the period the line names.
      const stored = record.figureCheck as CheckedFigures;
      const differs = stored.check?.differs[0];
      expect(differs?.figure.symbol).toBe('US:NVDA');
      const period = differs?.statement.period;
      const records = await h.client.incomeStatement({ symbol: 'US:NVDA', period: 'quarterly', limit: 40 });
      const truth = records.find((r) => r.endDate === period?.endDate);
      const revenue = truth?.lines.revenue;
      expect(revenue).toBeGreaterThan(0);
      expect(differs?.statement.value).toBe(revenue);
      expect(line).toContain(formatCompact(revenue, truth?.currency));
      // The report's own figure stays as written: 12% above the statement.
      expect((differs?.figure.value.value ?? 0) / (revenue ?? 1)).toBeCloseTo(1.12, 2);
      expect(line).toContain(differs?.figure.written ?? '—');
      expect(failedCalls(h)).toEqual([]);
    }, 90_000);

    it('the same question without the mistake shows no warning and says every figure matches', async () => {
      const { ts, record } = await ask(h, question, channel(), dm);
      expect(record.delivery).toBe(delivery);
      const text = threadTexts(h, channel(), ts);
      expect(warnings(text)).toEqual([]);
      expect(text).toMatch(/✓ All \d+ figures checked match the company's statements/);
      expect(failedCalls(h)).toEqual([]);
    }, 90_000);
  });

  it('reads each statement once for the run, and a Chinese question gets the section in Chinese', async () => {
    const before = statementReads(h);
    const { ts, record } = await ask(h, '[mistake] 贵州茅台2024年营业收入是多少？', h.slack.defaultChannelId, false);
    const text = threadTexts(h, h.slack.defaultChannelId, ts);
    expect(text).toContain('数据核对');
    expect(warnings(text)).toHaveLength(1);
    expect(warnings(text)[0]).toContain('贵州茅台 · 营业收入');
    // One company, its figures from one statement of one period kind at most per kind the report quotes.
    const reads = statementReads(h) - before;
    expect(reads).toBeGreaterThan(0);
    expect(reads).toBeLessThanOrEqual(3 * 2);
    expect(h.logs.filter((l) => l.includes('figures checked') && l.includes(record.runId))).toHaveLength(1);
  }, 90_000);
});

describe('FIGURE_CHECK=off', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ store: 'redis', agentSpeed: 12, deskOverrides: { figureCheck: false } });
  });
  afterAll(async () => h?.close());

  it('shows no section and reads no statement', async () => {
    const { ts, record } = await ask(h, "[mistake] What was NVIDIA's revenue last quarter?", h.slack.defaultChannelId, false);
    const text = threadTexts(h, h.slack.defaultChannelId, ts);
    expect(text).not.toContain('Figures checked');
    expect(warnings(text)).toEqual([]);
    expect(record.figureCheck).toBeUndefined();
    expect(statementReads(h)).toBe(0);
  }, 90_000);
});
