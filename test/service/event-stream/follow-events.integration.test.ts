import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import { createResearchClient, type ResearchClient } from '../../../src/service/research-client.js';
import { fastTestRetryPolicy } from '../../../src/service/retry-policy.js';
import { ServiceError } from '../../../src/service/errors/service-error.js';
import { createEventCursor } from '../../../src/service/event-stream/event-cursor.js';
import type { EventStreamStats, WorkflowStreamEvent } from '../../../src/service/types.js';
import {
  buildEvent,
  nextTurn,
  sendJson,
  sseData,
  startCraftedServer,
  writeFlushed,
  type CraftedServer,
  type SeenRequest,
} from '../crafted-server.js';

const EVENTS_PATH = '/v1/agent/conversations/7/messages/am-1';
const MESSAGES_PATH = '/v1/agent/conversations/7/messages';

/** How the server answers endpoint 15 for the n-th connection (0-based). */
let onEvents: (req: SeenRequest, res: ServerResponse, n: number) => void | Promise<void>;
let onChat: (req: SeenRequest, res: ServerResponse) => void | Promise<void>;
let messageStatus = 'running';
let server: CraftedServer;
let client: ResearchClient;

const openSse = (res: ServerResponse, headers: Record<string, string> = {}): void => {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...headers });
  res.flushHeaders();
};
const eventConnections = (): SeenRequest[] => server.requests.filter((r) => r.url.pathname === EVENTS_PATH);
const fromOffsets = (): Array<string | null> => eventConnections().map((r) => r.url.searchParams.get('from_offset'));

async function collect(stream: AsyncIterable<WorkflowStreamEvent>): Promise<WorkflowStreamEvent[]> {
  const out: WorkflowStreamEvent[] = [];
  for await (const e of stream) out.push(e);
  return out;
}

beforeAll(async () => {
  server = await startCraftedServer(async (req, res) => {
    if (req.url.pathname === EVENTS_PATH) return onEvents(req, res, eventConnections().length - 1);
    if (req.url.pathname === MESSAGES_PATH) {
      return sendJson(res, 200, {
        messages: [
          { id: 2, conversation_id: 7, role: 'assistant', status: messageStatus, assistant_message_id: 'am-1', reply_to_message_id: 1 },
        ],
      });
    }
    if (req.url.pathname === '/v1/agent/conversations/7/chat') return onChat(req, res);
    sendJson(res, 404, { detail: 'Not Found' });
  });
  client = createResearchClient({
    baseUrl: server.url,
    apiKey: 'sk-stream-test-key',
    retry: fastTestRetryPolicy,
    streamReconnect: { maxAttempts: 4, minDelayMs: 5, maxDelayMs: 20, idleTimeoutMs: 30_000 },
  });
});

afterAll(async () => {
  await client.close();
  await server.close();
});

beforeEach(() => {
  server.requests.length = 0;
  messageStatus = 'running';
});

