/**
 * The client against the service emulator in its `published` variant, whose agent stream is framed
 * as the real service's (src/emulators/service/stream-framing.ts): data lines only, tool_end
 * without an offset, init with run_id "", usage after workflow_end, ids beyond 2^53. Every event
 * must arrive once, in order, across dropped connections, and the ids must stay exact.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../../src/emulators/service/index.js';
import { createResearchClient, type ResearchClient } from '../../../src/service/research-client.js';
import { fastTestRetryPolicy } from '../../../src/service/retry-policy.js';
import type { EventStreamStats, WorkflowStreamEvent } from '../../../src/service/types.js';

let em: ServiceEmulator;
let client: ResearchClient;

beforeAll(async () => {
  em = await startServiceEmulator({ variant: 'published', agentSpeed: 200 });
  client = createResearchClient({
    baseUrl: em.url,
    apiKey: em.apiKey,
    retry: fastTestRetryPolicy,
    streamReconnect: { maxAttempts: 8, minDelayMs: 5, maxDelayMs: 20, idleTimeoutMs: 10_000 },
  });
});
afterEach(() => {
  em.setFaults({});
  em.setVariant('published');
});
afterAll(async () => {
  await client.close();
  await em.close();
});

const TWO_TO_53 = 2n ** 53n;
const auth = () => ({ authorization: `Bearer ${em.apiKey}`, 'content-type': 'application/json' });
const label = (e: WorkflowStreamEvent): string => `${e.event_type}@${e.offset ?? '-'}#${e.event_id}`;

async function collect(stream: AsyncIterable<WorkflowStreamEvent>): Promise<WorkflowStreamEvent[]> {
  const out: WorkflowStreamEvent[] = [];
  for await (const e of stream) out.push(e);
  return out;
}

/** One whole run through the client: the live events (chat + reconnects) and the service's record of them. */
async function runThroughClient(question: string) {
  const conversation = await client.createConversation({ title: question });
  let stats: EventStreamStats | undefined;
  const started = await client.chat({ conversationId: conversation.id, message: question }, { onStats: (s) => (stats = s) });
  const live = await collect(started.events);
  const recorded = await client.listEvents(conversation.id, started.assistantMessageId, { fromOffset: 0 });
  return { conversation, assistantMessageId: started.assistantMessageId, live, recorded, stats: stats! };
}

describe('the published framing on the wire', () => {
  it('streams data lines and blank lines only, names the message in the published header, writes big ids as JSON integers', async () => {
    const created = await fetch(`${em.url}/v1/agent/conversations`, { method: 'POST', headers: auth(), body: '{"title":"wire"}' });
    const createdText = await created.text();
    const id = /"id":(\d+)/.exec(createdText)?.[1] ?? '';
    expect(BigInt(id)).toBeGreaterThan(TWO_TO_53);

    const chat = await fetch(`${em.url}/v1/agent/conversations/${id}/chat`, {
      method: 'POST',
      headers: auth(),
      body: JSON.stringify({ message: '贵州茅台的资产负债情况' }),
    });
    expect(chat.headers.get('x-reportify-assistant-message-id')).toMatch(/^am_/);
    const wire = await chat.text();
    const lines = wire.split('\n');
    expect(lines.filter((line) => line.startsWith('data: ')).length).toBeGreaterThan(0);
    expect(lines.every((line) => line === '' || line.startsWith('data: '))).toBe(true);
    const events = lines.filter((l) => l !== '').map((l) => JSON.parse(l.slice(6)) as Record<string, unknown>);
    expect(events[0]).toMatchObject({ event_type: 'init', run_id: '' });
    const toolEnds = events.filter((e) => e.event_type === 'tool_end');
    expect(toolEnds.length).toBeGreaterThan(0);
    expect(toolEnds.every((e) => !('offset' in e))).toBe(true);
    expect(events.map((e) => e.event_type).slice(-2)).toEqual(['workflow_end', 'usage']);

    const messages = await (await fetch(`${em.url}/v1/agent/conversations/${id}/messages`, { headers: auth() })).text();
    const messageIds = [...messages.matchAll(/"id":(\d+)/g)].map((m) => BigInt(m[1]!));
    expect(messageIds).toHaveLength(2);
    for (const big of messageIds) expect(big).toBeGreaterThan(TWO_TO_53);
  });

  it('re-sends an offset-less event to a reader resuming right after the event before it, and only then', async () => {
    const { conversation, assistantMessageId, recorded } = await runThroughClient('宁德时代的现金流怎么样？');
    const at = recorded.findIndex((e) => e.event_type === 'tool_end');
    const before = recorded[at - 1]!.offset!;
    const from = async (offset: number) =>
      (await client.listEvents(conversation.id, assistantMessageId, { fromOffset: offset })).map((e) => e.event_id);
    expect((await from(before + 1))[0]).toBe(recorded[at]!.event_id);
    expect(await from(before + 2)).not.toContain(recorded[at]!.event_id);
  });

  it('the document framing names the message in the interface document’s header', async () => {
    em.setVariant('latest');
    const conversation = await client.createConversation({ title: 'document' });
    const chat = await fetch(`${em.url}/v1/agent/conversations/${conversation.id}/chat`, {
      method: 'POST',
      headers: auth(),
      body: JSON.stringify({ message: '腾讯 游戏' }),
    });
    expect(chat.headers.get('x-service-assistant-message-id')).toMatch(/^am_/);
    await chat.text();
    expect(BigInt(conversation.id)).toBeLessThan(TWO_TO_53);
  });
});

