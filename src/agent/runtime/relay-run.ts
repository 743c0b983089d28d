/**
 * Drives one run from wherever its record says it stands to its final render. Each external step
 * is preceded by saving the record, so a crash at any point resumes here without a second reply,
 * a second chat or lost text: conversation → reply (posted, or adopted by metadata) → chat (or
 * the assistant message id recovered from listMessages) → events (earlier ones re-read with
 * stream=false, then followed from the saved offset + 1) → sink → authoritative final render.
 */
import type { StreamingMode } from '../../config.js';
import type { Logger } from '../../observability/logger.js';
import { isServiceError } from '../../service/errors/service-error.js';
import type { ResearchService, WorkflowStreamEvent } from '../../service/types.js';
import type { RunRecord, RunStatus } from '../../store/records.js';
import type { RunStore } from '../../store/run-store.js';
import type { ThreadConversations } from '../../store/thread-conversations.js';
import { chooseDeliveryPath } from '../sinks/choose-delivery-path.js';
import { createNativeStreamSink, type NativeStreamOptions } from '../sinks/native-stream-sink.js';
import { nextWithin, RunStopped, sleepUnlessAborted } from '../events/next-within.js';
import { orderEventsByOffset, reduceRun, reduceRunEvents } from '../state/reduce-run.js';
import type { RelayMetrics } from '../sinks/relay-metrics.js';
import { buildRunMetadata } from '../sinks/run-message-metadata.js';
import { createRunRecordKeeper } from '../state/run-record-keeper.js';
import type { RunRenderer } from '../sinks/run-renderer.js';
import type { RunSink, SinkEvents } from '../sinks/run-sink.js';
import { initialRunView, isTerminal, markCancelRequested, markTimedOut, type RunView } from '../state/run-view.js';
import { isSlackWriteError } from '../slack-write-error.js';
import { SLACK_METHOD, type SlackWriter } from '../sinks/slack-writer.js';
import { ensureChat, ensureConversation, ensureReply, type StartStepsContext } from './start-run-steps.js';
import { sweepOrphanSegments } from '../sinks/sweep-orphan-segments.js';
import type { UpdateScheduler } from '../sinks/update-scheduler.js';
import { createUpdateSink, type SinkDeps } from '../sinks/update-sink.js';
import { writeFinalAnswer } from '../sinks/write-final-answer.js';

export interface RelayRunDeps {
  service: ResearchService;
  slack: SlackWriter;
  scheduler: UpdateScheduler;
  runs: Pick<RunStore, 'save' | 'saveProgress' | 'markEnded' | 'get'>;
  threads: Pick<ThreadConversations, 'get' | 'save'>;
  metrics: RelayMetrics;
  logger: Logger;
  clock: () => number;
  streaming: StreamingMode;
  idleTimeoutMs: number;
  /** The offset is saved at least this often while events arrive (and with every shown update). */
  offsetSaveIntervalMs: number;
  native: NativeStreamOptions;
  rendererFor(record: RunRecord): RunRenderer;
  /** Channels that are assistant (agent view) threads, where auto mode streams natively. */
  isAssistantThread?(channelId: string, threadTs: string): boolean;
}

export type RunOutcome = { ended: true; status: RunStatus } | { ended: false; reason: 'stopped' };

export interface RunHandle {
  readonly runId: string;
  readonly done: Promise<RunOutcome>;
  /** Stops relaying without finishing (lease lost, shutdown): the in-flight write completes and the offset is saved. */
  stop(): Promise<void>;
  /** Records who pressed Cancel (shown in the ending). */
  noteCancel(byUserId: string): void;
  record(): RunRecord;
}

const MAX_REATTACH = 5;