describe('event stream pipeline', () => {
  it('reads events split at every byte, with CRLF, comments and multi-byte text', async () => {
    const events = [buildEvent(10, 'init'), buildEvent(13, 'streaming', { content: '贵州茅台营收' }), buildEvent(20, 'workflow_end')];
    const wire = `: connected\r\n\r\n${events.map((e) => sseData(e, '\r\n')).join(': ping\r\n\r\n')}`;
    onEvents = async (_req, res) => {
      openSse(res);
      for (const byte of Buffer.from(wire, 'utf8')) {
        res.write(Buffer.from([byte]));
        if (byte === 0x0a) await nextTurn();
      }
      res.end();
    };
    let stats: EventStreamStats | undefined;
    const got = await collect(client.streamEvents('7', 'am-1', { onStats: (s) => (stats = s) }));
    expect(got.map((e) => e.offset)).toEqual([10, 13, 20]);
    expect(got[1]?.content).toBe('贵州茅台营收');
    expect(stats).toMatchObject({ delivered: 3, heartbeats: 3, malformed: 0, connections: 1, reconnects: 0 });
  });

  it('skips and counts malformed payloads, drops duplicates, passes a lower offset never seen (late, not a repeat)', async () => {
    onEvents = (_req, res) => {
      openSse(res);
      res.write(sseData(buildEvent(1, 'init')));
      res.write('data: {not json\n\n');
      res.write(sseData({ event_type: 'streaming', offset: 2 })); // missing required fields
      res.write(sseData(buildEvent(3)));
      res.write(sseData(buildEvent(3)));
      res.write(sseData(buildEvent(2)));
      res.write('event: ping\ndata: {}\n\n');
      res.write(sseData(buildEvent(undefined, 'usage', { event_id: 'u1' })));
      res.write(sseData(buildEvent(undefined, 'usage', { event_id: 'u1' })));
      res.write(sseData(buildEvent(8, 'workflow_end')));
      res.end();
    };
    const stream = client.streamEvents('7', 'am-1');
    const got = await collect(stream);
    expect(got.map((e) => `${e.event_type}@${e.offset ?? '-'}`)).toEqual([
      'init@1',
      'streaming@3',
      'streaming@2',
      'usage@-',
      'workflow_end@8',
    ]);
    expect(stream.stats).toMatchObject({ malformed: 2, duplicates: 2, heartbeats: 1, delivered: 5 });
  });

  it('reconnects after mid-run drops from the last offset + 1 and yields each event once', async () => {
    const all = [0, 2, 5, 6, 9, 14, 15, 21].map((o, i, arr) => buildEvent(o, i === arr.length - 1 ? 'workflow_end' : 'streaming'));
    onEvents = async (req, res, n) => {
      const from = Number(req.url.searchParams.get('from_offset'));
      openSse(res);
      // The service repeats the event just before from_offset (overlap) and drops after 2 events.
      const rest = all.filter((e) => (e.offset as number) >= from - 1);
      for (const e of rest.slice(0, n < 3 ? 3 : undefined)) await writeFlushed(res, sseData(e));
      if (n < 3) res.destroy();
      else res.end();
    };
    const stream = client.streamEvents('7', 'am-1');
    const got = await collect(stream);
    expect(got.map((e) => e.offset)).toEqual([0, 2, 5, 6, 9, 14, 15, 21]);
    expect(fromOffsets()).toEqual(['0', '6', '10', '16']);
    expect(stream.stats.reconnects).toBe(3);
  });

  it('ends a cleanly closed run once the stream has nothing new and the message is completed', async () => {
    onEvents = (req, res) => {
      openSse(res);
      if (req.url.searchParams.get('from_offset') === '0') res.write(sseData(buildEvent(4, 'init')) + sseData(buildEvent(5)));
      res.end();
    };
    messageStatus = 'completed';
    const got = await collect(client.streamEvents('7', 'am-1'));
    expect(got.map((e) => e.offset)).toEqual([4, 5]);
    expect(fromOffsets()).toEqual(['0', '6']);
    expect(server.requests.filter((r) => r.url.pathname === MESSAGES_PATH)).toHaveLength(1);
  });

  it('keeps following a run that is still going after a clean close', async () => {
    onEvents = (_req, res, n) => {
      openSse(res);
      if (n === 0) res.write(sseData(buildEvent(1, 'init')));
      if (n === 2) res.write(sseData(buildEvent(2, 'workflow_end')));
      res.end();
    };
    const got = await collect(client.streamEvents('7', 'am-1'));
    expect(got.map((e) => e.event_type)).toEqual(['init', 'workflow_end']);
    expect(eventConnections()).toHaveLength(3);
  });

  it('delivers events that trail the run’s end, then ends on the clean close without asking again', async () => {
    onEvents = (_req, res) => {
      openSse(res);
      res.end(sseData(buildEvent(1, 'init')) + sseData(buildEvent(5, 'workflow_end')) + sseData(buildEvent(6, 'usage')));
    };
    const got = await collect(client.streamEvents('7', 'am-1'));
    expect(got.map((e) => e.event_type)).toEqual(['init', 'workflow_end', 'usage']);
    expect(eventConnections()).toHaveLength(1);
    expect(server.requests.filter((r) => r.url.pathname === MESSAGES_PATH)).toHaveLength(0);
  });

  it('delivers a non-fatal error and what follows it; after a final error the message list ends the stream', async () => {
    onEvents = (req, res, n) => {
      openSse(res);
      if (n === 0) {
        res.end(
          sseData(buildEvent(1, 'init')) + sseData(buildEvent(2, 'error', { error: { message: 'retrying' } })) + sseData(buildEvent(3)),
        );
        return;
      }
      if (n === 1) {
        expect(req.url.searchParams.get('from_offset')).toBe('4');
        res.end(sseData(buildEvent(4, 'error', { error: { message: 'gave up' } })));
        return;
      }
      res.end();
    };
    const stream = client.streamEvents('7', 'am-1');
    const first = await stream[Symbol.asyncIterator]().next();
    expect(first.value?.event_type).toBe('init');
    messageStatus = 'failed';
    const got = await collect(stream);
    expect(got.map((e) => `${e.event_type}@${e.offset}`)).toEqual(['error@2', 'streaming@3', 'error@4']);
    // Each clean close mid-run reconnects; the last one finds nothing new and a failed message.
    expect(fromOffsets()).toEqual(['0', '4', '5']);
    expect(server.requests.filter((r) => r.url.pathname === MESSAGES_PATH)).toHaveLength(1);
  });

  it('gives up after the bounded attempts without progress', async () => {
    onEvents = (_req, res) => sendJson(res, 503, { detail: 'down' });
    const error = await collect(client.streamEvents('7', 'am-1')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ kind: 'upstream', status: 503 });
    expect(eventConnections()).toHaveLength(4);
  });

  it('stops at once on auth or not-found errors', async () => {
    onEvents = (_req, res) => sendJson(res, 404, { detail: 'message not found' });
    const error = await collect(client.streamEvents('7', 'am-1')).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'not_found' });
    expect(eventConnections()).toHaveLength(1);
  });

  it('passes events without offsets through in order and resumes from the last offset', async () => {
    onEvents = async (req, res, n) => {
      openSse(res);
      if (n === 0) {
        await writeFlushed(res, sseData(buildEvent(3, 'init')) + sseData(buildEvent(undefined, 'usage', { event_id: 'no-offset' })));
        res.destroy();
        return;
      }
      expect(req.url.searchParams.get('from_offset')).toBe('4');
      res.end(sseData(buildEvent(undefined, 'usage', { event_id: 'no-offset' })) + sseData(buildEvent(7, 'cancel')));
    };
    const got = await collect(client.streamEvents('7', 'am-1'));
    expect(got.map((e) => e.event_id)).toEqual(['ev-3', 'no-offset', 'ev-7']);
  });

  it('ends with cancelled when the caller aborts, and on break releases the connection', async () => {
    // The server writes the next event only once the reader took the last one (or went away):
    // what is in flight when the reader stops never depends on timing.
    let taken: () => void = () => undefined;
    onEvents = async (_req, res) => {
      openSse(res);
      for (let o = 0; o < 200 && !res.destroyed; o += 1) {
        const next = new Promise<void>((resolve) => {
          taken = resolve;
          res.once('close', resolve);
        });
        res.write(sseData(buildEvent(o)));
        await next;
      }
      res.end();
    };
    const controller = new AbortController();
    const seen: number[] = [];
    const error = await (async () => {
      for await (const e of client.streamEvents('7', 'am-1', { signal: controller.signal })) {
        seen.push(e.offset ?? -1);
        if (seen.length === 3) controller.abort();
        taken();
      }
    })().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'cancelled' });
    expect(seen).toEqual([0, 1, 2]);

    for await (const e of client.streamEvents('7', 'am-1')) {
      if (e.offset === 1) break;
      taken();
    }
    expect(eventConnections()).toHaveLength(2);
  });
});

