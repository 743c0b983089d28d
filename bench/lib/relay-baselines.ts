/**
 * The two baselines the relay benchmark compares against, as other Slack bots do it: the Slack
 * SDK with its defaults (it sleeps through 429s and retries), and either one chat.update per
 * event ("naive") or at most one per second per run ("throttle"). They render with the same
 * Block Kit renderers and write the same metadata (with the offset shown), so staleness is
 * measured the same way for all strategies.
 */
import { WebClient, LogLevel } from '@slack/web-api';
import { createRunRenderer } from '../../src/slack/agent/relay/create-run-renderer.js';
import { reduceRun } from '../../src/agent/state/reduce-run.js';
import { buildRunMetadata } from '../../src/agent/sinks/run-message-metadata.js';
import { initialRunView, isTerminal, type RunView } from '../../src/agent/state/run-view.js';
import type { ResearchService } from '../../src/service/types.js';

export type BaselineStrategy = 'naive' | 'throttle';

export interface BaselineRun {
  teamId: string;
  channelId: string;
  threadTs: string;
  askerUserId: string;
  question: string;
}

export function createBaselineClient(token: string, apiUrl: string): WebClient {
  // SDK defaults on purpose: rejectRateLimitedCalls false, tenRetriesInAboutThirtyMinutes.
  return new WebClient(token, { slackApiUrl: apiUrl, logLevel: LogLevel.ERROR });
}

export async function relayWithBaseline(
  strategy: BaselineStrategy,
  run: BaselineRun,
  deps: { service: ResearchService; client: WebClient; signal: AbortSignal; runId: string },
): Promise<void> {
  const renderer = createRunRenderer({})({ runId: deps.runId, askerUserId: run.askerUserId });
  const conversation = await deps.service.createConversation({ title: run.question });
  let view: RunView = initialRunView({ startedAtMs: Date.now() });
  let assistantMessageId = '';
  // The chat stream hands each event once (the service's event cursor), so the last offset read is the run's.
  let lastOffset = -1;
  const metadata = (v: RunView, part = 1) =>
    buildRunMetadata({
      run_id: deps.runId,
      part,
      conversation_id: conversation.id,
      assistant_message_id: assistantMessageId,
      offset: lastOffset,
      status: v.status,
    }) as never;
  const first = renderer.progress(view);
  const posted = await deps.client.chat.postMessage({
    channel: run.channelId,
    thread_ts: run.threadTs,
    text: first.text,
    blocks: first.blocks as never,
    metadata: metadata(view),
  });
  const ts = posted.ts!;
  const update = async (v: RunView): Promise<void> => {
    const m = renderer.progress(v);
    await deps.client.chat.update({ channel: run.channelId, ts, text: m.text, blocks: m.blocks as never, metadata: metadata(v) });
  };

  const started = await deps.service.chat({ conversationId: conversation.id, message: run.question });
  assistantMessageId = started.assistantMessageId;
  let dirty = false;
  let inFlight: Promise<void> | undefined;
  const ticker =
    strategy === 'throttle'
      ? setInterval(() => {
          if (!dirty || inFlight || deps.signal.aborted) return;
          dirty = false;
          inFlight = update(view)
            .catch(() => undefined)
            .finally(() => {
              inFlight = undefined;
            });
        }, 1000)
      : undefined;
  try {
    for await (const event of started.events) {
      if (deps.signal.aborted) return;
      view = reduceRun(view, event);
      if (event.offset !== undefined) lastOffset = event.offset;
      if (strategy === 'naive') await update(view).catch(() => undefined);
      else dirty = true;
      if (isTerminal(view)) break;
    }
  } finally {
    if (ticker) clearInterval(ticker);
  }
  await inFlight;
  if (deps.signal.aborted) return;
  const parts = renderer.final(view);
  const [part1, ...rest] = parts;
  if (part1) {
    await deps.client.chat.update({
      channel: run.channelId,
      ts,
      text: part1.text,
      blocks: part1.blocks as never,
      metadata: metadata(view),
    });
  }
  for (const [i, p] of rest.entries()) {
    if (deps.signal.aborted) return;
    await deps.client.chat.postMessage({
      channel: run.channelId,
      thread_ts: run.threadTs,
      text: p.text,
      blocks: p.blocks as never,
      metadata: metadata(view, i + 2),
    });
  }
}