export function relayRun(initial: RunRecord, deps: RelayRunDeps, options: { resumed: boolean }): RunHandle {
  const keeper = createRunRecordKeeper(initial, deps.runs, deps.clock);
  const rec = keeper.get;
  const log = deps.logger.child({ runId: rec().runId, component: 'relay-run' });
  // Bound to the current record on every call: the conversation URL is learnt after the start.
  const renderer: RunRenderer = {
    progress: (v) => deps.rendererFor(rec()).progress(v),
    final: (v) => deps.rendererFor(rec()).final(v),
    taskChunks: (v) => deps.rendererFor(rec()).taskChunks(v),
    streamMarkdown: (v) => deps.rendererFor(rec()).streamMarkdown(v),
  };
  const stopper = new AbortController();
  let sink: RunSink | undefined;
  let view: RunView = initialRunView({ startedAtMs: rec().startedAtMs });

  const target = () => ({ runId: rec().runId, teamId: rec().teamId, channelId: rec().channelId, threadTs: rec().threadTs });
  const checkStopped = (): void => {
    if (stopper.signal.aborted) throw new RunStopped();
  };
  const metadataFor = (v: RunView, part = 1) =>
    buildRunMetadata({
      run_id: rec().runId,
      part,
      conversation_id: rec().conversationId,
      assistant_message_id: rec().assistantMessageId,
      offset: v.lastOffset,
      status: v.status,
    });

  // A startStream whose outcome is unknown may have left a segment we hold no ts for.
  let straySegmentPossible = false;
  const sinkEvents: SinkEvents = {
    onStraySegmentPossible: () => {
      straySegmentPossible = true;
    },
    onShown: async (v) => {
      if (v.lastOffset > rec().lastOffset) await keeper.save({ lastOffset: v.lastOffset }, 'progress');
    },
    onSegmentStarting: () => keeper.save({ openStreamTs: 'starting' }, 'progress'),
    onSegmentStarted: (ts) => keeper.save({ openStreamTs: ts, replyTs: [...rec().replyTs, ts] }, 'progress'),
    onSegmentStopped: async (ts) => {
      if (rec().openStreamTs === ts) await keeper.save({ openStreamTs: undefined }, 'progress');
    },
  };

  const makeSink = (): RunSink => {
    const sinkDeps: SinkDeps = {
      slack: deps.slack,
      scheduler: deps.scheduler,
      renderer,
      metrics: deps.metrics,
      logger: log,
      clock: deps.clock,
      metadataFor: (v) => metadataFor(v),
      events: sinkEvents,
    };
    const t = { ...target(), replyTs: rec().replyTs[0]! };
    const path = chooseDeliveryPath(deps.streaming, rec().channelId, deps.isAssistantThread?.(rec().channelId, rec().threadTs) ?? false);
    return path === 'native'
      ? createNativeStreamSink(t, sinkDeps, { ...deps.native, recipientUserId: rec().askerUserId })
      : createUpdateSink(t, sinkDeps);
  };

  const steps: StartStepsContext = {
    keeper,
    service: deps.service,
    threads: deps.threads,
    thread: { slack: deps.slack, scheduler: deps.scheduler, clock: deps.clock },
    renderer,
    log,
    signal: stopper.signal,
    resumed: options.resumed,
    metadataFor,
  };

  const rebuildView = async (): Promise<void> => {
    let v = initialRunView({ startedAtMs: rec().startedAtMs });
    if (rec().lastOffset >= 0) {
      const earlier = await deps.service.listEvents(rec().conversationId, rec().assistantMessageId, {
        fromOffset: 0,
        signal: stopper.signal,
        correlationId: rec().runId,
      });
      const upTo = earlier.filter((e) => typeof e.offset !== 'number' || e.offset <= rec().lastOffset);
      v = reduceRunEvents(v, orderEventsByOffset(upTo));
    }
    const { cancelledBy } = rec();
    if (cancelledBy) v = markCancelRequested(v, cancelledBy, rec().updatedAtMs);
    view = v;
  };

  /** A native stream left open by a crash: stop it before anything edits the thread, then drop it. */
  const stopOrphanedStream = async (): Promise<void> => {
    const orphan = rec().openStreamTs;
    if (!orphan) return;
    if (orphan === 'starting' || straySegmentPossible) {
      await sweepOrphanSegments({ ...target(), replyTs: rec().replyTs[0]!, knownTs: rec().replyTs }, { ...deps, logger: log });
      straySegmentPossible = false;
      if (orphan === 'starting') {
        await keeper.save({ openStreamTs: undefined });
        return;
      }
    }
    const slot = (method: (typeof SLACK_METHOD)[keyof typeof SLACK_METHOD]) => ({ ...target(), method, since: deps.clock() });
    const tolerate = (e: unknown): void => {
      if (!(isSlackWriteError(e) && !e.rateLimited && e.outcome === 'failed')) throw e;
    };
    await deps.scheduler
      .schedule(slot(SLACK_METHOD.stopStream), () => deps.slack.stopStream({ channel: rec().channelId, ts: orphan }))
      .catch(tolerate);
    await deps.scheduler
      .schedule(slot(SLACK_METHOD.delete), () => deps.slack.delete({ channel: rec().channelId, ts: orphan }))
      .catch(tolerate);
    await keeper.save({ openStreamTs: undefined, replyTs: rec().replyTs.filter((ts) => ts !== orphan) });
    log.info('stopped the native stream a crash left open', { ts: orphan });
  };

  const failWith = (message: string): void => {
    view = reduceRun(view, {
      event_id: `relay-error:${rec().runId}`,
      event_type: 'error',
      timestamp: deps.clock(),
      response_id: view.responseId ?? '',
      error: { message },
    });
  };

  const pumpEvents = async (live: AsyncIterable<WorkflowStreamEvent> | undefined): Promise<void> => {
    let source = live;
    let reattach = 0;
    let lastSave = deps.clock();
    while (!isTerminal(view)) {
      checkStopped();
      source ??= deps.service.streamEvents(rec().conversationId, rec().assistantMessageId, {
        fromOffset: view.lastOffset + 1,
        signal: stopper.signal,
        correlationId: rec().runId,
      });
      const iterator = source[Symbol.asyncIterator]();
      try {
        for (;;) {
          const next = await nextWithin(iterator, deps.idleTimeoutMs, stopper.signal);
          checkStopped();
          if (next === 'timeout') {
            log.warn('run went silent; ending it', { silentForMs: deps.idleTimeoutMs });
            view = markTimedOut(view, deps.idleTimeoutMs, deps.clock());
            return;
          }
          if (next.done) break;
          const arrived = deps.clock();
          const before = view;
          view = reduceRun(view, next.value);
          if (view === before) continue;
          reattach = 0;
          sink?.offer(view, arrived);
          if (arrived - lastSave >= deps.offsetSaveIntervalMs) {
            lastSave = arrived;
            void keeper
              .save({ lastOffset: view.lastOffset }, 'progress')
              .catch((error: unknown) => log.warn('could not save the run offset', { error }));
          }
          if (isTerminal(view)) return;
        }
      } catch (error) {
        if (error instanceof RunStopped || stopper.signal.aborted) throw new RunStopped();
        const retryable = isServiceError(error) && error.retryable;
        if (!retryable || reattach >= MAX_REATTACH) {
          log.error('lost the run event stream', { error });
          failWith(isServiceError(error) ? 'the research service stopped sending updates for this run' : 'the run could not be followed');
          return;
        }
      } finally {
        void iterator.return?.()?.catch(() => undefined);
      }
      // The stream ended (or broke) before the run did: follow it again from the last offset.
      reattach += 1;
      if (reattach > MAX_REATTACH) {
        failWith('the research service closed the run stream before the run ended');
        return;
      }
      source = undefined;
      await sleepUnlessAborted(Math.min(5000, 250 * 2 ** reattach), stopper.signal);
    }
  };

  const finish = async (fallbackSince: number): Promise<RunOutcome> => {
    const since = Math.min(fallbackSince, sink?.pendingSince() ?? fallbackSince);
    await sink?.close();
    checkStopped();
    if (straySegmentPossible || rec().openStreamTs === 'starting') {
      await sweepOrphanSegments({ ...target(), replyTs: rec().replyTs[0]!, knownTs: rec().replyTs }, { ...deps, logger: log });
      straySegmentPossible = false;
      if (rec().openStreamTs === 'starting') keeper.apply({ openStreamTs: undefined });
    }
    if (view.status === 'cancelled' && !view.cancel?.byUserId) {
      // Cancel may have been pressed on another replica: its record knows who.
      const stored = await deps.runs.get(rec().runId).catch(() => null);
      if (stored?.cancelledBy) view = markCancelRequested(view, stored.cancelledBy, stored.updatedAtMs);
    }
    const parts = renderer.final(view);
    const [replyTs, ...otherTs] = rec().replyTs;
    const kept = await writeFinalAnswer(
      {
        ...target(),
        replyTs: replyTs!,
        otherTs,
        ...(rec().openStreamTs && rec().openStreamTs !== 'starting' ? { openStreamTs: rec().openStreamTs } : {}),
        lookInThread: options.resumed,
      },
      parts,
      {
        run_id: rec().runId,
        conversation_id: rec().conversationId,
        assistant_message_id: rec().assistantMessageId,
        offset: view.lastOffset,
        status: view.status,
      },
      {
        ...deps,
        logger: log,
        saveMessages: (ts) => keeper.save({ openStreamTs: undefined, replyTs: ts }, 'progress'),
      },
      since,
    );
    // The final render showed whatever was still pending: that wait counts as staleness too.
    if (since < fallbackSince) deps.metrics.recordStaleness(deps.clock() - since);
    const status: Exclude<RunStatus, 'starting' | 'running'> =
      view.status === 'completed' ? 'completed' : view.status === 'cancelled' ? 'cancelled' : view.timeout ? 'timed_out' : 'failed';
    await keeper.settled();
    await deps.runs.markEnded(rec().runId, status, {
      replyTs: kept,
      lastOffset: view.lastOffset,
      ...(view.cancel?.byUserId ? { cancelledBy: view.cancel.byUserId } : {}),
    });
    keeper.apply({ status, replyTs: kept, lastOffset: view.lastOffset });
    log.info('run relayed', { status, parts: kept.length, offset: view.lastOffset });
    return { ended: true, status };
  };

  const main = async (): Promise<RunOutcome> => {
    try {
      let live: AsyncIterable<WorkflowStreamEvent> | undefined;
      try {
        // The conversation comes first: a crash right after creating it is the one step that
        // cannot be looked up again, so keep it as short as possible before the save.
        await ensureConversation(steps);
        checkStopped();
        await ensureReply(steps);
        checkStopped();
        live = await ensureChat(steps);
        checkStopped();
        if (!live) await rebuildView();
      } catch (error) {
        if (error instanceof RunStopped || stopper.signal.aborted) throw new RunStopped();
        if (isSlackWriteError(error)) throw error;
        log.error('could not start the agent run', { error });
        await ensureReply(steps);
        failWith(isServiceError(error) && error.serviceDetail ? error.serviceDetail : 'the research service could not start the run');
        return await finish(deps.clock());
      }
      await stopOrphanedStream();
      checkStopped();
      if (!isTerminal(view)) {
        sink = makeSink();
        if (view.eventCount > 0) sink.offer(view, deps.clock());
        await pumpEvents(live);
      }
      checkStopped();
      return await finish(deps.clock());
    } catch (error) {
      if (error instanceof RunStopped || stopper.signal.aborted) {
        await sink?.close().catch(() => undefined);
        if (view.lastOffset > rec().lastOffset && rec().replyTs[0]) {
          await keeper.save({ lastOffset: view.lastOffset }, 'progress').catch(() => undefined);
        }
        await keeper.settled();
        return { ended: false, reason: 'stopped' };
      }
      if (isSlackWriteError(error) && error.outcome === 'failed' && !error.rateLimited) {
        // Slack refuses this thread for good (channel gone, app removed): retrying cannot help.
        log.error('Slack refused the run thread; giving the run up', { error });
        await sink?.close().catch(() => undefined);
        await deps.runs.markEnded(rec().runId, 'failed', { lastOffset: view.lastOffset }).catch(() => undefined);
        return { ended: true, status: 'failed' };
      }
      // Anything else may pass (store or network trouble): the lease expires and a replica resumes.
      throw error;
    }
  };

  const done = main();
  return {
    runId: rec().runId,
    done,
    async stop() {
      stopper.abort();
      await done.catch(() => undefined);
    },
    noteCancel(byUserId) {
      keeper.apply({ cancelledBy: byUserId });
      view = markCancelRequested(view, byUserId, deps.clock());
    },
    record: () => rec(),
  };
}
