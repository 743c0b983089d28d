import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../../src/emulators/service/index.js';
import { assistantMessageIdOf, buildHttp, readSse } from './emulator-http.js';

let em: ServiceEmulator;
let http: ReturnType<typeof buildHttp>;
/** Latency waits the emulator asked for, each held until the test releases it. */
const waits: Array<{ ms: number; release: () => void }> = [];

beforeAll(async () => {
  em = await startServiceEmulator({
    agentSpeed: 200,
    sleep: (ms) => new Promise<void>((release) => waits.push({ ms, release })),
  });
  http = buildHttp(em);
});
afterEach(() => em.setFaults({}));
afterAll(async () => {
  await em.close();
});

/** Yields to the event loop until `condition` holds (each turn lets pending I/O run). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

async function chatEvents(message: string) {
  const conv = await http.post('/v1/agent/conversations', {});
  const res = await fetch(`${em.url}/v1/agent/conversations/${conv.body.id}/chat`, {
    method: 'POST',
    headers: http.headers,
    body: JSON.stringify({ message }),
  });
  return readSse(res);
}

describe('fault switches', () => {
  it('latencyMs delays every response', async () => {
    em.setFaults({ latencyMs: 150 });
    let answered = false;
    const response = http.get('/v1/concepts/latest').finally(() => {
      answered = true;
    });
    // The emulator waits before answering: the wait it asked for is seen, not timed.
    await until(() => waits.length === 1);
    expect(waits[0]?.ms).toBe(150);
    expect(answered).toBe(false);
    waits[0]?.release();
    expect((await response).status).toBe(200);
  });

  it('errorRate answers 5xx with a JSON detail', async () => {
    em.setFaults({ errorRate: 1 });
    const statuses = new Set<number>();
    for (let i = 0; i < 12; i++) {
      const res = await http.get('/v1/concepts/latest');
      statuses.add(res.status);
      expect(typeof res.body.detail).toBe('string');
    }
    for (const s of statuses) expect([500, 502, 503]).toContain(s);
  });

  it('rateLimitEvery answers every Nth request 429 with Retry-After', async () => {
    em.setFaults({ rateLimitEvery: 3, retryAfterSeconds: 4 });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await http.get('/v1/concepts/latest');
      statuses.push(res.status);
      if (res.status === 429) expect(res.headers.get('retry-after')).toBe('4');
    }
    expect(statuses).toEqual([200, 200, 429, 200, 200, 429]);
  });

  it('dropStreamAfterEvents cuts the SSE connection; the run goes on and can be resumed', async () => {
    em.setFaults({ dropStreamAfterEvents: 5 });
    const conv = await http.post('/v1/agent/conversations', {});
    const res = await fetch(`${em.url}/v1/agent/conversations/${conv.body.id}/chat`, {
      method: 'POST',
      headers: http.headers,
      body: JSON.stringify({ message: '苹果 iPhone' }),
    });
    const messageId = assistantMessageIdOf(res.headers);
    expect(messageId).toBeDefined();
    const first = await readSse(res);
    expect(first.events).toHaveLength(5);
    expect(first.dropped).toBe(true);
    em.setFaults({});
    const rest = await readSse(
      await fetch(`${em.url}/v1/agent/conversations/${conv.body.id}/messages/${messageId}?from_offset=${first.events[4].offset + 1}`, {
        headers: http.headers,
      }),
    );
    expect(rest.events[0].offset).toBeGreaterThan(first.events[4].offset);
    expect(rest.events.pop().event_type).toBe('workflow_end');
  });

  it('malformedEventEvery adds broken lines without losing events', async () => {
    const clean = await chatEvents('Microsoft Azure');
    em.setFaults({ malformedEventEvery: 4 });
    const noisy = await chatEvents('Microsoft Azure');
    expect(noisy.malformed.length).toBeGreaterThan(5);
    expect(noisy.events.length).toBe(clean.events.length);
  });

  it('duplicateEventEvery sends some events twice', async () => {
    em.setFaults({ duplicateEventEvery: 3 });
    const { events } = await chatEvents('Amazon AWS');
    const ids = events.map((e) => e.event_id);
    expect(ids.length - new Set(ids).size).toBeGreaterThan(5);
    expect(events.pop().event_type).toBe('workflow_end');
  });

  /** A run's live events (the chat stream) and its log as a stream=false read returns it. */
  async function liveAndLogged(message: string) {
    const conv = await http.post('/v1/agent/conversations', {});
    const res = await fetch(`${em.url}/v1/agent/conversations/${conv.body.id}/chat`, {
      method: 'POST',
      headers: http.headers,
      body: JSON.stringify({ message }),
    });
    const messageId = assistantMessageIdOf(res.headers);
    const live = (await readSse(res)).events as Array<{ event_id: string; offset: number }>;
    const logged = await http.get(`/v1/agent/conversations/${conv.body.id}/messages/${messageId}?stream=false`);
    return { live, logged: logged.body.assistant_events as Array<{ event_id: string; offset: number }> };
  }

  it('reorderEventEvery sends every Nth event after the next one; the log keeps offset order', async () => {
    em.setFaults({ reorderEventEvery: 4 });
    const { live, logged } = await liveAndLogged('Tesla deliveries');
    const offsets = live.map((e) => e.offset);
    const backwards = offsets.filter((o, i) => i > 0 && o < (offsets[i - 1] ?? 0));
    expect(backwards.length).toBeGreaterThan(3);
    expect([...offsets].sort((a, b) => a - b)).toEqual(logged.map((e) => e.offset));
  });

  it('skipLiveEventEvery leaves every Nth event out of the live stream; the log keeps it', async () => {
    em.setFaults({ skipLiveEventEvery: 5 });
    const { live, logged } = await liveAndLogged('Apple services');
    expect(live.length).toBe(logged.length - Math.floor(logged.length / 5));
    const liveIds = new Set(live.map((e) => e.event_id));
    expect(logged.filter((e) => !liveIds.has(e.event_id)).length).toBe(Math.floor(logged.length / 5));
  });

  it('records every request in the request log', async () => {
    const before = em.requestLog.length;
    await http.get('/v1/concepts/latest');
    await fetch(`${em.url}/v1/concepts/latest`);
    const added = em.requestLog.slice(before);
    expect(added.map((r) => [r.method, r.path, r.status])).toEqual([
      ['GET', '/v1/concepts/latest', 200],
      ['GET', '/v1/concepts/latest', 401],
    ]);
  });
});

