import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { slackLimits } from '../../../src/emulators/slack/validation/limits.js';

const LIMIT = slackLimits.streamMessageBytes;

const buildTask = (i: number, status = 'complete') => ({
  type: 'task_update',
  id: `call_${i}`,
  title: 'search_documents',
  status,
  details: `query ${i}: NVIDIA data-center revenue`,
  output: '10 results',
});

describe('native stream size', () => {
  let emu: SlackEmulator;
  let parentTs: string;
  const call = async (method: string, args: Record<string, unknown>) =>
    (await (
      await fetch(`${emu.apiUrl}${method}`, {
        method: 'POST',
        headers: { Authorization: 'Bearer xoxb-emulator-bot-token', 'Content-Type': 'application/json' },
        body: JSON.stringify(args),
      })
    ).json()) as { ok: boolean; ts: string; error?: string };
  const start = (chunks: unknown[]) => call('chat.startStream', { channel: emu.defaultDmId, thread_ts: parentTs, chunks });
  const append = (ts: string, chunks: unknown[]) => call('chat.appendStream', { channel: emu.defaultDmId, ts, chunks });
  const streamOf = (ts: string) => emu.threadReplies(emu.defaultDmId, parentTs).find((m) => m.ts === ts);

  beforeAll(async () => {
    emu = await startSlackEmulator({ rateLimits: 'off' });
    parentTs = (await emu.postMessage({ text: 'question', channel_id: emu.defaultDmId })).ts;
  });
  afterAll(() => emu.close());

  it('counts task updates toward the size: short text, many tasks, msg_too_long at chat.stopStream', async () => {
    const s = await start([{ type: 'markdown_text', text: 'Short answer.' }]);
    const taskBytes = Buffer.byteLength(JSON.stringify(buildTask(0)));
    let held = 'Short answer.'.length;
    let i = 0;
    // Fill to just under the limit with task updates (each well within any per-chunk rule).
    while (held + 2 * taskBytes <= LIMIT) {
      expect(await append(s.ts, [buildTask(i)])).toMatchObject({ ok: true });
      held += Buffer.byteLength(JSON.stringify(buildTask(i)));
      i += 1;
    }
    expect(streamOf(s.ts)?.text).toBe('Short answer.');
    const stopChunks = [buildTask(i + 1), buildTask(i + 2)];
    expect(await call('chat.stopStream', { channel: emu.defaultDmId, ts: s.ts, chunks: stopChunks })).toMatchObject({
      ok: false,
      error: 'msg_too_long',
    });
    // Refused calls change nothing: the stream still streams and a stop that fits is accepted.
    expect(streamOf(s.ts)?.streaming?.state).toBe('streaming');
    expect(await call('chat.stopStream', { channel: emu.defaultDmId, ts: s.ts })).toMatchObject({ ok: true });
  });

  it('refuses an append that would pass the limit, and a start over it, in either mode', async () => {
    const s = await start([{ type: 'markdown_text', text: 'a'.repeat(LIMIT - 10) }]);
    expect(await append(s.ts, [{ type: 'markdown_text', text: 'b'.repeat(10) }])).toMatchObject({ ok: true });
    expect(await append(s.ts, [{ type: 'plan_update', title: 'x' }])).toMatchObject({ ok: false, error: 'msg_too_long' });
    expect(streamOf(s.ts)?.text).toHaveLength(LIMIT);

    // Multi-byte text counts in UTF-8 bytes: 4,000 characters of CJK are 12,000 bytes.
    expect(
      await call('chat.startStream', { channel: emu.defaultDmId, thread_ts: parentTs, markdown_text: '营'.repeat(4000) }),
    ).toMatchObject({
      ok: false,
      error: 'msg_too_long',
    });
    const m = await call('chat.startStream', { channel: emu.defaultDmId, thread_ts: parentTs, markdown_text: '营'.repeat(3000) });
    expect(m.ok).toBe(true);
    expect(await call('chat.appendStream', { channel: emu.defaultDmId, ts: m.ts, markdown_text: '营'.repeat(600) })).toMatchObject({
      error: 'msg_too_long',
    });
  });

  it('counts stopStream blocks, and refuses more than 50 of them', async () => {
    const s = await start([{ type: 'markdown_text', text: 'a'.repeat(LIMIT - 100) }]);
    const section = { type: 'section', text: { type: 'mrkdwn', text: 'x'.repeat(200) } };
    expect(await call('chat.stopStream', { channel: emu.defaultDmId, ts: s.ts, blocks: [section] })).toMatchObject({
      error: 'msg_too_long',
    });
    expect(
      await call('chat.stopStream', { channel: emu.defaultDmId, ts: s.ts, blocks: Array(51).fill({ type: 'divider' }) }),
    ).toMatchObject({
      error: 'msg_blocks_too_many',
    });
    expect(await call('chat.stopStream', { channel: emu.defaultDmId, ts: s.ts, blocks: [{ type: 'divider' }] })).toMatchObject({
      ok: true,
    });
  });
});
