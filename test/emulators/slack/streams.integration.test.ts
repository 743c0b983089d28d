import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { callApi } from './call-api.js';

describe('native streams', () => {
  const clock = { now: 1_750_000_000_000 };
  let emu: SlackEmulator;
  let client: WebClient;
  let parentTs: string;
  const call = (method: string, args: Record<string, unknown>) => callApi(emu, method, 'xoxb-emulator-bot-token', args);
  const start = async (extra: Record<string, unknown> = {}) =>
    (await call('chat.startStream', { channel: emu.defaultDmId, thread_ts: parentTs, ...extra })) as {
      ok: boolean;
      ts: string;
      error?: string;
    };

  beforeAll(async () => {
    emu = await startSlackEmulator({
      rateLimits: 'off',
      clock: () => clock.now,
      streamLifetimeMs: 300_000,
      streamIdleMs: 120_000,
      streamMaxChars: 1000,
    });
    client = new WebClient('xoxb-emulator-bot-token', { slackApiUrl: emu.apiUrl, retryConfig: { retries: 0 } });
    parentTs = (await emu.postMessage({ text: 'question', channel_id: emu.defaultDmId })).ts;
  });
  afterAll(() => emu.close());

  it('works with the SDK ChatStreamer (chunks mode) and records tasks and text', async () => {
    const streamer = client.chatStream({ channel: emu.defaultDmId, thread_ts: parentTs, buffer_size: 10 });
    await streamer.append({ markdown_text: 'Hello **world** and more' });
    await streamer.append({ chunks: [{ type: 'task_update', id: 't1', title: 'Search', status: 'in_progress' }] });
    await streamer.append({ chunks: [{ type: 'task_update', id: 't1', title: 'Search', status: 'complete' }] });
    await streamer.stop({
      blocks: [
        {
          type: 'context_actions',
          elements: [
            {
              type: 'feedback_buttons',
              action_id: 'fb',
              positive_button: { type: 'button', text: { type: 'plain_text', text: '👍' }, value: 'up' },
              negative_button: { type: 'button', text: { type: 'plain_text', text: '👎' }, value: 'down' },
            },
          ],
        },
      ] as never,
    });
    const [msg] = emu.threadReplies(emu.defaultDmId, parentTs).filter((m) => m.ts === streamer.ts);
    expect(msg?.text).toBe('Hello **world** and more');
    expect(msg?.streaming).toMatchObject({ state: 'stopped', endReason: 'stopped', mode: 'chunks', tasks: { t1: { status: 'complete' } } });
    expect(msg?.blocks).toHaveLength(1);
  });

  it('requires thread_ts, and recipients in channels', async () => {
    expect(await call('chat.startStream', { channel: emu.defaultDmId })).toMatchObject({ error: 'invalid_arguments' });
    const parent = await client.chat.postMessage({ channel: emu.defaultChannelId, text: 'p' });
    expect(await call('chat.startStream', { channel: emu.defaultChannelId, thread_ts: parent.ts })).toMatchObject({
      error: 'missing_recipient_user_id',
    });
    expect(
      await call('chat.startStream', { channel: emu.defaultChannelId, thread_ts: parent.ts, recipient_user_id: emu.defaultUserId }),
    ).toMatchObject({ error: 'missing_recipient_team_id' });
    expect(
      await call('chat.startStream', {
        channel: emu.defaultChannelId,
        thread_ts: parent.ts,
        recipient_user_id: emu.defaultUserId,
        recipient_team_id: emu.teamId,
      }),
    ).toMatchObject({ ok: true });
  });

  it('enforces markdown_text/chunks rules and chat.update conflicts', async () => {
    const s = await start({ markdown_text: 'a' });
    expect(await call('chat.appendStream', { channel: emu.defaultDmId, ts: s.ts, markdown_text: 'b', chunks: [] })).toMatchObject({
      error: 'cannot_provide_both_markdown_text_and_chunks',
    });
    expect(
      await call('chat.appendStream', { channel: emu.defaultDmId, ts: s.ts, chunks: [{ type: 'markdown_text', text: 'b' }] }),
    ).toMatchObject({ error: 'streaming_mode_mismatch' });
    expect(await call('chat.appendStream', { channel: emu.defaultDmId, ts: s.ts })).toMatchObject({
      error: 'markdown_text_or_chunks_required',
    });
    expect(await call('chat.appendStream', { channel: emu.defaultDmId, ts: s.ts, markdown_text: 'x'.repeat(12_001) })).toMatchObject({
      error: 'msg_too_long',
    });
    expect(await call('chat.update', { channel: emu.defaultDmId, ts: s.ts, text: 'edit' })).toMatchObject({
      error: 'streaming_state_conflict',
    });
    expect(
      await call('chat.stopStream', { channel: emu.defaultDmId, ts: s.ts, blocks: Array(51).fill({ type: 'divider' }) }),
    ).toMatchObject({ error: 'msg_blocks_too_many' });
    expect(await call('chat.stopStream', { channel: emu.defaultDmId, ts: s.ts })).toMatchObject({ ok: true });
    expect(await call('chat.appendStream', { channel: emu.defaultDmId, ts: s.ts, markdown_text: 'late' })).toMatchObject({
      error: 'message_not_in_streaming_state',
    });
    expect(await call('chat.update', { channel: emu.defaultDmId, ts: s.ts, text: 'final' })).toMatchObject({ ok: true });
    expect(await call('chat.appendStream', { channel: emu.defaultDmId, ts: '1.000009', markdown_text: 'x' })).toMatchObject({
      error: 'message_not_found',
    });
  });

  it('ends a stream after its lifetime even while active', async () => {
    const s = await start({ markdown_text: 'a' });
    for (let i = 0; i < 5; i += 1) {
      clock.now += 59_000;
      expect(await call('chat.appendStream', { channel: emu.defaultDmId, ts: s.ts, markdown_text: '.' })).toMatchObject({ ok: true });
    }
    clock.now += 5_000;
    expect(await call('chat.appendStream', { channel: emu.defaultDmId, ts: s.ts, markdown_text: '.' })).toMatchObject({
      error: 'message_not_in_streaming_state',
    });
    expect(emu.threadReplies(emu.defaultDmId, parentTs).find((m) => m.ts === s.ts)?.streaming).toMatchObject({
      state: 'stopped',
      endReason: 'lifetime',
    });
  });

  it('ends a stream left idle', async () => {
    const s = await start({ markdown_text: 'a' });
    clock.now += 120_000;
    expect(await call('chat.appendStream', { channel: emu.defaultDmId, ts: s.ts, markdown_text: 'b' })).toMatchObject({
      error: 'message_not_in_streaming_state',
    });
    expect(emu.threadReplies(emu.defaultDmId, parentTs).find((m) => m.ts === s.ts)?.streaming?.endReason).toBe('idle');
  });

  it('ends a stream whose text passes the size limit', async () => {
    const s = await start({ markdown_text: 'a'.repeat(900) });
    expect(await call('chat.appendStream', { channel: emu.defaultDmId, ts: s.ts, markdown_text: 'b'.repeat(101) })).toMatchObject({
      ok: true,
    });
    expect(await call('chat.appendStream', { channel: emu.defaultDmId, ts: s.ts, markdown_text: 'c' })).toMatchObject({
      error: 'message_not_in_streaming_state',
    });
    expect(emu.threadReplies(emu.defaultDmId, parentTs).find((m) => m.ts === s.ts)?.streaming?.endReason).toBe('max_chars');
  });
});
