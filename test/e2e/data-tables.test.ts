/**
 * data_table blocks end to end, the real app between both emulators: a /financials statement and
 * an agent answer with tables show as data_tables; in a workspace that refuses data_table the
 * same commands still answer (with a table block, or text where table is refused too), and the
 * app learns that once instead of sending data_table first on every call.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { blockTypes, botReplies, eventIdFor, runIdForEvent, waitForRunEnd } from './agent-helpers.js';
import { command, nextChannelMessage, rejectedResponses, send } from './command-helpers.js';

const mentionOf = (h: Harness, text: string) => `<@${h.slack.botUserId}> ${text}`;

/** Asks the agent in the default channel and returns the types of the blocks of its answer. */
async function askAgent(h: Harness, question: string): Promise<string[]> {
  const { ts } = await h.slack.postMessage({ text: mentionOf(h, question) });
  const record = await waitForRunEnd(h, runIdForEvent(h, h.slack.defaultChannelId, eventIdFor(h, ts, 'app_mention')));
  expect(record.status).toBe('completed');
  return botReplies(h, h.slack.defaultChannelId, ts).flatMap(blockTypes);
}

/** A call's blocks as text (a form argument arrives as a JSON string). */
const blocksText = (c: { args: Record<string, unknown> }): string =>
  typeof c.args.blocks === 'string' ? c.args.blocks : JSON.stringify(c.args.blocks ?? []);

/** Web API calls that carried a data_table block, and how Slack answered them. */
const dataTableCalls = (h: Harness) => h.slack.calls.filter((c) => blocksText(c).includes('"data_table"')).map((c) => c.error ?? 'ok');

describe('data_table blocks', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('a statement card and an agent answer with tables render as data_tables where Slack takes them', async () => {
    h = await startHarness({ deliveryMode: 'http', agentSpeed: 50 });
    const card = await command(h, '/financials SH:600519 balance annual limit:4');
    const table = (card.blocks as Array<{ type: string; caption?: string; rows?: Array<Array<{ type: string }>> }>).find(
      (b) => b.type === 'data_table',
    );
    expect(table?.caption).toContain('Balance sheet');
    // Figures are numeric cells (the first rows may be section headings).
    expect(table?.rows?.slice(1).some((r) => r.some((c) => c.type === 'raw_number'))).toBe(true);
    expect(await askAgent(h, 'How strong is NVIDIA’s balance sheet?')).toContain('data_table');
    expect(dataTableCalls(h).filter((r) => r !== 'ok')).toEqual([]);
    expect(rejectedResponses(h)).toEqual([]);
  });

  it('where Slack refuses data_table: table blocks instead, learned from the first refusal', async () => {
    h = await startHarness({ deliveryMode: 'http', agentSpeed: 50, slack: { refusedBlockTypes: ['data_table'] } });
    // Posted in the channel (chat.postMessage), so the emulator's call log sees the refusal.
    const first = await nextChannelMessage(h, () => send(h!, '/financials SH:600519 balance annual limit:4 --public'));
    expect(blockTypes(first)).toContain('table');
    expect(blockTypes(first)).not.toContain('data_table');
    expect(dataTableCalls(h)).toEqual(['invalid_blocks']);
    // Later answers go straight to table blocks: no data_table is sent again.
    const ephemeral = await command(h, '/financials SH:600519 income annual limit:3');
    expect(blockTypes(ephemeral)).toContain('table');
    const answer = await askAgent(h, 'How strong is NVIDIA’s balance sheet?');
    expect(answer).toContain('table');
    expect(answer).not.toContain('data_table');
    expect(dataTableCalls(h)).toEqual(['invalid_blocks']);
    expect(h.logs.filter((l) => l.includes('Slack refuses a table block here'))).toHaveLength(1);
    expect(rejectedResponses(h)).toEqual([]);
  });

  it('where Slack refuses table too: text, and the commands still answer', async () => {
    h = await startHarness({ deliveryMode: 'http', agentSpeed: 50, slack: { refusedBlockTypes: ['data_table', 'table'] } });
    const card = await command(h, '/financials SH:600519 balance annual limit:4');
    expect(blockTypes(card)).not.toContain('data_table');
    expect(blockTypes(card)).not.toContain('table');
    expect(JSON.stringify(card.blocks)).toContain('Total liabilities');
    const answer = await askAgent(h, 'How strong is NVIDIA’s balance sheet?');
    expect(answer.some((t) => t === 'table' || t === 'data_table')).toBe(false);
    // The ephemeral card learned it on the response_url: the agent's Web API calls never carried a table.
    expect(h.slack.calls.filter((c) => /"type":"(data_)?table"/.test(blocksText(c)))).toEqual([]);
    expect(rejectedResponses(h)).toEqual([]);
  });
});
