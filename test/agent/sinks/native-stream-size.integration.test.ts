/**
 * Issue 27 item 5, "Streams within size": a long run — 300 tool calls and 30,000 characters of
 * text — streamed by the native sink through the real writer into the Slack emulator, which
 * refuses a streamed message past its size with msg_too_long as Slack does. Time is a manual
 * clock; Slack calls are real HTTP to the emulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNativeStreamSink, DEFAULT_NATIVE_STREAM_OPTIONS } from '../../../src/agent/sinks/native-stream-sink.js';
import { createRelayMetrics } from '../../../src/agent/sinks/relay-metrics.js';
import { buildRunMetadata } from '../../../src/agent/sinks/run-message-metadata.js';
import type { RunSink } from '../../../src/agent/sinks/run-sink.js';
import { SEGMENT_MAX_BYTES } from '../../../src/agent/sinks/stream-segment-size.js';
import type { UpdateScheduler } from '../../../src/agent/sinks/update-scheduler.js';
import { initialRunView, type RunView, type ToolCall } from '../../../src/agent/state/run-view.js';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import type { StreamChunk } from '../../../src/emulators/slack/validation/chunks.js';
import { slackLimits } from '../../../src/emulators/slack/validation/limits.js';
import { streamedBytes } from '../../../src/emulators/slack/validation/stream-size.js';
import { createLogger } from '../../../src/observability/logger.js';
import { createRedactor } from '../../../src/observability/redactor.js';
import { createRunRenderer } from '../../../src/slack/agent/relay/create-run-renderer.js';
import { createWebClientWriter } from '../../../src/slack/agent/relay/web-client-writer.js';
import { toStreamMarkdown } from '../../../src/slack/agent/cards/render-native-stream-chunks.js';
import { createManualTimers } from '../support/manual-timers.js';

const TOOLS = 300;
const TEXT_CHARS = 30_000;
const BOT_TOKEN = 'xoxb-stream-size-token';

/** ~100 characters of answer text per tool call, some of it multi-byte. */
function answerText(chars: number): string {
  const sentence = 'NVIDIA data-center revenue rose **46%** year on year; 营收增长 in China slowed. ';
  return sentence.repeat(Math.ceil(chars / sentence.length)).slice(0, chars);
}

function buildTool(i: number, status: ToolCall['status']): ToolCall {
  return {
    id: `call_${String(i).padStart(3, '0')}`,
    toolName: i % 2 === 0 ? 'search_documents' : 'get_income_statement',
    keyInput: `query: NVIDIA data-center revenue, quarter ${i % 8}, symbols NVDA AMD INTC`,
    status,
    ...(status === 'done' ? { resultCount: 10 + (i % 5) } : {}),
  };
}

function buildView(toolsDone: number, running: boolean, textChars: number): RunView {
  const tools = Array.from({ length: toolsDone }, (_, i) => buildTool(i, 'done'));
  if (running) tools.push(buildTool(toolsDone, 'running'));
  return {
    ...initialRunView({ startedAtMs: 0 }),
    eventCount: toolsDone * 2 + (running ? 1 : 0),
    tools,
    segments: [{ id: 's1', text: answerText(textChars), open: true }],
  };
}

/** Runs every write at once (the real scheduler's pacing is tested elsewhere) and counts those in flight. */
function createImmediateScheduler(): UpdateScheduler & { inFlight(): number } {
  let inFlight = 0;
  return {
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
    inFlight: () => inFlight,
  };
}

const parseChunks = (raw: unknown): StreamChunk[] => (typeof raw === 'string' ? JSON.parse(raw) : ((raw as StreamChunk[]) ?? []));

