/**
 * The service emulator with a state file (playground mode): what one start did is there at the
 * next, and a run interrupted by a restart goes on in the same message, offsets continuing.
 * Progress is held with pauseAgentRuns (and a "[slow]" step far longer than the part read), never
 * measured.
 */
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServiceEmulator, type ServiceEmulator } from '../../../src/emulators/service/index.js';
import { assistantMessageIdOf, buildHttp, readSse } from './emulator-http.js';

const QUESTION = "[slow] What is Moutai's cash position?";
const FAST = 500;

let dir: string;
let stateFile: string;
const started: ServiceEmulator[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'service-state-'));
  stateFile = path.join(dir, 'playground', 'service.json');
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((em) => em.close()));
  await rm(dir, { recursive: true, force: true });
});

async function start(opts: { stateFile?: string; agentSpeed: number }): Promise<ServiceEmulator> {
  const em = await startServiceEmulator(opts);
  started.push(em);
  return em;
}

interface StartedRun {
  conversationId: string;
  messageId: string;
}

/** Creates a conversation and asks QUESTION; reads the stream until `stopAt` says so (then pauses runs), or to its end. */
// biome-ignore lint/suspicious/noExplicitAny: raw events of the emulator under test
async function askAndRead(em: ServiceEmulator, stopAt?: (e: any) => boolean): Promise<StartedRun & { events: any[] }> {
  const http = buildHttp(em);
  const conv = await http.post('/v1/agent/conversations', { title: 'restart', conversation_type: 'agent_chat' });
  expect(conv.status).toBe(200);
  const ac = new AbortController();
  const res = await fetch(`${em.url}/v1/agent/conversations/${conv.body.id}/chat`, {
    method: 'POST',
    headers: http.headers,
    body: JSON.stringify({ message: QUESTION, stream: true }),
    signal: ac.signal,
  });
  const read = await readSse(res, (e) => {
    if (stopAt?.(e)) {
      em.pauseAgentRuns();
      ac.abort();
    }
  });
  return { conversationId: String(conv.body.id), messageId: assistantMessageIdOf(res.headers) ?? '', events: read.events };
}

/** Follows a run by offset from `fromOffset` to its end. */
// biome-ignore lint/suspicious/noExplicitAny: raw events of the emulator under test
async function followRun(em: ServiceEmulator, run: StartedRun, fromOffset: number): Promise<any[]> {
  const res = await fetch(`${em.url}/v1/agent/conversations/${run.conversationId}/messages/${run.messageId}?from_offset=${fromOffset}`, {
    headers: buildHttp(em).headers,
  });
  expect(res.status).toBe(200);
  return (await readSse(res)).events;
}

// biome-ignore lint/suspicious/noExplicitAny: raw events of the emulator under test
async function storedEvents(em: ServiceEmulator, run: StartedRun): Promise<any[]> {
  const res = await buildHttp(em).get(`/v1/agent/conversations/${run.conversationId}/messages/${run.messageId}?stream=false`);
  expect(res.status).toBe(200);
  return res.body.assistant_events;
}

// biome-ignore lint/suspicious/noExplicitAny: raw events of the emulator under test
const sameRun = (events: any[]) => events.map((e) => ({ id: e.event_id, type: e.event_type, offset: e.offset, content: e.content }));

async function assistantMessage(em: ServiceEmulator, run: StartedRun) {
  const res = await buildHttp(em).get(`/v1/agent/conversations/${run.conversationId}/messages`);
  expect(res.status).toBe(200);
  return res.body.messages.find((m: { assistant_message_id: string | null }) => m.assistant_message_id === run.messageId);
}

describe('a state file', () => {
  it('continues a run interrupted by a restart in the same message, from the next offset', async () => {
    const baseline = await start({ agentSpeed: FAST });
    const uninterrupted = await askAndRead(baseline);

    const first = await start({ stateFile, agentSpeed: 5 });
    const folder = await buildHttp(first).post('/v1/docs/folder/create', { name: 'kept' });
    expect(folder.body.folder_id).toBe('fld_000001');
    const deleted = await buildHttp(first).del('/v1/docs/folder/delete', { folder_id: 'fld_watchlist' });
    expect(deleted.body.doc_ids.length).toBeGreaterThan(0);
    const partial = await askAndRead(first, (e) => e.event_type === 'tool_start');
    expect(partial.messageId).toBe(uninterrupted.messageId);
    const before = await storedEvents(first, partial);
    expect(before.map((e) => e.event_type)).not.toContain('workflow_end');
    await first.close();
    const snapshot = JSON.parse(await readFile(stateFile, 'utf8'));
    expect(snapshot.runs.runs.map((r: { status: string }) => r.status)).toEqual(['running']);
    const afterFirstStart = path.join(dir, 'after-first-start.json');
    await copyFile(stateFile, afterFirstStart);

    const second = await start({ stateFile, agentSpeed: FAST });
    const rest = await followRun(second, partial, (before.at(-1)?.offset ?? 0) + 1);
    const whole = [...before, ...rest];
    const offsets = whole.map((e) => e.offset);
    expect(new Set(offsets).size).toBe(offsets.length);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(sameRun(whole)).toEqual(sameRun(uninterrupted.events));
    expect(whole.filter((e) => e.event_type === 'workflow_end')).toHaveLength(1);
    const message = await assistantMessage(second, partial);
    expect(message.status).toBe('completed');
    expect(message.content).toEqual((await assistantMessage(baseline, uninterrupted)).content);

    // What the first start made is still there, and its ids are not handed out again.
    const http = buildHttp(second);
    expect((await http.del('/v1/docs/folder/delete', { folder_id: 'fld_000001' })).status).toBe(200);
    expect((await http.post('/v1/docs/folder/create', { name: 'next' })).body.folder_id).toBe('fld_000002');
    expect((await http.del('/v1/docs/folder/delete', { folder_id: 'fld_watchlist' })).status).toBe(404);
    expect((await http.get(`/v1/docs/${deleted.body.doc_ids[0]}`)).status).toBe(404);
    const next = await http.post('/v1/agent/conversations', {});
    expect(BigInt(next.body.id)).toBeGreaterThan(BigInt(partial.conversationId));

    // A reader that got events the stopped process never saved gets the very same events again.
    const replay = await start({ stateFile: afterFirstStart, agentSpeed: FAST });
    expect(sameRun(await followRun(replay, partial, 0))).toEqual(sameRun(whole));
  });
});

