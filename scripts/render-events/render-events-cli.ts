/**
 * `npm run render-events -- <file>`: replays a recorded run through the same relay code with a
 * recording Slack writer, prints each Slack call the relay would make (one line each), and ends
 * with one line: a JSON array of the thread's final messages in order, `{text, blocks}` each.
 * Input: a JSON array of events, endpoint 15's `{assistant_events: [...]}`, or one event per line.
 * Environment: SLACK_STREAMING=auto|native|update (default update), RENDER_CHANNEL (default C_RECORDED;
 * a D… id streams natively in auto mode).
 */
import type { KnownBlock } from '@slack/types';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { StreamingMode } from '../../src/config/relay-config.js';
import { createLogger } from '../../src/observability/logger.js';
import { createRedactor } from '../../src/observability/redactor.js';
import type { WorkflowStreamEvent } from '../../src/service/types.js';
import { createFileStateStore } from '../../src/store/file-state-store.js';
import { Leases } from '../../src/store/leases.js';
import { RunStore } from '../../src/store/run-store.js';
import { ThreadConversations } from '../../src/store/thread-conversations.js';
import { createRunRenderer } from '../../src/slack/agent/relay/create-run-renderer.js';
import type { RateBudget } from '../../src/slack-api/rate-budget.js';
import { planSlots, SLACK_RATE_LIMITS } from '../../src/slack-api/rate-limits.js';
import { createRecordedRunService } from './recorded-run-service.js';
import { createRecordingSlackWriter, type RecordedCall } from './recording-slack-writer.js';
import { createRelayRuntime } from '../../src/agent/runtime/relay-runtime.js';

export class RecordedRunFormatError extends Error {
  override readonly name = 'RecordedRunFormatError';
}

/** Parses the three accepted shapes of a recorded run. */
export function parseRecordedEvents(text: string): WorkflowStreamEvent[] {
  const trimmed = text.trim();
  if (trimmed === '') throw new RecordedRunFormatError('the file is empty');
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (Array.isArray(parsed)) return parsed as WorkflowStreamEvent[];
    if (parsed && typeof parsed === 'object' && Array.isArray((parsed as { assistant_events?: unknown }).assistant_events)) {
      return (parsed as { assistant_events: WorkflowStreamEvent[] }).assistant_events;
    }
    if (parsed && typeof parsed === 'object') return [parsed as WorkflowStreamEvent];
  } catch {
    // Not one JSON document: one event per line.
  }
  return trimmed
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((line, i) => {
      const body = line.startsWith('data:') ? line.slice(5).trim() : line;
      try {
        return JSON.parse(body) as WorkflowStreamEvent;
      } catch {
        throw new RecordedRunFormatError(`line ${i + 1} is not a JSON event`);
      }
    });
}

export interface RenderRecordedRunOptions {
  streaming?: StreamingMode;
  channelId?: string;
  question?: string;
  /** The conversation's page, so the footer (and where long answers are cut) is the live run's. */
  conversationUrl?: string;
}

export interface RenderedRecordedRun {
  calls: RecordedCall[];
  messages: Array<{ text: string; blocks: KnownBlock[] }>;
}

/** A budget that always grants: offline there is no Slack to protect. */
function unlimitedBudget(): RateBudget {
  return {
    tryTake: async () => ({ granted: true }),
    block: async () => undefined,
    plan: (method) => planSlots(SLACK_RATE_LIMITS[method]),
  };
}

export async function renderRecordedRun(
  events: WorkflowStreamEvent[],
  options: RenderRecordedRunOptions = {},
): Promise<RenderedRecordedRun> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'render-events-'));
  const store = await createFileStateStore({ dir });
  const slack = createRecordingSlackWriter();
  const logger = createLogger({ level: 'error', redact: createRedactor([]), write: (l) => process.stderr.write(`${l}\n`) });
  const channelId = options.channelId ?? 'C_RECORDED';
  const threadTs = '1700000000.000000';
  const runtime = createRelayRuntime({
    service: createRecordedRunService(events, Date.now, options.conversationUrl),
    slack,
    store: { runs: new RunStore(store), leases: new Leases(store), threads: new ThreadConversations(store) },
    logger,
    instanceId: 'render-events',
    streaming: options.streaming ?? 'update',
    budget: unlimitedBudget(),
    idleTimeoutMs: 2000,
    leaseMs: 60_000,
    rendererFor: createRunRenderer({}),
  });
  try {
    const { runId } = await runtime.startRun({
      teamId: 'T_RECORDED',
      channelId,
      threadTs,
      askerUserId: 'U_RECORDED',
      question: options.question ?? 'Recorded run',
    });
    await runtime.waitForRun(runId);
    return { calls: slack.calls, messages: slack.threadMessages(channelId, threadTs) };
  } finally {
    await runtime.shutdown();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function main(argv: string[]): Promise<number> {
  const file = argv[0];
  if (!file) {
    process.stderr.write('usage: npm run render-events -- <recorded-run.json|.jsonl>\n');
    return 2;
  }
  const events = parseRecordedEvents(await readFile(file, 'utf8'));
  const streaming = (process.env.SLACK_STREAMING ?? 'update') as StreamingMode;
  const result = await renderRecordedRun(events, {
    streaming: ['auto', 'native', 'update'].includes(streaming) ? streaming : 'update',
    ...(process.env.RENDER_CHANNEL ? { channelId: process.env.RENDER_CHANNEL } : {}),
  });
  for (const call of result.calls) process.stdout.write(`${call.method} ${JSON.stringify(call.args)}\n`);
  process.stdout.write(`${JSON.stringify(result.messages)}\n`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`render-events: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
