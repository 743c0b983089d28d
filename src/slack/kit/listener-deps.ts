/** What every listener may use. Built once in src/composition/build-listener-deps.ts; tests build it around the emulators. */
import type { RelayRuntime } from '../../agent/runtime/relay-runtime.js';
import type { Timers } from '../../agent/runtime/timers.js';
import type { Logger } from '../../observability/logger.js';
import type { RateBudget } from '../../slack-api/rate-budget.js';
import type { AppStores } from '../../store/app-stores.js';
import type { ThreadRef } from '../../store/thread-question-queue.js';
import type { Workspaces } from '../../workspaces/workspaces.js';
import type { ServiceStatus } from './service-status.js';
import type { DeferredWorkQueue } from './deferred-work-queue.js';

/** Adding files to research folders (issue 31; defaults in src/composition/build-listener-deps.ts). */
export interface DocumentAddSettings {
  /** Largest file fetched from Slack and sent to the service (DOCUMENT_MAX_BYTES). */
  maxBytes: number;
  /** How long a file's processing is followed, from when it was added (DOCUMENT_PROCESSING_MINUTES). */
  processingDeadlineMs: number;
  /** First and longest wait between two processing status calls (the wait doubles in between). */
  pollInitialMs: number;
  pollMaxMs: number;
  /** The status polls' timers and the deadline's clock: tests drive them instead of waiting. */
  timers: Timers;
  clock: () => number;
  /** Aborted when the process stops: files being followed are left to the next start (resumeDocumentFollows). */
  stopping: AbortSignal;
  /** Aborts `stopping` (the process's background work stopping, start-background-work.ts). */
  stopFollowing(): void;
}

export type DocumentAddOptions = Partial<Omit<DocumentAddSettings, 'stopping' | 'stopFollowing'>>;

export interface ListenerDeps {
  /** Each workspace's service and Slack client: a request uses its own workspace's (`ctx.workspace`). */
  workspaces: Workspaces;
  stores: AppStores;
  relay: RelayRuntime;
  /** The process's one Slack rate budget, shared with the relay: listeners pace their channel posts with it. */
  budget: RateBudget;
  logger: Logger;
  clock: () => number;
  /** True when the service is the embedded demo emulator: cards say "demo data". */
  demo: boolean;
  /** Hosts whose document links unfurl. */
  documentUrlDomains: string[];
  /** Hosts whose links in agent text keep their label (the relay's renderer gets the same). */
  trustedLinkHosts?: string[];
  /** Token usage under agent answers, replays included (AGENT_USAGE_FOOTER=on). */
  showAgentUsage?: boolean;
  /** Replayed answers get their "Figures checked" section too (FIGURE_CHECK, default on). */
  figureCheck?: boolean;
  /** Reachability and latency of the service, shown on App Home. */
  serviceStatus: ServiceStatus;
  /** Agent runs that could not start during an outage, waiting to start by themselves. */
  deferredStarts: DeferredWorkQueue;
  /**
   * Starts the oldest question waiting in the thread's queue if no run works there now; never
   * throws (failures are logged). Wired in src/composition/build-listener-deps.ts (start-queued-questions.ts).
   */
  startQueuedQuestions(thread: ThreadRef): void;
  documentAdds: DocumentAddSettings;
  /** Told when a question is queued behind the run in its thread (the metrics' counter); none by default. */
  onQuestionQueued?: () => void;
}