describe('an ended run', () => {
  it('keeps its events in a file of its own, read back at the next start', async () => {
    const first = await start({ stateFile, agentSpeed: FAST });
    const run = await askAndRead(first);
    expect(run.events.at(-1)?.event_type).toBe('workflow_end');
    await first.close();
    const snapshot = JSON.parse(await readFile(stateFile, 'utf8'));
    expect(snapshot.runs.runs[0]).toMatchObject({ status: 'completed' });
    expect(snapshot.runs.runs[0].events).toBeUndefined();
    const eventsFile = JSON.parse(await readFile(path.join(dir, 'playground', 'service-runs', `${run.messageId}.json`), 'utf8'));
    expect(eventsFile.events).toHaveLength(run.events.length);

    const second = await start({ stateFile, agentSpeed: FAST });
    expect(await storedEvents(second, run)).toEqual(run.events);
    expect((await assistantMessage(second, run)).status).toBe('completed');
  });
});

describe('reset', () => {
  it('goes back to the seed, stops the running run, and keeps counting ids', async () => {
    const em = await start({ stateFile, agentSpeed: 5 });
    const http = buildHttp(em);
    const deleted = await http.del('/v1/docs/folder/delete', { folder_id: 'fld_research_notes' });
    const filedDoc: string = deleted.body.doc_ids[0];
    expect((await http.get(`/v1/docs/${filedDoc}`)).status).toBe(404);
    const run = await askAndRead(em, (e) => e.event_type === 'tool_start');

    await em.reset();
    expect((await http.get(`/v1/agent/conversations/${run.conversationId}`)).status).toBe(400);
    await expect(readFile(path.join(dir, 'playground', 'service-runs', `${run.messageId}.json`))).rejects.toThrow(/ENOENT/);
    expect((await http.get(`/v1/docs/${filedDoc}`)).status).toBe(200);
    const fresh = await http.post('/v1/agent/conversations', {});
    expect(BigInt(fresh.body.id)).toBeGreaterThan(BigInt(run.conversationId));
    await em.close();

    const again = await start({ stateFile, agentSpeed: FAST });
    const http2 = buildHttp(again);
    expect((await http2.get(`/v1/agent/conversations/${run.conversationId}`)).status).toBe(400);
    expect((await http2.get(`/v1/agent/conversations/${fresh.body.id}`)).status).toBe(200);
    expect((await http2.del('/v1/docs/folder/delete', { folder_id: 'fld_research_notes' })).status).toBe(200);
  });
});

describe('a state file it cannot read', () => {
  it.each([
    ['not JSON', '{"version": 1, "folderSeq": '],
    ['another version', JSON.stringify({ version: 99, everything: [] })],
  ])('(%s) is moved aside and the emulator starts fresh', async (_what, text) => {
    await start({ stateFile, agentSpeed: FAST }).then((em) => em.close());
    await writeFile(stateFile, text);
    const em = await start({ stateFile, agentSpeed: FAST });
    expect(await readFile(`${stateFile}.corrupt`, 'utf8')).toBe(text);
    const conv = await buildHttp(em).post('/v1/agent/conversations', {});
    expect(conv.status).toBe(200);
    await em.close();
    expect(JSON.parse(await readFile(stateFile, 'utf8')).version).toBe(1);
  });
});

describe('a run whose script changed between two starts', () => {
  it('ends as failed with an error event instead of going on with other events', async () => {
    const first = await start({ stateFile, agentSpeed: 5 });
    const run = await askAndRead(first, (e) => e.event_type === 'tool_start');
    await first.close();
    const snapshot = JSON.parse(await readFile(stateFile, 'utf8'));
    snapshot.runs.runs[0].scriptInput.startOffset += 1;
    await writeFile(stateFile, JSON.stringify(snapshot));

    const second = await start({ stateFile, agentSpeed: FAST });
    const events = await followRun(second, run, 0);
    expect(events.at(-1)).toMatchObject({ event_type: 'error', error: { code: 'run_not_resumable' } });
    expect((await assistantMessage(second, run)).status).toBe('failed');
  });
});

describe('without a state file', () => {
  it('close() still ends running runs as cancelled', async () => {
    const em = await start({ agentSpeed: 5 });
    const run = await askAndRead(em, (e) => e.event_type === 'tool_start');
    let following: () => void = () => undefined;
    const followed = new Promise<void>((resolve) => {
      following = resolve;
    });
    const res = await fetch(`${em.url}/v1/agent/conversations/${run.conversationId}/messages/${run.messageId}`, {
      headers: buildHttp(em).headers,
    });
    const read = readSse(res, () => following());
    await followed;
    await em.close();
    expect((await read).events.map((e) => e.event_type)).not.toContain('workflow_end');
  });
});
