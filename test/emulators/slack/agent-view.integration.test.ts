/**
 * The agent view's methods and events in the Slack emulator: suggested prompts, titles, thread
 * status, agent sessions and the native Stop button, with Slack's limits and errors.
 */
import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { startReceiver } from './receiver.js';
import { callApi } from './call-api.js';

const BOT = ['xoxb', 'emulator', 'bot', 'token'].join('-');
const SECRET = 'agent-view-secret';

describe('agent view methods and events', () => {
  let emu: SlackEmulator;
  let client: WebClient;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  const call = (method: string, args: Record<string, unknown>) => callApi(emu, method, BOT, args);
  const newThread = async () => (await emu.postMessage({ text: 'What moved NVIDIA?', channel_id: emu.defaultDmId })).ts;
  const prompt = (n: number) => ({ title: `Prompt ${n}`, message: `Tell me about ${n}` });

  beforeAll(async () => {
    receiver = await startReceiver(SECRET);
    emu = await startSlackEmulator({ rateLimits: 'off', signingSecret: SECRET, requestUrl: receiver.url });
    client = new WebClient(BOT, { slackApiUrl: emu.apiUrl, retryConfig: { retries: 0 } });
  });
  afterAll(async () => {
    await emu.close();
    await receiver.close();
  });

  it('records up to 4 suggested prompts for the DM or a thread, and refuses more, none, or malformed ones', async () => {
    await client.assistant.threads.setSuggestedPrompts({ channel_id: emu.defaultDmId, prompts: [prompt(1), prompt(2)], title: 'Try' });
    expect(emu.agentThreads.get(`${emu.defaultDmId}:`)?.suggestedPrompts).toMatchObject({ title: 'Try', prompts: [prompt(1), prompt(2)] });

    const ts = await newThread();
    await client.assistant.threads.setSuggestedPrompts({ channel_id: emu.defaultDmId, thread_ts: ts, prompts: [1, 2, 3, 4].map(prompt) });
    expect(emu.agentThreads.get(`${emu.defaultDmId}:${ts}`)?.suggestedPrompts?.prompts).toHaveLength(4);

    const base = { channel_id: emu.defaultDmId, thread_ts: ts };
    expect(await call('assistant.threads.setSuggestedPrompts', { ...base, prompts: [1, 2, 3, 4, 5].map(prompt) })).toMatchObject({
      ok: false,
      error: 'invalid_arguments',
    });
    expect(await call('assistant.threads.setSuggestedPrompts', { ...base, prompts: [] })).toMatchObject({ error: 'invalid_arguments' });
    expect(await call('assistant.threads.setSuggestedPrompts', { ...base, prompts: [{ title: 'no message' }] })).toMatchObject({
      error: 'invalid_arguments',
    });
    expect(await call('assistant.threads.setSuggestedPrompts', { ...base })).toMatchObject({ error: 'invalid_arguments' });
    expect(await call('assistant.threads.setSuggestedPrompts', { channel_id: 'D0NOPE', prompts: [prompt(1)] })).toMatchObject({
      error: 'channel_not_found',
    });
    expect(await call('assistant.threads.setSuggestedPrompts', { ...base, thread_ts: '1.000001', prompts: [prompt(1)] })).toMatchObject({
      error: 'thread_not_found',
    });
  });

  it('sets a thread title, which needs a thread and a title', async () => {
    const ts = await newThread();
    await client.assistant.threads.setTitle({ channel_id: emu.defaultDmId, thread_ts: ts, title: 'NVIDIA margins' });
    expect(emu.agentThreads.get(`${emu.defaultDmId}:${ts}`)?.title).toBe('NVIDIA margins');
    expect(await call('assistant.threads.setTitle', { channel_id: emu.defaultDmId, thread_ts: ts })).toMatchObject({
      error: 'invalid_arguments',
    });
    expect(await call('assistant.threads.setTitle', { channel_id: emu.defaultDmId, title: 'x' })).toMatchObject({
      error: 'invalid_arguments',
    });
  });

  it('keeps a status with its loading messages (at most 10 strings)', async () => {
    const ts = await newThread();
    await client.assistant.threads.setStatus({
      channel_id: emu.defaultDmId,
      thread_ts: ts,
      status: 'is working…',
      loading_messages: ['a', 'b'],
    });
    expect(emu.statuses.get(`${emu.defaultDmId}:${ts}`)).toMatchObject({ status: 'is working…', loading_messages: ['a', 'b'] });
    const base = { channel_id: emu.defaultDmId, thread_ts: ts, status: 'x' };
    expect(await call('assistant.threads.setStatus', { ...base, loading_messages: Array(11).fill('a') })).toMatchObject({
      error: 'invalid_arguments',
    });
    expect(await call('assistant.threads.setStatus', { ...base, loading_messages: [1] })).toMatchObject({ error: 'invalid_arguments' });
  });

  it('moves an agent session through its statuses, renames it, and refuses unknown statuses and long titles', async () => {
    const ts = await newThread();
    const key = `${emu.defaultDmId}:${ts}`;
    expect(await call('agents.sessions.rename', { channel_id: emu.defaultDmId, thread_ts: ts, title: 'x' })).toMatchObject({
      error: 'session_not_found',
    });
    await client.agents.sessions.setStatus({ channel_id: emu.defaultDmId, thread_ts: ts, status: 'processing', title: 'First' });
    await client.agents.sessions.setStatus({ channel_id: emu.defaultDmId, thread_ts: ts, status: 'closed', title: 'ignored now' });
    expect(emu.agentSessions.get(key)).toMatchObject({ status: 'closed', history: ['processing', 'closed'], title: 'First' });
    await client.agents.sessions.rename({ channel_id: emu.defaultDmId, thread_ts: ts, title: 'Renamed' });
    expect(emu.agentSessions.get(key)?.title).toBe('Renamed');

    const base = { channel_id: emu.defaultDmId, thread_ts: ts };
    expect(await call('agents.sessions.setStatus', { ...base, status: 'cancelled' })).toMatchObject({ error: 'invalid_arguments' });
    expect(await call('agents.sessions.setStatus', { ...base })).toMatchObject({ error: 'invalid_arguments' });
    expect(await call('agents.sessions.rename', { ...base, title: 'x'.repeat(201) })).toMatchObject({ error: 'invalid_arguments' });
    expect(await call('agents.sessions.setStatus', { channel_id: emu.defaultDmId, status: 'active' })).toMatchObject({
      error: 'invalid_arguments',
    });
  });

  it('opens the agent view as app_home_opened on the messages tab', async () => {
    const before = receiver.received.length;
    await emu.openAgentView();
    const event = receiver.received.slice(before).map((r) => r.body.event as Record<string, unknown>)[0];
    expect(event).toMatchObject({ type: 'app_home_opened', tab: 'messages', channel: emu.defaultDmId, user: emu.defaultUserId });
  });

  it('shows Stop only while the session is processing; Stop ends the open streams and sends agent_session_stopped', async () => {
    const ts = await newThread();
    await expect(emu.pressStop({ channel_id: emu.defaultDmId, thread_ts: ts })).rejects.toMatchObject({ code: 'no_stop_button' });
    await client.agents.sessions.setStatus({ channel_id: emu.defaultDmId, thread_ts: ts, status: 'processing' });
    const stream = await client.chat.startStream({ channel: emu.defaultDmId, thread_ts: ts, markdown_text: 'Working' });

    const before = receiver.received.length;
    await emu.pressStop({ channel_id: emu.defaultDmId, thread_ts: ts });
    const event = receiver.received.slice(before).map((r) => r.body.event as Record<string, unknown>)[0];
    expect(event).toMatchObject({
      type: 'agent_session_stopped',
      channel: emu.defaultDmId,
      thread_ts: ts,
      user: emu.defaultUserId,
      streaming_message_ts: [stream.ts],
    });
    expect(await call('chat.appendStream', { channel: emu.defaultDmId, ts: stream.ts, markdown_text: 'more' })).toMatchObject({
      ok: false,
    });
    // The session status is the app's to change.
    expect(emu.agentSessions.get(`${emu.defaultDmId}:${ts}`)?.status).toBe('processing');
  });

  it('answers users.info with the locale only when asked', async () => {
    emu.setUserLocale(emu.defaultUserId, 'zh-CN');
    expect((await client.users.info({ user: emu.defaultUserId, include_locale: true })).user?.locale).toBe('zh-CN');
    expect((await client.users.info({ user: emu.defaultUserId })).user?.locale).toBeUndefined();
  });

  it('serves the agent view to the playground: prompts, a thread’s title and session, and its Stop button', async () => {
    const post = async (path: string, body: Record<string, unknown>) => {
      const res = await fetch(`${emu.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    expect((await post('/api/agent-view/open', {})).body).toMatchObject({ ok: true });
    const ts = await newThread();
    await client.assistant.threads.setTitle({ channel_id: emu.defaultDmId, thread_ts: ts, title: 'Moutai' });
    expect((await post('/api/agent-view/stop', { channel_id: emu.defaultDmId, thread_ts: ts })).status).toBe(400);
    await client.agents.sessions.setStatus({ channel_id: emu.defaultDmId, thread_ts: ts, status: 'processing' });

    const page = (await (await fetch(`${emu.url}/api/channels/${emu.defaultDmId}/messages`)).json()) as {
      suggested_prompts: { prompts: unknown[] } | null;
      messages: Array<{ ts: string; title: string | null; session_status: string | null }>;
    };
    expect(page.suggested_prompts?.prompts.length).toBeGreaterThan(0);
    expect(page.messages.find((m) => m.ts === ts)).toMatchObject({ title: 'Moutai', session_status: 'processing' });
    expect((await post('/api/agent-view/stop', { channel_id: emu.defaultDmId, thread_ts: ts })).body).toMatchObject({ ok: true });
  });
});
