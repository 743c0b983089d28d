/**
 * A `response_url` refuses a block it does not take with the bare code as its body (`invalid_blocks`,
 * no JSON), unlike the Web API's `{ok:false,error}`: the table fallback must read that answer as a
 * refusal too and resend one level down, over real HTTP to a server that answers as Slack does.
 * @see https://docs.slack.dev/interactivity/handling-user-interaction#message_responses
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FetchFunction } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { createRedactor } from '../../src/observability/redactor.js';
import { createTableFallbackFetch, createTableSupport } from '../../src/slack-api/table-fallback-fetch.js';
import { buildDataTables } from '../../src/slack/blocks/data-table.js';
import { downgradeTables } from '../../src/slack/blocks/downgrade-tables.js';

describe('a response_url that refuses data_table with the bare code', () => {
  let server: Server;
  const bodies: string[] = [];
  let url = '';

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        bodies.push(body);
        const refused = body.includes('"data_table"');
        res.writeHead(refused ? 400 : 200, { 'Content-Type': 'text/plain' });
        res.end(refused ? 'invalid_blocks' : 'ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/actions/T1/1/abc`;
  });
  afterAll(async () => new Promise((resolve) => server.close(resolve)));

  it('is read as a refusal: the message goes again with a table block, and later ones start there', async () => {
    const support = createTableSupport({ downgrade: downgradeTables, logger: createMemoryLogger(createRedactor([]), 'error') });
    // Node's own fetch: its Headers type differs from the SDK's declared one, not in what is used here.
    const fetchFn = ((to: string, init?: RequestInit) => fetch(to, init)) as unknown as FetchFunction;
    const send = createTableFallbackFetch(fetchFn, support);
    const message = {
      text: 'Revenue',
      blocks: buildDataTables(
        [
          ['Company', 'Revenue'],
          ['Apple', '391,035'],
        ],
        { caption: 'Revenue' },
      ),
    };
    const res = await send(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(message) });

    expect(await res.text()).toBe('ok');
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toContain('"data_table"');
    expect(bodies[1]).not.toContain('"data_table"');
    expect(bodies[1]).toContain('"type":"table"');
    expect(support.level()).toBe('table');
  });
});
