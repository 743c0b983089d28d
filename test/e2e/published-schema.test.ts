/**
 * The app end to end against a service that answers exactly as its published OpenAPI schema
 * says (each version), instead of the emulator: the slash commands, the buttons and agent runs
 * relayed to Slack must give the outcomes they give against the emulator. The fake records any
 * request off the schema and checks every answer it gives, so each test also proves the app
 * spoke the published API.
 * @see test/support/published-fake/published-fake.ts, test/e2e/commands-research.test.ts (the same outcomes, emulator)
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CANCEL_ACTION_ID } from '../../src/slack/agent/cards/agent-render-context.js';
import { ACTION_IDS } from '../../src/slack/blocks/action-ids.js';
import { SPEC_VERSIONS } from '../support/published-fake/published-spec.js';
import {
  blockTypes,
  botReplies,
  eventIdFor,
  eventually,
  isEnded,
  messageText,
  runIdForEvent,
  waitForRecord,
  waitForRunEnd,
} from './agent-helpers.js';
import { decodeDocButton } from '../../src/slack/kit/button-values.js';
import { REPLAY_ACTION_IDS } from '../../src/slack/agent/replay/replay-buttons.js';
import {
  allText,
  button,
  buttonsOf,
  clickEphemeral,
  clickMessage,
  command,
  nextEphemeral,
  rejectedResponses,
  rejectedSlackCalls,
  send,
  nextChannelMessage,
  waitForEphemeral,
} from './command-helpers.js';
import { startPublishedFakeHarness, type PublishedFakeHarness } from './published-fake-harness.js';

interface TableLike {
  type: string;
  rows?: Array<Array<{ text: string }>>;
}
const tableOf = (m: { blocks?: unknown[] }, type = 'table'): TableLike | undefined =>
  (m.blocks as TableLike[] | undefined)?.find((b) => b.type === type);
/** Statements are sortable data_tables. */
const dataTableOf = (m: { blocks?: unknown[] }): TableLike | undefined => tableOf(m, 'data_table');

