/** The schedules: digests posted at their slots, and watchlists polled for alerts. */
import type { Logger } from '../observability/logger.js';
import { createDigestScheduler, type DigestRetryPolicy, type DigestScheduler } from '../schedules/digest-scheduler.js';
import type { TickTimer } from '../schedules/tick-timer.js';
import { readPageSize, type AppDistribution } from '../slack-api/app-distribution.js';
import type { HistoryReads } from '../slack/kit/posting/last-resort-read.js';
import { createWatchPoller, type WatchPoller } from '../schedules/watch-poller.js';
import { ClaimTrust } from '../schedules/claim-trust.js';
import { createSlackDigestPoster } from '../slack/concepts/digest/post-digest-to-slack.js';
import type { ListenerDeps } from '../slack/kit/listener-deps.js';
import { createSlackWatchPoster } from '../slack/watch/post-watch-alert-to-slack.js';
import type { AppStores } from '../store/app-stores.js';
import type { StateStore } from '../store/state-store.js';
import { WatchPollBudget } from '../store/watch-poll-budget.js';
import type { Workspaces } from '../workspaces/workspaces.js';

const DEFAULT_WATCH_POLL_MS = 5 * 60_000;
const DEFAULT_WATCH_CALLS_PER_MINUTE = 30;

export interface ScheduleOptions {
  stores: AppStores;
  store: StateStore;
  workspaces: Workspaces;
  /** The digest poster renders and paces like a listener. */
  deps: ListenerDeps;
  logger: Logger;
  clock: () => number;
  instanceId: string;
  digestGraceMs: number;
  digestTickMs?: number | undefined;
  digestRetry?: DigestRetryPolicy | undefined;
  watchPollMs?: number | undefined;
  watchCallsPerMinute?: number | undefined;
  watchRetry?: DigestRetryPolicy | undefined;
  watchTimer?: TickTimer | undefined;
  /** Counts what is posted (the metrics' counters); none by default. */
  posted?: { digest(): void; alert(): void } | undefined;
  /** The app's tier: the page size of the last-resort read after a restart (unknown: 15, enough in any tier). */
  distribution?: AppDistribution | undefined;
}

export interface Schedules {
  digests: DigestScheduler;
  watches: WatchPoller;
}

export function buildSchedules(options: ScheduleOptions): Schedules {
  const { stores, workspaces, logger, clock, instanceId } = options;
  // A pending claim is settled from the store's ts first; a read of Slack is one page inside the shared budget.
  const reads: HistoryReads = { pageSize: readPageSize(options.distribution ?? 'non-marketplace'), budget: options.deps.budget };
  // One trust for both: a rollback either of them notices makes the other look in Slack too.
  const trust = new ClaimTrust(clock, logger);
  const digests = createDigestScheduler({
    subscriptions: stores.subscriptions,
    markers: stores.digestMarkers,
    locks: stores.digestLocks,
    clock,
    graceMs: options.digestGraceMs,
    logger,
    instanceId,
    trust,
    ...(options.digestTickMs ? { tickMs: options.digestTickMs } : {}),
    ...(options.digestRetry ? { retry: options.digestRetry } : {}),
    postDigest: countPosted(createSlackDigestPoster({ workspaces, deps: options.deps, reads }), options.posted?.digest),
    onPaused: (subscription, reason) =>
      logger.warn('digest subscription paused', { team: subscription.teamId, channel: subscription.channelId, reason }),
  });
  const watches = createWatchPoller({
    watches: stores.watches,
    // Shared by every replica through the store.
    budget: new WatchPollBudget(options.store, {
      callsPerWindow: options.watchCallsPerMinute ?? DEFAULT_WATCH_CALLS_PER_MINUTE,
      windowMs: 60_000,
      clock,
    }),
    serviceFor: (teamId) => workspaces.service({ teamId }),
    postAlert: countPosted(createSlackWatchPoster({ workspaces, logger, watches: stores.watches, clock, reads }), options.posted?.alert),
    clock,
    logger,
    instanceId,
    trust,
    pollIntervalMs: options.watchPollMs ?? DEFAULT_WATCH_POLL_MS,
    ...(options.watchRetry ? { retry: options.watchRetry } : {}),
    ...(options.watchTimer ? { timer: options.watchTimer } : {}),
  });
  return { digests, watches };
}

/** The poster, telling `count` of each post that answered 'posted'; without `count`, the poster itself. */
function countPosted<A extends unknown[], R>(post: (...args: A) => Promise<R>, count: (() => void) | undefined) {
  if (!count) return post;
  return async (...args: A): Promise<R> => {
    const result = await post(...args);
    if (result === 'posted') count();
    return result;
  };
}