describe('the client on the published framing', () => {
  it('hands every event once, in order, as the service records them; ids stay exact text', async () => {
    const { conversation, assistantMessageId, live, recorded } = await runThroughClient('贵州茅台的资产负债情况');
    expect(BigInt(conversation.id)).toBeGreaterThan(TWO_TO_53);
    expect(live.map(label)).toEqual(recorded.map(label));
    expect(new Set(live.map((e) => e.event_id)).size).toBe(live.length);
    expect(live.filter((e) => e.event_type === 'tool_end' && e.offset === undefined).length).toBeGreaterThan(0);
    expect(live[0]).toMatchObject({ event_type: 'init' });
    expect(live[0]?.run_id).toBeUndefined();
    expect(live.map((e) => e.event_type).slice(-2)).toEqual(['workflow_end', 'usage']);

    const messages = await client.listMessages(conversation.id);
    const answer = messages.find((m) => m.assistantMessageId === assistantMessageId)!;
    const question = messages.find((m) => m.role === 'user')!;
    expect(answer.replyToMessageId).toBe(question.id);
    expect(BigInt(answer.id) - BigInt(question.id)).toBe(1n);
    expect(answer.conversationId).toBe(conversation.id);
  });

  it.each([3, 7, 12])('resumes exactly after connections dropped every %i events (with repeats and junk lines)', async (drop) => {
    em.setFaults({ dropStreamAfterEvents: drop, duplicateEventEvery: 2, malformedEventEvery: 3 });
    const { live, recorded, stats } = await runThroughClient('Explain NVIDIA data-center revenue trends');
    expect(live.map(label)).toEqual(recorded.map(label));
    expect(stats.reconnects).toBeGreaterThan(2);
    expect(stats.duplicates).toBeGreaterThan(0);
    expect(stats.malformed).toBeGreaterThan(0);
  });

  it('a non-fatal error mid-run is delivered and the run goes on to its end', async () => {
    const { live, recorded } = await runThroughClient('贵州茅台 [hiccup]');
    expect(live.map(label)).toEqual(recorded.map(label));
    const error = live.findIndex((e) => e.event_type === 'error');
    expect(error).toBeGreaterThan(0);
    expect(live.slice(error + 1).map((e) => e.event_type)).toContain('tool_end');
    expect(live.map((e) => e.event_type).slice(-2)).toEqual(['workflow_end', 'usage']);
  });

  it('a run that fails ends its stream after the error, once the service says the run is over', async () => {
    const { conversation, assistantMessageId, live, recorded } = await runThroughClient('贵州茅台 [error]');
    expect(live.map(label)).toEqual(recorded.map(label));
    expect(live.at(-1)?.event_type).toBe('error');
    const messages = await client.listMessages(conversation.id);
    expect(messages.find((m) => m.assistantMessageId === assistantMessageId)?.status).toBe('failed');
  });

  it('reads 400 "Invalid conversation_id" for an unknown conversation or message as not found', async () => {
    const conversation = await client.createConversation({ title: 'known' });
    const notFound = { kind: 'not_found', status: 400, serviceDetail: 'Invalid conversation_id' };
    await expect(client.getConversation('1197862772277383999')).rejects.toMatchObject(notFound);
    await expect(client.listMessages('1197862772277383999')).rejects.toMatchObject(notFound);
    await expect(client.listEvents(conversation.id, 'am_missing')).rejects.toMatchObject(notFound);
    await expect(client.cancelRun(conversation.id, 'am_missing')).rejects.toMatchObject(notFound);
    await expect(collect(client.streamEvents(conversation.id, 'am_missing'))).rejects.toMatchObject(notFound);
  });
});