describe.each(SPEC_VERSIONS)('the app against the published %s schema', (version) => {
  let h: PublishedFakeHarness;
  beforeAll(async () => {
    h = await startPublishedFakeHarness({ version });
  });
  afterEach(() => {
    // Whatever the app asked of the service was a request the published schema takes.
    expect(h.fake.takeProblems()).toEqual([]);
  });
  afterAll(async () => {
    expect(rejectedSlackCalls(h)).toEqual([]);
    expect(rejectedResponses(h)).toEqual([]);
    await h?.close();
  });

  const served = (path: string) => h.fake.requests.filter((r) => r.path === path && r.status === 200);

  it('/research searches by relevance, pages, and answers Summary and Key passages', async () => {
    const card = await command(h, '/research NVIDIA data center');
    expect(allText(card)).toContain('Research for “NVIDIA data center”');
    expect(allText(card)).toContain('1–5 of');
    expect(buttonsOf(card).map((b) => b.action_id)).toEqual(
      expect.arrayContaining([
        `${ACTION_IDS.searchSummary}:0`,
        `${ACTION_IDS.searchPassages}:0`,
        ACTION_IDS.searchNext,
        ACTION_IDS.searchShare,
      ]),
    );
    expect(served('/v2/search').length).toBeGreaterThan(0);

    await clickEphemeral(h, card, button(card, ACTION_IDS.searchNext));
    const page2 = await waitForEphemeral(h, card.ts, (e) => e.edits === 1);
    expect(allText(page2)).toContain('6–10 of');
    const summary = await nextEphemeral(h, () => clickEphemeral(h, page2, button(page2, ACTION_IDS.searchSummary)));
    expect(allText(summary)).toContain('Summary:');
    expect(allText(summary)).toMatch(/20\d\d-\d\d-\d\d/);
    const passages = await nextEphemeral(h, () => clickEphemeral(h, card, button(card, ACTION_IDS.searchPassages)));
    expect(allText(passages)).toContain('Key passages:');
  });

  it('/research with filters pages the v1 search through the service’s pages', async () => {
    const card = await command(h, '/research NVIDIA type:reports,news,filings,transcripts sort:latest');
    expect(allText(card)).toContain('1–5 of 8');
    await clickEphemeral(h, card, button(card, ACTION_IDS.searchNext));
    const page2 = await waitForEphemeral(h, card.ts, (e) => e.edits === 1);
    expect(allText(page2)).toContain('6–8 of 8');
    expect(served('/v1/search').map((r) => (r.body as { page_num?: number }).page_num)).toEqual(expect.arrayContaining([1, 2]));
  });

  it('/research news and passages', async () => {
    expect(allText(await command(h, '/research news Tencent'))).toContain('News for “Tencent”');
    const passages = await command(h, '/research passages gross margin');
    expect(allText(passages)).toContain('Passages for “gross margin”');
    expect(buttonsOf(passages).some((b) => b.action_id.startsWith(ACTION_IDS.searchSummary))).toBe(true);
  });

  it('/research tag lists documents by tag, paged', async () => {
    const first = await command(h, '/research tag NVIDIA');
    expect(first.text).toContain('Documents tagged “NVIDIA”: 1–5 of 12');
    await clickEphemeral(h, first, button(first, ACTION_IDS.searchNext));
    const second = await waitForEphemeral(h, first.ts, (e) => e.edits === 1);
    expect(second.text).toContain('Documents tagged “NVIDIA”: 6–10 of 12');
  });

  it('/research folder create and delete', async () => {
    const created = await command(h, '/research folder create "Q3 semis"');
    const folderId = /`(\d+)`/.exec(allText(created))?.[1];
    expect(folderId).toBeDefined();
    const confirm = await command(h, `/research folder delete ${folderId}`);
    expect(allText(confirm)).toContain('Delete folder *Q3 semis*');
    await clickEphemeral(h, confirm, button(confirm, 'rd.folder.delete_confirm'));
    const done = await waitForEphemeral(h, confirm.ts, (e) => e.edits === 1);
    expect(allText(done)).toContain(`\`${folderId}\` deleted`);
    expect(served('/v1/docs/folder/delete')).toHaveLength(1);
  });

  it('/financials shows a company snapshot and each statement', async () => {
    const snapshot = await command(h, '/financials US:NVDA');
    expect(allText(snapshot)).toContain('(US:NVDA) · Snapshot');
    expect(tableOf(snapshot)?.rows?.[0]?.map((c) => c.text)).toEqual(['Line', 'Latest', 'Prior', 'Change']);
    expect(allText(snapshot)).toContain('Revenue mix');
    expect(allText(snapshot)).not.toContain('Not shown');

    const balance = await command(h, '/financials SH:600519 balance annual limit:2');
    expect(allText(balance)).toContain('(SH:600519) · Balance sheet');
    const header = dataTableOf(balance)?.rows?.[0]?.map((c) => c.text) ?? [];
    expect(header.slice(1)).toEqual(['FY2024', 'FY2023']);
    expect(allText(balance)).toMatch(/Amounts in CNY/);

    const cash = await command(h, '/financials hk:700 cashflow quarterly limit:3');
    expect(allText(cash)).toContain('(HK:00700) · Cash flow');
    expect(dataTableOf(cash)?.rows?.[0]).toHaveLength(4);

    const revenue = await command(h, '/financials SH:600519 revenue');
    expect(allText(revenue)).toContain('(SH:600519) · Revenue breakdown');
    expect(allText(revenue)).toContain('By segment');
    expect(allText(revenue)).toContain('茅台酒');
  });

  it('/financials shows index cards with plain symbols', async () => {
    for (const [symbol, title] of [
      ['HSI', 'HSI'],
      ['SPX', 'SPX'],
      ['000300', '000300'],
    ] as const) {
      const card = await command(h, `/financials ${symbol}`);
      const text = allText(card);
      expect(text).toContain(title);
      for (const field of ['Close', 'Change', 'Day range', 'PE (TTM)', 'PB', 'Dividend yield']) expect(text).toContain(`*${field}*`);
    }
    expect(served(version === '2025-12' ? '/v1/stock/index-prices' : '/v1/stock/index-quote').length).toBeGreaterThan(0);
  });

  it('/financials income, prices and earnings come from the schema’s routes', async () => {
    // The snapshot (an earlier test) reads the income statement too: count this command's call.
    const incomeBefore = served('/v1/stock/company-income-statement').length;
    const income = await command(h, '/financials US:NVDA income');
    expect(allText(income)).toContain('US:NVDA');
    expect(dataTableOf(income)).toBeDefined();
    expect(served('/v1/stock/company-income-statement')).toHaveLength(incomeBefore + 1);

    // Other cards ask the quote route for the company's name: count this command's call.
    const quoteRoute = version === '2025-12' ? '/v1/stock/company-prices' : '/v1/stock/stock-quote';
    const quotesBefore = served(quoteRoute).length;
    const prices = await command(h, '/financials US:NVDA prices');
    expect(allText(prices)).toContain('US:NVDA');
    expect(allText(prices)).not.toContain('Prices are available for indices');
    expect(served(quoteRoute)).toHaveLength(quotesBefore + 1);

    const earnings = await command(h, '/financials earnings cn');
    expect(allText(earnings)).not.toMatch(/Usage|did you mean/);
    // One call for the week asked for, and more only to find the next week with reports.
    expect(served('/v1/stock/earnings-calendar').length).toBeGreaterThanOrEqual(1);
  });

  it('/concepts lists the trending concepts and expands one', async () => {
    const card = await command(h, '/concepts top:3');
    expect(allText(card)).toContain('Top 3 by trending score');
    expect(card.text).toMatch(/^Trending concepts: 1\. AI算力/);
    const detail = await nextEphemeral(h, () => clickEphemeral(h, card, button(card, ACTION_IDS.conceptExpand)));
    expect(allText(detail)).toContain('Related stocks');
    expect(allText(detail)).toContain('浪潮信息');
    expect(allText(detail)).toContain('Related documents');
  });

  it('relays an agent run into the thread, ending with the report', async () => {
    const channel = h.slack.defaultChannelId;
    const { ts } = await h.slack.postMessage({ text: `<@${h.slack.botUserId}> NVIDIA 数据中心业务怎么样？` });
    const record = await waitForRunEnd(h, runIdForEvent(h, channel, eventIdFor(h, ts, 'app_mention')));
    expect(record.status).toBe('completed');
    const replies = botReplies(h, channel, ts);
    expect(replies).toHaveLength(1);
    expect(blockTypes(replies[0]!)).toContain('data_table');
    expect(messageText(replies[0]!)).toContain('执行摘要');
    expect(h.fake.runs().find((r) => r.assistantMessageId === record.assistantMessageId)?.status).toBe('completed');
  });

  it('cancels a running agent run from its Cancel button', async () => {
    const channel = h.slack.defaultChannelId;
    h.fake.holdRunsAfter('tool_start');
    try {
      const { ts } = await h.slack.postMessage({ text: `<@${h.slack.botUserId}> 比亚迪海外销量如何？` });
      const runId = runIdForEvent(h, channel, eventIdFor(h, ts, 'app_mention'));
      const running = await waitForRecord(h, runId, (r) => isEnded(r) || (r.assistantMessageId !== '' && r.replyTs.length > 0));
      expect(running.status).toBe('running');
      await h.slack.clickAction({
        channel_id: channel,
        message_ts: running.replyTs[0]!,
        action_id: CANCEL_ACTION_ID,
        value: runId,
        user_id: h.slack.defaultUserId,
      });
      const ended = await waitForRunEnd(h, runId);
      expect(ended.status).toBe('cancelled');
      // The question is Chinese, so is the ending (issue 29, one language per answer).
      expect(messageText(botReplies(h, channel, ts)[0]!)).toContain(`已由 <@${h.slack.defaultUserId}> 取消。`);
      expect(h.fake.runs().find((r) => r.assistantMessageId === running.assistantMessageId)?.status).toBe('cancelled');
    } finally {
      h.fake.releaseRuns();
    }
  });

  it('"Ask the agent" on a --public results card runs in the card’s thread, grounded on that document', async () => {
    const channel = h.slack.defaultChannelId;
    const card = await nextChannelMessage(h, () => send(h, '/research Tencent --public'));
    const ask = buttonsOf(card).find((b) => b.action_id.startsWith(ACTION_IDS.searchAsk));
    if (!ask) throw new Error('no Ask the agent button');
    await clickMessage(h, card, ask);
    const run = await eventually(async () =>
      (await h.desk.stores.recentRuns.list(h.slack.teamId, h.slack.defaultUserId)).find((r) => r.threadTs === card.ts),
    );
    const record = await waitForRunEnd(h, run.runId);
    expect(record.status).toBe('completed');
    const docId = decodeDocButton(ask.value)?.d;
    expect(record.documents?.[0]?.docId).toBe(docId);
    const chat = h.fake.requests.filter((r) => r.path.endsWith('/chat') && r.status === 200).at(-1);
    expect(chat?.body).toMatchObject({ documents: [expect.objectContaining({ doc_id: docId })] });
    expect(botReplies(h, channel, card.ts)).toHaveLength(1);
  });

  it('replays a finished answer into a new thread from /research replay', async () => {
    const channel = h.slack.defaultChannelId;
    const { ts } = await h.slack.postMessage({ text: `<@${h.slack.botUserId}> 茅台批价走势？` });
    const record = await waitForRunEnd(h, runIdForEvent(h, channel, eventIdFor(h, ts, 'app_mention')));
    expect(record.status).toBe('completed');
    await h.slack.sendCommand({ command: '/research', text: `replay ${record.conversationId}` });
    const list = await h.slack.waitFor(
      () => h.slack.ephemeralFor(h.slack.defaultUserId, channel).find((e) => e.text.includes(`conversation ${record.conversationId}`)),
      10_000,
    );
    const replay = buttonsOf(list).find((b) => b.action_id.startsWith(REPLAY_ACTION_IDS.replay));
    if (!replay) throw new Error('no Replay button');
    await clickEphemeral(h, list, replay);
    const root = await h.slack.waitFor(
      () =>
        h.slack
          .channelMessages(channel)
          .find((m) => m.user === h.slack.botUserId && m.text.includes('replayed') && (m.replies?.length ?? 0) > 0),
      10_000,
    );
    expect(root.replies?.[0]?.blocks).toEqual(botReplies(h, channel, ts)[0]?.blocks);
    expect(served(`/v1/agent/conversations/${record.conversationId}/messages/${record.assistantMessageId}`).length).toBeGreaterThan(0);
  });
});

describe('the app against a 2025-12 service without SERVICE_AGENT_ID', () => {
  let h: PublishedFakeHarness;
  beforeAll(async () => {
    h = await startPublishedFakeHarness({ version: '2025-12', agentId: null });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers the mention with the setting that fixes it, not silence', async () => {
    const channel = h.slack.defaultChannelId;
    const { ts } = await h.slack.postMessage({ text: `<@${h.slack.botUserId}> NVIDIA 数据中心业务怎么样？` });
    const record = await waitForRunEnd(h, runIdForEvent(h, channel, eventIdFor(h, ts, 'app_mention')));
    expect(record.status).toBe('failed');
    const replies = botReplies(h, channel, ts);
    expect(replies).toHaveLength(1);
    expect(messageText(replies[0]!)).toContain('SERVICE_AGENT_ID');
    // The fake refused the request with FastAPI's 422, as a 2025-12 deployment would.
    expect(h.fake.requests.filter((r) => r.path === '/v1/agent/conversations').map((r) => r.status)).toEqual([422]);
  });
});
