import type { TaskUpdateChunk } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { createNativeStreamSink, type NativeStreamOptions } from '../../../src/agent/sinks/native-stream-sink.js';
import { createRelayMetrics } from '../../../src/agent/sinks/relay-metrics.js';
import { buildRunMetadata } from '../../../src/agent/sinks/run-message-metadata.js';
import type { SlackWriter, StreamChunk } from '../../../src/agent/sinks/slack-writer.js';
import { streamChunkBytes } from '../../../src/agent/sinks/stream-segment-size.js';
import type { UpdateScheduler } from '../../../src/agent/sinks/update-scheduler.js';
import { initialRunView, type RunView, type ToolCall } from '../../../src/agent/state/run-view.js';
import { createLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import { SlackCallError } from '../../../src/slack-api/slack-call-error.js';
import { createRunRenderer } from '../../../src/slack/agent/relay/create-run-renderer.js';
import { createManualTimers } from '../support/manual-timers.js';

interface FakeSegment {
  ts: string;
  chunks: StreamChunk[];
  stopped: boolean;
}

/** An in-memory writer for the stream methods; `refuse` may fail a call by its method and count. */
function buildStreamWriter(refuse: (method: string, segment: FakeSegment) => string | undefined = () => undefined) {
  const segments: FakeSegment[] = [];
  const fail = (method: string, code: string) => new SlackCallError({ method, code, outcome: 'failed', retryable: false });
  const find = (ts: string) => segments.find((s) => s.ts === ts)!;
  const unused = async (): Promise<never> => {
    throw new Error('not used by the native sink');
  };
  const writer: SlackWriter = {
    async startStream({ chunks }) {
      const segment = { ts: `1.${String(segments.length + 1).padStart(6, '0')}`, chunks: [...chunks], stopped: false };
      segments.push(segment);
      return { ts: segment.ts };
    },
    async appendStream({ ts, chunks }) {
      const code = refuse('chat.appendStream', find(ts));
      if (code) throw fail('chat.appendStream', code);
      find(ts).chunks.push(...chunks);
    },
    async stopStream({ ts }) {
      const code = refuse('chat.stopStream', find(ts));
      if (code) throw fail('chat.stopStream', code);
      find(ts).stopped = true;
    },
    postMessage: unused,
    update: unused,
    delete: unused,
    replies: unused,
    setStatus: unused,
    setSessionStatus: unused,
    getUploadUrl: unused,
    uploadBytes: unused,
    completeUpload: unused,
  };
  const bytesOf = (s: FakeSegment) => s.chunks.reduce((sum, c) => sum + streamChunkBytes(c), 0);
  const textOf = (s: FakeSegment) => s.chunks.map((c) => (c.type === 'markdown_text' ? c.text : '')).join('');
  return { writer, segments, bytesOf, textOf };
}

function buildTool(i: number, keyInput = `query ${i}: NVIDIA data-center revenue`): ToolCall {
  return { id: `call_${i}`, toolName: 'search_documents', keyInput, status: 'done', resultCount: 10 };
}

function buildView(tools: ToolCall[], text: string): RunView {
  return { ...initialRunView({ startedAtMs: 0 }), eventCount: tools.length + 1, tools, segments: [{ id: 's1', text, open: true }] };
}

function buildSink(writer: SlackWriter, options: NativeStreamOptions) {
  const timers = createManualTimers(1_000);
  const logLines: string[] = [];
  let inFlight = 0;
  const scheduler: UpdateScheduler = {
    async schedule(_request, send) {
      inFlight += 1;
      try {
        return await send();
      } finally {
        inFlight -= 1;
      }
    },
    pending: () => 0,
    close() {},
  };
  const sink = createNativeStreamSink(
    { runId: 'run-1', teamId: 'T1', channelId: 'D1', threadTs: '1.000000', replyTs: '1.000000' },
    {
      slack: writer,
      scheduler,
      renderer: createRunRenderer({ clock: timers.now })({ runId: 'run-1', askerUserId: 'U1' }),
      metrics: createRelayMetrics(),
      logger: createLogger({ level: 'info', redact: createRedactor([]), write: (l) => logLines.push(l) }),
      clock: timers.now,
      timers,
      metadataFor: () => buildRunMetadata({ run_id: 'run-1', part: 1, conversation_id: '1', assistant_message_id: 'm', offset: -1 }),
      events: { onShown: () => undefined },
    },
    options,
  );
  const settled = async () => {
    do await new Promise<void>((resolve) => setImmediate(resolve));
    while (inFlight > 0 || sink.pendingSince() !== undefined);
  };
  return { sink, timers, logLines, settled };
}

describe('native stream sink: segment size', () => {
  it('counts task updates toward a segment and rotates on them even when the text is short', async () => {
    const fake = buildStreamWriter();
    const { sink, timers, settled } = buildSink(fake.writer, { rotateAtBytes: 1000, rotateAfterMs: 600_000 });
    const tools: ToolCall[] = [];
    for (let i = 0; i < 40; i += 1) {
      tools.push(buildTool(i));
      sink.offer(buildView([...tools], 'Short.'), timers.now());
      await settled();
    }
    await sink.close();
    expect(fake.segments.length).toBeGreaterThanOrEqual(5);
    expect(fake.segments.every((s) => s.stopped)).toBe(true);
    expect(Math.max(...fake.segments.map(fake.bytesOf))).toBeLessThanOrEqual(1000);
    expect(fake.segments.map(fake.textOf).join('')).toBe('Short.');
    const sent = fake.segments.flatMap((s) => s.chunks).filter((c): c is TaskUpdateChunk => c.type === 'task_update');
    expect(sent.map((c) => c.id)).toEqual(tools.map((t) => t.id));
  });

  it('never lets a segment pass the safe size, whatever rotateAtBytes asks', async () => {
    const fake = buildStreamWriter();
    const { sink, timers, settled } = buildSink(fake.writer, { rotateAtBytes: 1_000_000, rotateAfterMs: 600_000 });
    sink.offer(buildView([], 'x'.repeat(25_000)), timers.now());
    await settled();
    await sink.close();
    expect(fake.segments.map(fake.bytesOf)).toEqual([9000, 9000, 7000]);
  });

  it('cuts a task update too big for a whole segment, visibly and with a log line', async () => {
    const fake = buildStreamWriter();
    const { sink, timers, settled, logLines } = buildSink(fake.writer, { rotateAtBytes: 200, rotateAfterMs: 600_000 });
    sink.offer(buildView([buildTool(1, 'q'.repeat(400))], 'Answer.'), timers.now());
    await settled();
    await sink.close();
    const task = fake.segments[0]!.chunks[0] as TaskUpdateChunk;
    expect(task).toMatchObject({ type: 'task_update', id: 'call_1' });
    expect(task.details?.endsWith('…')).toBe(true);
    expect(Math.max(...fake.segments.map(fake.bytesOf))).toBeLessThanOrEqual(200);
    expect(fake.segments.map(fake.textOf).join('')).toBe('Answer.');
    expect(logLines.some((l) => l.includes('cut short'))).toBe(true);
  });

  it('rotates when Slack finds a segment too long, resending what it refused in the next one', async () => {
    // Slack counts the first segment full after its first append.
    const fake = buildStreamWriter((method, s) =>
      method === 'chat.appendStream' && s.ts === '1.000001' && s.chunks.length >= 2 ? 'msg_too_long' : undefined,
    );
    const { sink, timers, settled, logLines } = buildSink(fake.writer, { rotateAtBytes: 8000, rotateAfterMs: 600_000 });
    for (const text of ['one ', 'one two ', 'one two three ']) {
      sink.offer(buildView([], text), timers.now());
      await settled();
    }
    await sink.close();
    expect(fake.segments.map(fake.textOf)).toEqual(['one two ', 'three ']);
    expect(fake.segments.every((s) => s.stopped)).toBe(true);
    expect(logLines.some((l) => l.includes('too long; rotating'))).toBe(true);
  });

  it('logs and moves on when Slack refuses to stop a segment as too long', async () => {
    const fake = buildStreamWriter((method) => (method === 'chat.stopStream' ? 'msg_too_long' : undefined));
    const { sink, timers, settled, logLines } = buildSink(fake.writer, { rotateAtBytes: 8000, rotateAfterMs: 600_000 });
    sink.offer(buildView([], 'text'), timers.now());
    await settled();
    await expect(sink.close()).resolves.toBeUndefined();
    expect(logLines.some((l) => l.includes('refused to stop a native stream segment as too long'))).toBe(true);
  });
});
