/**
 * Delivery by chat.update of the run's reply message: every write replaces the whole reply with
 * the newest progress render, so a write may be retried or skipped without losing content.
 * @see https://docs.slack.dev/reference/methods/chat.update
 */
import type { Logger } from '../../observability/logger.js';
import type { Timers } from '../runtime/timers.js';
import { createCoalescer } from './coalescer.js';
import type { RelayMetrics } from './relay-metrics.js';
import type { RunMessageMetadata } from './run-message-metadata.js';
import type { RunRenderer } from './run-renderer.js';
import type { RunSink, SinkEvents } from './run-sink.js';
import type { RunView } from '../state/run-view.js';
import { SLACK_METHOD, type SlackWriter } from './slack-writer.js';
import type { UpdateScheduler } from './update-scheduler.js';

export interface RunTarget {
  runId: string;
  teamId: string;
  channelId: string;
  threadTs: string;
  /** The reply message the run owns (part 1). */
  replyTs: string;
}

export interface SinkDeps {
  slack: SlackWriter;
  scheduler: UpdateScheduler;
  renderer: RunRenderer;
  metrics: RelayMetrics;
  logger: Logger;
  clock: () => number;
  timers: Timers;
  /** Metadata of the reply for a view (carries the offset it reflects). */
  metadataFor(view: RunView): RunMessageMetadata;
  events: SinkEvents;
}

export function createUpdateSink(target: RunTarget, deps: SinkDeps): RunSink {
  const coalescer = createCoalescer({
    metrics: deps.metrics,
    logger: deps.logger,
    clock: deps.clock,
    timers: deps.timers,
    write: async (handle) => {
      await deps.scheduler.schedule(
        { teamId: target.teamId, channelId: target.channelId, runId: target.runId, method: SLACK_METHOD.update, since: handle.since },
        async () => {
          const content = handle.take();
          try {
            const message = deps.renderer.progress(content.view);
            await deps.slack.update({
              channel: target.channelId,
              ts: target.replyTs,
              text: message.text,
              blocks: message.blocks,
              metadata: deps.metadataFor(content.view),
            });
          } catch (error) {
            // chat.update is idempotent (newest state wins): the content simply stays pending.
            handle.restore(content);
            throw error;
          }
          handle.shown(content);
          await deps.events.onShown(content.view);
        },
        handle.signal,
      );
    },
  });
  return {
    path: 'update',
    offer: (view, at) => coalescer.offer(view, at),
    pendingSince: () => coalescer.pendingSince(),
    close: () => coalescer.close(),
  };
}
