/**
 * Charts end to end, the real app between both emulators: a card's Chart button draws its data
 * as Slack's native data_visualization block (small series) or uploads a PNG (price history, or
 * where Slack refuses the native block), into the card's thread, or for an ephemeral card
 * ephemerally / by DM.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../src/emulators/slack/index.js';
import { startHarness, type Harness } from './harness.js';
import {
  button,
  clickEphemeral,
  clickMessage,
  command,
  nextChannelMessage,
  nextEphemeral,
  nextThreadReply,
  rejectedResponses,
  rejectedSlackCalls,
  send,
} from './command-helpers.js';

const CHART = 'rd.card.chart';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The bytes of the one file a message shares. */
function sharedPng(h: Harness, m: StoredMessage): Buffer {
  const id = m.files?.[0]?.id;
  expect(id).toBeDefined();
  const stored = h.slack.files.get(id as string);
  expect(stored?.contentBase64).toBeDefined();
  return Buffer.from(stored?.contentBase64 ?? '', 'base64');
}

function expectPng(png: Buffer): void {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(png.readUInt32BE(16)).toBe(1200);
  expect(png.readUInt32BE(20)).toBe(675);
}

type Block = { type: string; title?: string; chart?: { type: string; series?: unknown[]; segments?: unknown[] } };
const blocksOf = (m: { blocks?: unknown[] }): Block[] => (m.blocks ?? []) as Block[];

/** Posts a public card and presses its Chart button; returns the card and the reply in its thread. */
async function chartInThread(h: Harness, line: string): Promise<{ card: StoredMessage; reply: StoredMessage }> {
  const card = await nextChannelMessage(h, () => send(h, `${line} --public`));
  const reply = await nextThreadReply(h, card.ts, () => clickMessage(h, card, button(card, CHART)));
  return { card, reply };
}