describe('close', () => {
  it('ends running runs and open streams', async () => {
    const slow = await startServiceEmulator({ agentSpeed: 1 });
    const h = buildHttp(slow);
    const conv = await h.post('/v1/agent/conversations', {});
    const res = await fetch(`${slow.url}/v1/agent/conversations/${conv.body.id}/chat`, {
      method: 'POST',
      headers: h.headers,
      body: JSON.stringify({ message: '[slow] 小米汽车' }),
    });
    let firstEvent: () => void = () => undefined;
    const running = new Promise<void>((resolve) => {
      firstEvent = resolve;
    });
    const reading = readSse(res, () => firstEvent());
    // The run is under way once its first event arrived; close must end it, not wait for it.
    await running;
    await slow.close();
    const result = await reading;
    expect(result.events.length).toBeGreaterThan(0);
    expect(result.events.some((e) => e.event_type === 'workflow_end')).toBe(false);
  });
});

describe('reflectCredentials', () => {
  it('echoes the request’s key and headers in every error body: plain, validation (422) and injected', async () => {
    em.setFaults({ reflectCredentials: true });
    const notFound = await http.get('/v1/docs/doc_does_not_exist');
    const invalid = await http.post('/v1/agent/conversations/not-a-number/chat', { message: 'hi' });
    expect(notFound.status).toBe(404);
    expect(notFound.body.detail).toContain(`request api key ${em.apiKey}`);
    expect(invalid.status).toBe(422);
    expect(JSON.stringify(invalid.body.detail)).toContain(`Bearer ${em.apiKey}`);
    em.setFaults({ reflectCredentials: true, errorRate: 1 });
    expect((await http.get('/v1/concepts/latest')).body.detail).toContain(em.apiKey);
    // Answers that succeed are unchanged.
    em.setFaults({ reflectCredentials: true });
    expect(JSON.stringify((await http.get('/v1/concepts/latest')).body)).not.toContain(em.apiKey);
  });

  it('echoes them in the message of every agent error event, and in no other event', async () => {
    em.setFaults({ reflectCredentials: true });
    const { events } = await chatEvents('[error] What is Apple’s cash position?');
    const errors = events.filter((e) => e.event_type === 'error');
    expect(errors.length).toBeGreaterThan(0);
    for (const e of errors) expect(e.error.message).toContain(`request api key ${em.apiKey}`);
    expect(JSON.stringify(events.filter((e) => e.event_type !== 'error'))).not.toContain(em.apiKey);
  });
});