describe('one cursor across the reads of a run', () => {
  it('a re-read and the stream after it hand each event once, resuming where the cursor stands', async () => {
    onEvents = async (req, res) => {
      if (req.url.searchParams.get('stream') === 'false') {
        sendJson(res, 200, { assistant_events: [buildEvent(1, 'init'), buildEvent(2), buildEvent(3)] });
        return;
      }
      openSse(res);
      // The service repeats the event just before from_offset on resume.
      res.end(sseData(buildEvent(3)) + sseData(buildEvent(4)) + sseData(buildEvent(5, 'workflow_end')));
    };
    const cursor = createEventCursor();
    const listed = await client.listEvents('7', 'am-1', { cursor });
    expect(listed.map((e) => e.offset)).toEqual([1, 2, 3]);
    expect(cursor.lastOffset).toBe(3);
    const stream = client.streamEvents('7', 'am-1', { cursor });
    const followed = await collect(stream);
    expect(followed.map((e) => e.offset)).toEqual([4, 5]);
    expect(fromOffsets()).toEqual(['0', '4']);
    expect(stream.stats).toMatchObject({ delivered: 2, duplicates: 1 });
    expect(cursor.lastOffset).toBe(5);
  });
});

describe('chat', () => {
  it('reads the assistant message id from any X-…-ASSISTANT-MESSAGE-ID header and continues after a drop', async () => {
    onChat = async (req, res) => {
      expect(JSON.parse(req.body)).toEqual({ message: '茅台怎么样', documents: [{ doc_id: 'd1', doc_title: 'T' }], stream: true });
      openSse(res, { 'X-Acme-Research-Assistant-Message-Id': 'am-1' });
      await writeFlushed(res, sseData(buildEvent(100, 'init')) + sseData(buildEvent(104, 'workflow_start')));
      res.destroy();
    };
    onEvents = (req, res) => {
      openSse(res);
      expect(req.url.searchParams.get('from_offset')).toBe('105');
      res.end(sseData(buildEvent(104, 'workflow_start')) + sseData(buildEvent(110, 'workflow_end')));
    };
    const started = await client.chat({ conversationId: '7', message: '茅台怎么样', documents: [{ docId: 'd1', docTitle: 'T' }] });
    expect(started.assistantMessageId).toBe('am-1');
    const got = await collect(started.events);
    expect(got.map((e) => e.offset)).toEqual([100, 104, 110]);
    expect(started.stats).toMatchObject({ connections: 2, reconnects: 1, duplicates: 1 });
  });

  it('fails with bad_response when the header is missing', async () => {
    onChat = (_req, res) => {
      openSse(res);
      res.end(sseData(buildEvent(1, 'init')));
    };
    const error = await client.chat({ conversationId: '7', message: 'x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'bad_response' });
  });
});

describe('listEvents', () => {
  it('reads the stream=false JSON form, skipping malformed items', async () => {
    onEvents = (req, res) => {
      expect(req.url.searchParams.get('stream')).toBe('false');
      sendJson(res, 200, {
        assistant_events: [buildEvent(5, 'init'), { junk: true }, buildEvent(5, 'init'), buildEvent(9, 'workflow_end')],
      });
    };
    let stats: EventStreamStats | undefined;
    const got = await client.listEvents('7', 'am-1', { fromOffset: 5, onStats: (s) => (stats = s) });
    expect(got.map((e) => e.offset)).toEqual([5, 9]);
    expect(stats).toMatchObject({ malformed: 1, duplicates: 1, delivered: 2 });
    expect(server.requests[0]!.url.searchParams.get('from_offset')).toBe('5');
  });
});
