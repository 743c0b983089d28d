import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { startReceiver, type Reply, type ReceivedRequest } from './receiver.js';

describe('playground JSON API', () => {
  let emu: SlackEmulator;
  let app: Awaited<ReturnType<typeof startReceiver>>;
  let reply: (r: ReceivedRequest) => Reply = () => ({});
  const get = async (path: string) => (await (await fetch(`${emu.url}${path}`)).json()) as Record<string, unknown> & unknown[];
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${emu.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const bot = async (method: string, args: Record<string, unknown>) =>
    (await (
      await fetch(`${emu.apiUrl}${method}`, {
        method: 'POST',
        headers: { Authorization: 'Bearer xoxb-emulator-bot-token', 'Content-Type': 'application/json' },
        body: JSON.stringify(args),
      })
    ).json()) as Record<string, unknown>;

  beforeAll(async () => {
    app = await startReceiver('emulator-signing-secret', (r) => reply(r));
    emu = await startSlackEmulator({ requestUrl: app.url, rateLimits: 'off' });
  });
  afterAll(async () => {
    await emu.close();
    await app.close();
  });

  it('lists channels with a default channel and a DM', async () => {
    const channels = (await get('/api/channels')) as unknown as Array<{ id: string; name: string; is_im?: boolean }>;
    expect(channels[0]).toEqual({ id: emu.defaultChannelId, name: 'research' });
    expect(channels.some((c) => c.id === emu.defaultDmId && c.is_im === true)).toBe(true);
  });

  it('posts commands and messages, and reads them back with threads, edits and ephemerals', async () => {
    reply = (r) => (r.body.command === '/research' ? { body: JSON.stringify({ text: 'Searching…' }) } : {});
    const cmd = await post('/api/commands', { command: '/research', text: 'nvidia' });
    expect(cmd.body).toMatchObject({ ok: true, delivery: { ok: true, outcome: 'acked' } });
    const msg = await post('/api/messages', { text: '<@U0EMUBOT01> hi' });
    expect(msg.body).toMatchObject({
      ok: true,
      ts: expect.any(String),
      deliveries: [expect.objectContaining({ ok: true }), expect.objectContaining({ ok: true })],
    });
    const reply1 = await bot('chat.postMessage', {
      channel: emu.defaultChannelId,
      thread_ts: msg.body.ts,
      text: 'answer',
      metadata: { event_type: 'run', event_payload: { id: 1 } },
    });
    await bot('chat.update', { channel: emu.defaultChannelId, ts: reply1.ts, text: 'answer v2' });
    const page = await get(`/api/channels/${emu.defaultChannelId}/messages`);
    const top = (page.messages as Array<Record<string, unknown>>).find((m) => m.ts === msg.body.ts)!;
    expect(top).toMatchObject({
      user: emu.defaultUserId,
      text: '<@U0EMUBOT01> hi',
      reply_count: 1,
      replies: [{ ts: reply1.ts, text: 'answer v2', edits: 1, is_bot: true, metadata: { event_type: 'run' } }],
    });
    expect((page.ephemeral as Array<Record<string, unknown>>).map((e) => e.text)).toContain('Searching…');
    expect(page.channel).toEqual({ id: emu.defaultChannelId, name: 'research', is_im: false });
  });

  it('clicks actions, submits and reads modals, opens Home, shortcuts and links', async () => {
    let trigger = '';
    reply = (r) => {
      if (r.body.type === 'block_actions') trigger = String(r.body.trigger_id);
      return {};
    };
    const card = await bot('chat.postMessage', {
      channel: emu.defaultChannelId,
      text: 'card',
      blocks: [{ type: 'actions', elements: [{ type: 'button', action_id: 'ask', text: { type: 'plain_text', text: 'Ask' } }] }],
    });
    const click = await post('/api/actions', { channel_id: emu.defaultChannelId, message_ts: card.ts, action_id: 'ask' });
    expect(click.body).toMatchObject({ ok: true, delivery: { ok: true } });
    await bot('views.open', {
      trigger_id: trigger,
      view: {
        type: 'modal',
        title: { type: 'plain_text', text: 'Ask' },
        submit: { type: 'plain_text', text: 'Go' },
        blocks: [
          { type: 'input', block_id: 'q', label: { type: 'plain_text', text: 'Q' }, element: { type: 'plain_text_input', action_id: 'q' } },
        ],
      },
    });
    const views = await get('/api/views');
    const [modal] = views.views as Array<{ id: string; view: { title: { text: string } } }>;
    expect(modal?.view.title.text).toBe('Ask');
    const submitted = await post('/api/views/submit', { view_id: modal!.id, values: { q: { q: 'what moved NVDA?' } } });
    expect(submitted.body).toMatchObject({ ok: true, view_action: 'close' });
    expect(app.received[app.received.length - 1]!.body.view).toMatchObject({
      state: { values: { q: { q: { type: 'plain_text_input', value: 'what moved NVDA?' } } } },
    });
    expect((await get('/api/views')).views).toEqual([]);

    reply = () => ({});
    expect((await post('/api/home/open', {})).body).toMatchObject({ ok: true, delivery: { ok: true } });
    expect(app.received[app.received.length - 1]!.body.event).toMatchObject({ type: 'app_home_opened', tab: 'home' });
    expect(await get('/api/home')).toEqual({ ok: true, view: null });
    expect(
      (await post('/api/shortcuts', { callback_id: 'summarise', channel_id: emu.defaultChannelId, message_ts: card.ts })).body,
    ).toMatchObject({ ok: true });
    expect((await post('/api/links', { url: 'https://research.example.com/x' })).body).toMatchObject({ ok: true });
  });

  it('answers usage errors with 4xx', async () => {
    expect(await post('/api/actions', { channel_id: emu.defaultChannelId, message_ts: '1.1', action_id: 'x' })).toMatchObject({
      status: 404,
      body: { ok: false, error: 'message_not_found' },
    });
    expect(await post('/api/commands', {})).toMatchObject({ status: 400, body: { error: 'invalid_arguments' } });
    expect((await fetch(`${emu.url}/api/channels/C_NOPE/messages`)).status).toBe(404);
  });

  it('pushes a change event over SSE on every state change', async () => {
    const controller = new AbortController();
    const res = await fetch(`${emu.url}/api/events`, { signal: controller.signal });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    await bot('chat.postMessage', { channel: emu.secondChannelId, text: 'live' });
    while (!text.includes('"channel":"C0EMUMRKTS"')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    controller.abort();
    expect(text).toContain('event: change');
    expect(text).toMatch(/data: \{"kind":"message","channel":"C0EMUMRKTS"\}/);
  });

  it('serves the page at /', async () => {
    const res = await fetch(`${emu.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
  });
});
