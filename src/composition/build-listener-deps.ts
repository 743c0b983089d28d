/**
 * What every listener may use (ListenerDeps), with the parts only listeners need built here: the
 * service's status for App Home and readiness, and the queue of runs waiting out an outage.
 */
import type { RelayRuntime } from '../agent/runtime/relay-runtime.js';
import { systemTimers } from '../agent/runtime/timers.js';
import { SERVICE_MAX_DOCUMENT_BYTES } from '../config/document-config.js';
import type { Logger } from '../observability/logger.js';
import type { ResearchService } from '../service/types.js';
import { startNextQueuedQuestion } from '../slack/agent/runs/start-queued-questions.js';
import {
  createDeferredWorkQueue,
  DEFERRED_START_DEFAULTS,
  type DeferredWorkQueue,
  type DeferredWorkQueueOptions,
} from '../slack/kit/deferred-work-queue.js';
import type { DocumentAddOptions, DocumentAddSettings, ListenerDeps } from '../slack/kit/listener-deps.js';
import { createServiceStatus, type ServiceStatus } from '../slack/kit/service-status.js';
import type { RateBudget } from '../slack-api/rate-budget.js';
import type { AppStores } from '../store/app-stores.js';
import type { Workspaces } from '../workspaces/workspaces.js';

export type DeferredStartOptions = Partial<Pick<DeferredWorkQueueOptions, 'capacity' | 'maxWaitMs' | 'initialBackoffMs' | 'maxBackoffMs'>>;

export interface ListenerDepsOptions {
  workspaces: Workspaces;
  stores: AppStores;
  relay: RelayRuntime;
  budget: RateBudget;
  logger: Logger;
  clock: () => number;
  demo: boolean;
  documentUrlDomains: string[];
  trustedLinkHosts: string[];
  showAgentUsage: boolean;
  figureCheck: boolean;
  /** The process's service client: its status is what App Home and /readyz show. */
  service: ResearchService;
  /** Many workspaces: the process probes the service with no workspace's key. */
  multiWorkspace: boolean;
  deferredStarts?: DeferredStartOptions | undefined;
  documentAdds?: DocumentAddOptions | undefined;
  /** Told when a question is queued behind its thread's run (the metrics' counter). */
  onQuestionQueued?: (() => void) | undefined;
}

/** The service's size limit; 30 minutes of processing; status polls from 1 s, doubling up to 30 s (a small file is searchable in seconds). */
export function documentAddSettings(options: DocumentAddOptions | undefined, clock: () => number): DocumentAddSettings {
  const following = new AbortController();
  return {
    maxBytes: options?.maxBytes ?? SERVICE_MAX_DOCUMENT_BYTES,
    processingDeadlineMs: options?.processingDeadlineMs ?? 30 * 60_000,
    pollInitialMs: options?.pollInitialMs ?? 1_000,
    pollMaxMs: options?.pollMaxMs ?? 30_000,
    timers: options?.timers ?? systemTimers,
    clock: options?.clock ?? clock,
    stopping: following.signal,
    stopFollowing: () => following.abort(),
  };
}

export interface DeskListenerDeps {
  deps: ListenerDeps;
  serviceStatus: ServiceStatus;
  deferredStarts: DeferredWorkQueue;
}

export function buildListenerDeps(options: ListenerDepsOptions): DeskListenerDeps {
  const { relay, logger, clock } = options;
  // With many workspaces an answer refusing the missing key still shows the service is up.
  const serviceStatus = createServiceStatus(options.service, clock, { authErrorIsReachable: options.multiWorkspace });
  // Acked events that could not start a run during an outage wait here (Slack will not redeliver them).
  const deferredStarts = createDeferredWorkQueue({ ...DEFERRED_START_DEFAULTS, ...options.deferredStarts, logger, clock });
  const deps: ListenerDeps = {
    ...(options.onQuestionQueued ? { onQuestionQueued: options.onQuestionQueued } : {}),
    workspaces: options.workspaces,
    stores: options.stores,
    relay,
    budget: options.budget,
    logger,
    clock,
    demo: options.demo,
    documentUrlDomains: options.documentUrlDomains,
    trustedLinkHosts: options.trustedLinkHosts,
    showAgentUsage: options.showAgentUsage,
    figureCheck: options.figureCheck,
    serviceStatus,
    deferredStarts,
    documentAdds: documentAddSettings(options.documentAdds, clock),
    startQueuedQuestions: (thread) => {
      startNextQueuedQuestion(deps, thread, { log: logger }).catch((error: unknown) =>
        logger.error('starting a queued question failed', { channel: thread.channelId, thread_ts: thread.threadTs, error }),
      );
    },
  };
  // A run that ends frees its thread for the question waiting behind it (on whichever replica relayed it).
  relay.onRunEnded((run) => deps.startQueuedQuestions(run));
  return { deps, serviceStatus, deferredStarts };
}
