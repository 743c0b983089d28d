/**
 * Issue 28, defect 4: an event stream's body is read under the same cap as any answer, per event:
 * an event that never ends (no blank line) is refused once it passes MAX_SERVICE_BODY_BYTES,
 * instead of growing in memory for as long as the service sends.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../src/service/errors/service-error.js';
import { MAX_SERVICE_BODY_BYTES } from '../../../src/service/outbound/body-limit.js';
import { createResearchClient, type ResearchClient } from '../../../src/service/research-client.js';
import { fastTestRetryPolicy } from '../../../src/service/retry-policy.js';
import { buildEvent, sendJson, sseData, startCraftedServer, type CraftedServer } from '../crafted-server.js';

const EVENTS_PATH = '/v1/agent/conversations/7/messages/am-1';
const ENDLESS = 3 * MAX_SERVICE_BODY_BYTES;
const CHUNK = Buffer.alloc(64 * 1024, 'x');

let server: CraftedServer;
let client: ResearchClient;
/** Per connection: the bytes of the endless event it got out before the client hung up. */
const sentPerConnection: Array<Promise<number>> = [];

function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** One good event, then one `data:` line that goes on for ENDLESS bytes without a line end. */
async function endlessEvent(res: ServerResponse): Promise<number> {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.write(sseData(buildEvent(1, 'init')));
  res.write('data: ');
  let closed = false;
  res.on('close', () => {
    closed = true;
  });
  let sent = 0;
  while (sent < ENDLESS && !closed) {
    sent += CHUNK.length;
    if (!res.write(CHUNK)) await drainedOrClosed(res);
  }
  if (!closed) res.end();
  return sent;
}

beforeAll(async () => {
  server = await startCraftedServer(async (req, res) => {
    if (req.url.pathname === EVENTS_PATH) {
      const sent = endlessEvent(res);
      sentPerConnection.push(sent);
      return sent.then(() => undefined);
    }
    if (req.url.pathname === '/v1/agent/conversations/7/messages') {
      return sendJson(res, 200, {
        messages: [
          { id: 2, conversation_id: 7, role: 'assistant', status: 'running', assistant_message_id: 'am-1', reply_to_message_id: 1 },
        ],
      });
    }
    sendJson(res, 404, { detail: 'Not Found' });
  });
  client = createResearchClient({
    baseUrl: server.url,
    apiKey: 'sk-stream-cap-key',
    retry: fastTestRetryPolicy,
    streamReconnect: { maxAttempts: 2, minDelayMs: 5, maxDelayMs: 20, idleTimeoutMs: 30_000 },
  });
});
afterAll(async () => {
  await client.close();
  await server.close();
});

describe('an event stream under the body cap', () => {
  it('refuses an event that passes the cap, without reading the rest or reconnecting', async () => {
    const got: number[] = [];
    const error = await (async () => {
      for await (const event of client.streamEvents('7', 'am-1')) got.push(event.offset ?? -1);
    })().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(got).toEqual([1]);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).kind).toBe('bad_response');
    expect((error as ServiceError).message).toMatch(/larger than/);
    expect(sentPerConnection).toHaveLength(1);
    expect(await sentPerConnection[0]).toBeLessThan(ENDLESS);
  });
});
