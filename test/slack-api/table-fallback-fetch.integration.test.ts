/**
 * Tables where Slack takes them, over real HTTP to the Slack emulator: a workspace that refuses
 * data_table (and then table) still gets the message, and the client learns it once.
 */
import type { KnownBlock } from '@slack/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../src/emulators/slack/index.js';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { createRedactor } from '../../src/observability/redactor.js';
import { createWebClient } from '../../src/slack-api/create-web-client.js';
import { createTableSupport, type TableSupport } from '../../src/slack-api/table-fallback-fetch.js';
import { downgradeTables } from '../../src/slack/blocks/downgrade-tables.js';
import { buildDataTables } from '../../src/slack/blocks/data-table.js';

const TOKEN = ['xoxb', 'table', 'fallback', 'test'].join('-');

const twoTables = (): KnownBlock[] => [
  { type: 'section', text: { type: 'mrkdwn', text: 'Results' } },
  ...buildDataTables(
    [
      ['Company', 'Revenue'],
      ['Apple', '391,035'],
    ],
    { caption: 'Revenue' },
  ),
  ...buildDataTables(
    [
      ['Ticker', 'Price'],
      ['AAPL', '227.5'],
    ],
    { caption: 'Prices' },
  ),
];

describe('table fallback in the clients’ fetch', () => {
  let slack: SlackEmulator;
  let tables: TableSupport;
  const logger = createMemoryLogger(createRedactor([TOKEN]), 'warn');
  beforeEach(async () => {
    slack = await startSlackEmulator({ port: 0, botToken: TOKEN, rateLimits: 'off' });
    tables = createTableSupport({ downgrade: downgradeTables, logger });
  });
  afterEach(async () => slack?.close());

  const client = () => createWebClient({ token: TOKEN, apiUrl: slack.apiUrl, logger, tables });
  const posts = () => slack.calls.filter((c) => c.method === 'chat.postMessage');
  const types = (blocks: unknown[] | undefined) => (blocks ?? []).map((b) => (b as { type: string }).type);

  it('sends data_table where Slack takes it, in one call', async () => {
    await client().chat.postMessage({ channel: slack.defaultChannelId, text: 't', blocks: twoTables() });
    expect(posts().map((c) => c.ok)).toEqual([true]);
    expect(types(slack.channelMessages(slack.defaultChannelId).at(-1)?.blocks)).toEqual(['section', 'data_table', 'data_table']);
    expect(tables.level()).toBe('data_table');
  });

  it('where data_table is refused: resends with one table block and text, then goes straight there', async () => {
    slack.setRefusedBlockTypes(['data_table']);
    const c = client();
    await c.chat.postMessage({ channel: slack.defaultChannelId, text: 't', blocks: twoTables() });
    expect(posts().map((p) => [p.ok, p.error])).toEqual([
      [false, 'invalid_blocks'],
      [true, undefined],
    ]);
    const shown = slack.channelMessages(slack.defaultChannelId).at(-1);
    expect(types(shown?.blocks)).toEqual(['section', 'context', 'table', 'context', 'section']);
    expect(JSON.stringify(shown?.blocks)).toContain('AAPL');
    expect(tables.level()).toBe('table');
    // Learned: the next message goes as table at once, not data_table first.
    await c.chat.postMessage({ channel: slack.defaultChannelId, text: 't', blocks: twoTables() });
    expect(posts()).toHaveLength(3);
    expect(posts()[2]?.ok).toBe(true);
  });

  it('where table is refused too: text, learned for the next message', async () => {
    slack.setRefusedBlockTypes(['data_table', 'table']);
    const c = client();
    await c.chat.postMessage({ channel: slack.defaultChannelId, text: 't', blocks: twoTables() });
    expect(posts().map((p) => p.ok)).toEqual([false, false, true]);
    expect(types(slack.channelMessages(slack.defaultChannelId).at(-1)?.blocks)).not.toContain('table');
    expect(tables.level()).toBe('text');
    await c.chat.postMessage({ channel: slack.defaultChannelId, text: 't', blocks: twoTables() });
    expect(posts().map((p) => p.ok)).toEqual([false, false, true, true]);
  });

  it('a message refused for another reason is not taken for a table refusal', async () => {
    const tooLong = [{ type: 'section', text: { type: 'mrkdwn', text: 'x'.repeat(3001) } }, ...twoTables()];
    await expect(client().chat.postMessage({ channel: slack.defaultChannelId, text: 't', blocks: tooLong })).rejects.toMatchObject({
      data: { error: 'invalid_blocks' },
    });
    expect(tables.level()).toBe('data_table');
  });
});