describe('charts', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('a statement card’s Chart posts a native line chart of its key lines in the card’s thread', async () => {
    h = await startHarness({ deliveryMode: 'http' });
    const { reply } = await chartInThread(h, '/financials SH:600519 income annual limit:4');
    const chart = blocksOf(reply).find((b) => b.type === 'data_visualization');
    expect(chart?.chart?.type).toBe('line');
    // The company's name as well as its symbol (issue 29 §2: not "SH:600519 income statement").
    expect(chart?.title).toMatch(/^\S.* \(SH:600519\) · income statement$/);
    expect(JSON.stringify(chart)).toContain('Revenue');
    expect(JSON.stringify(chart)).toMatch(/"y_label":"CNY (millions|billions)/);
    expect(reply.files ?? []).toEqual([]);
    expect(rejectedSlackCalls(h)).toEqual([]);
    expect(rejectedResponses(h)).toEqual([]);
  });

  it('a revenue card’s Chart is a native pie', async () => {
    h = await startHarness({ deliveryMode: 'http' });
    const { reply } = await chartInThread(h, '/financials SH:600519 revenue');
    const chart = blocksOf(reply).find((b) => b.type === 'data_visualization');
    expect(chart?.chart?.type).toBe('pie');
    expect(chart?.title).toMatch(/^\S.* \(SH:600519\) · revenue mix/);
    expect(chart?.chart?.segments?.length).toBeLessThanOrEqual(6);
    expect(rejectedSlackCalls(h)).toEqual([]);
  });

  it('a price card’s Chart uploads a PNG with alt text into the card’s thread', async () => {
    h = await startHarness({ deliveryMode: 'http' });
    const { reply } = await chartInThread(h, '/financials SH:600519 prices last:1y');
    expectPng(sharedPng(h, reply));
    expect(blocksOf(reply).some((b) => b.type === 'data_visualization')).toBe(false);
    const upload = h.slack.calls.find((c) => c.method === 'files.getUploadURLExternal');
    expect(String(upload?.args.alt_text)).toContain('Line chart of Close');
    // A share price zooms onto its range, and says so (issue 29 §2).
    expect(String(upload?.args.alt_text)).toContain('axis not from zero');
    expect(String(upload?.args.alt_text)).toMatch(/\(SH:600519\) · daily close/);
    expect(rejectedSlackCalls(h)).toEqual([]);
  });

  it('where Slack answers invalid_blocks for data_visualization, the chart comes as a PNG instead', async () => {
    h = await startHarness({ deliveryMode: 'http', slack: { refusedBlockTypes: ['data_visualization'] } });
    const { reply } = await chartInThread(h, '/financials SH:600519 balance annual limit:4');
    expectPng(sharedPng(h, reply));
    const tried = h.slack.calls.filter((c) => c.method === 'chat.postMessage' && JSON.stringify(c.args).includes('data_visualization'));
    expect(tried.map((c) => c.error)).toEqual(['invalid_blocks']);
    expect(rejectedSlackCalls(h, ['invalid_blocks'])).toEqual([]);
    expect(h.logs.some((l) => l.includes('native chart refused'))).toBe(true);
  });

  it('an ephemeral statement card’s Chart answers with an ephemeral native chart', async () => {
    h = await startHarness({ deliveryMode: 'http' });
    const card = await command(h, '/financials SH:600519 cashflow annual limit:4');
    const answer = await nextEphemeral(h, () => clickEphemeral(h!, card, button(card, CHART)));
    expect(blocksOf(answer).find((b) => b.type === 'data_visualization')?.chart?.type).toBe('bar');
    expect(rejectedResponses(h)).toEqual([]);
  });

  it('an ephemeral price card’s Chart goes to the user’s DM as a PNG, with an ephemeral note saying so', async () => {
    h = await startHarness({ deliveryMode: 'http' });
    const card = await command(h, '/financials SH:600519 prices last:1y');
    const note = await nextEphemeral(h, () => clickEphemeral(h!, card, button(card, CHART)));
    expect(note.text).toContain('DM');
    const dm = h.slack.channels().find((c) => c.is_im && c.user === h!.slack.defaultUserId);
    expect(dm).toBeDefined();
    const withFile = await h.slack.waitFor(() => h!.slack.channelMessages(dm?.id ?? '').find((m) => (m.files ?? []).length > 0));
    expectPng(sharedPng(h, withFile));
    // Nothing went into the channel for everyone.
    expect(h.slack.channelMessages(h.slack.defaultChannelId).filter((m) => m.bot_id === h!.slack.botId)).toEqual([]);
    expect(rejectedSlackCalls(h)).toEqual([]);
    expect(rejectedResponses(h)).toEqual([]);
  });

  it('a Chart button whose value is not a chart’s source says so instead of failing silently', async () => {
    h = await startHarness({ deliveryMode: 'http' });
    const card = await command(h, '/financials SH:600519 income annual limit:3');
    const chart = button(card, CHART);
    const forged = { ...chart, value: JSON.stringify({ cmd: '/financials', text: 'earnings this' }) };
    const note = await nextEphemeral(h, () => clickEphemeral(h!, card, forged));
    expect(note.text).toContain('cannot be used any more');
    expect(rejectedResponses(h)).toEqual([]);
  });

  it('an ephemeral card’s native chart refused on the response_url goes to the DM as a PNG instead', async () => {
    h = await startHarness({ deliveryMode: 'http', slack: { refusedBlockTypes: ['data_visualization'] } });
    const card = await command(h, '/financials SH:600519 income annual limit:3');
    const note = await nextEphemeral(h, () => clickEphemeral(h!, card, button(card, CHART)));
    expect(note.text).toContain('DM');
    const dm = h.slack.channels().find((c) => c.is_im && c.user === h!.slack.defaultUserId);
    const withFile = await h.slack.waitFor(() => h!.slack.channelMessages(dm?.id ?? '').find((m) => (m.files ?? []).length > 0));
    expectPng(sharedPng(h, withFile));
    expect(h.logs.some((l) => l.includes('native chart refused'))).toBe(true);
  });

  it('a compare card’s Chart draws the five companies’ margin (never CNY, HKD and USD amounts on one axis)', async () => {
    h = await startHarness({ deliveryMode: 'http' });
    const { reply } = await chartInThread(h, '/financials compare SH:600519 0700.HK US:NVDA 388.HK AAPL');
    const chart = blocksOf(reply).find((b) => b.type === 'data_visualization');
    expect(chart?.chart?.series?.length).toBe(5);
    expect(chart?.title).toContain('Gross margin');
    expect(JSON.stringify(chart)).toContain('"y_label":"%"');
    expect(rejectedSlackCalls(h)).toEqual([]);
    expect(rejectedResponses(h)).toEqual([]);
  });

  it('a compare card’s Chart of two companies in one currency is a native chart of their common periods', async () => {
    h = await startHarness({ deliveryMode: 'http' });
    const { reply } = await chartInThread(h, '/financials compare US:NVDA AAPL');
    const chart = blocksOf(reply).find((b) => b.type === 'data_visualization');
    expect(chart?.chart?.series?.length).toBe(2);
    // Rows are calendar periods (issue 29 §1): NVIDIA's years (to January) and Apple's (to
    // September) share no calendar year, so the chart draws the row both are in, the TTM.
    expect(JSON.stringify(chart)).not.toMatch(/FY\d{4}/);
    const categories = (chart?.chart as { axis_config?: { categories?: string[] } } | undefined)?.axis_config?.categories ?? [];
    expect(categories.length).toBeGreaterThan(0);
    expect(categories.every((c) => /^(CY\d{4}|TTM)/.test(c))).toBe(true);
    expect(rejectedSlackCalls(h)).toEqual([]);
  });
});