describe('native streaming of a long run within Slack’s stream size', () => {
  let slack: SlackEmulator;
  const logLines: string[] = [];
  beforeAll(async () => {
    slack = await startSlackEmulator({ botToken: BOT_TOKEN, rateLimits: 'off' });
  });
  afterAll(() => slack.close());

  it('streams 300 task updates and 30,000 characters in segments Slack accepts, none refused msg_too_long', async () => {
    const timers = createManualTimers(1_000);
    const logger = createLogger({ level: 'info', redact: createRedactor([BOT_TOKEN]), write: (l) => logLines.push(l) });
    const scheduler = createImmediateScheduler();
    const channel = slack.defaultDmId;
    const threadTs = (
      await slack.postMessage({ text: 'Explain NVIDIA data-center revenue', channel_id: channel, user_id: slack.defaultUserId })
    ).ts;
    const sink: RunSink = createNativeStreamSink(
      { runId: 'run-size', teamId: slack.teamId, channelId: channel, threadTs, replyTs: threadTs },
      {
        slack: createWebClientWriter({ token: BOT_TOKEN, apiUrl: slack.apiUrl, logger }),
        scheduler,
        renderer: createRunRenderer({ clock: timers.now })({ runId: 'run-size', askerUserId: slack.defaultUserId }),
        metrics: createRelayMetrics(),
        logger,
        clock: timers.now,
        timers,
        metadataFor: () => buildRunMetadata({ run_id: 'run-size', part: 1, conversation_id: '1', assistant_message_id: 'm1', offset: -1 }),
        events: { onShown: () => undefined },
      },
      DEFAULT_NATIVE_STREAM_OPTIONS,
    );
    // Until every write the sink started has landed and nothing is pending (no wall-clock wait).
    const settled = async () => {
      do await new Promise<void>((resolve) => setImmediate(resolve));
      while (scheduler.inFlight() > 0 || sink.pendingSince() !== undefined);
    };

    const perTool = TEXT_CHARS / TOOLS;
    for (let i = 0; i < TOOLS; i += 1) {
      // Each start and each end of a tool call is written on its own: 600 task updates.
      await timers.advance(250);
      sink.offer(buildView(i, true, Math.round(i * perTool)), timers.now());
      await settled();
      await timers.advance(250);
      sink.offer(buildView(i + 1, false, Math.round((i + 1) * perTool)), timers.now());
      await settled();
    }
    const last = buildView(TOOLS, false, TEXT_CHARS);
    sink.offer(last, timers.now());
    await settled();
    await sink.close();

    const streamCalls = slack.calls.filter((c) => c.method.endsWith('Stream'));
    expect(streamCalls.filter((c) => !c.ok).map((c) => `${c.method}:${c.error}`)).toEqual([]);
    expect(slack.calls.some((c) => c.error === 'msg_too_long')).toBe(false);

    // The segments, in order: every one stopped and within Slack's size.
    const segments = slack.threadReplies(channel, threadTs).filter((m) => m.streaming !== undefined);
    const sizes = segments.map((m) => streamedBytes(m.text, m.streaming!.chunks));
    expect(segments.length).toBeGreaterThan(1);
    expect(segments.every((m) => m.streaming?.state === 'stopped' && m.streaming.endReason === 'stopped')).toBe(true);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(SEGMENT_MAX_BYTES);
    expect(Math.max(...sizes)).toBeLessThan(slackLimits.streamMessageBytes);
    const total = sizes.reduce((a, b) => a + b, 0);
    expect(segments.length).toBeGreaterThanOrEqual(Math.ceil(total / SEGMENT_MAX_BYTES));

    // The full text, across segments, exactly once and in order.
    expect(segments.map((m) => m.text).join('')).toBe(toStreamMarkdown(last));
    // Every task's last update says complete; the task chunks sent carry all 300 calls.
    const sentTasks = streamCalls.flatMap((c) => parseChunks(c.args.chunks)).filter((c) => c.type === 'task_update');
    const lastStatus = new Map(sentTasks.map((c) => [c.id, c.status]));
    expect(lastStatus.size).toBe(TOOLS);
    expect(sentTasks.length).toBe(2 * TOOLS);
    expect([...lastStatus.values()].every((s) => s === 'complete')).toBe(true);
    expect(logLines.filter((l) => l.includes('cut short') || l.includes('too long'))).toEqual([]);
  });
});
