/**
 * What starts once the app listens: runs a dead process left behind, the schedules, and the
 * sweep for questions queued in threads whose run ended while no process was there to start them,
 * and the sweep for exports a dead process left uploaded and unshared, and the files a stopped
 * process left processing in research folders (followed again, their users told once), and the
 * Workflow Builder steps waiting for agent runs (completed when the run ends, restarts included).
 */
import type { RelayRuntime } from '../agent/runtime/relay-runtime.js';
import type { Timers } from '../agent/runtime/timers.js';
import type { Logger } from '../observability/logger.js';
import { startWaitingQuestions } from '../slack/agent/runs/start-queued-questions.js';
import { resumeDocumentFollows } from '../slack/folders/follow/resume-document-follows.js';
import { resumePendingExports } from '../slack/kit/export/resume-pending-exports.js';
import type { ListenerDeps } from '../slack/kit/listener-deps.js';
import { FEATURE_HOOKS } from '../slack/register-listeners.js';
import { followAgentExecutions } from '../slack/workflows/register.js';
import type { Schedules } from './build-schedules.js';
import { shareBeats } from './shared-beats.js';

export interface BackgroundWorkOptions {
  relay: RelayRuntime;
  schedules: Schedules;
  deps: ListenerDeps;
  logger: Logger;
  timers: Timers;
  /** How often to look for waiting questions. */
  questionSweepMs: number;
}

export interface BackgroundWork {
  /** Stops the schedules and the sweep (a run in progress is the relay's to stop). */
  stop(): Promise<void>;
}

export function startBackgroundWork(options: BackgroundWorkOptions): BackgroundWork {
  const { relay, schedules, deps, logger } = options;
  // The sweeps below share one wake-up per period instead of one each (issue 33).
  const beats = shareBeats(options.timers);
  // Runs a dead process left behind continue in their own Slack messages.
  void relay.resumeOrphanedRuns().then(
    (runIds) => logger.info('runs resumed at start', { runIds }),
    (error: unknown) => logger.error('resuming orphaned runs failed', { error }),
  );
  schedules.digests.start();
  void schedules.watches.start();
  const sweepQueuedQuestions = () =>
    startWaitingQuestions(deps, { log: logger }).catch((error: unknown) => logger.error('starting waiting questions failed', { error }));
  void sweepQueuedQuestions();
  const questionSweep = beats.every(options.questionSweepMs, () => void sweepQueuedQuestions(), { background: true });
  // Exports a dead process left between upload and share: shared now, or their users told.
  const exportSweep = { log: logger, processStartedAtMs: deps.clock() };
  const sweepExports = () =>
    resumePendingExports(deps, exportSweep).catch((error: unknown) => logger.error('resuming interrupted exports failed', { error }));
  void sweepExports();
  const exportTimer = beats.every(options.questionSweepMs, () => void sweepExports(), { background: true });
  // Workflow steps waiting for agent runs: completed when their run ends here, or by the sweep.
  const workflowSteps = followAgentExecutions(deps, FEATURE_HOOKS, {
    relay,
    timers: beats,
    sweepMs: options.questionSweepMs,
    logger,
  });
  void resumeDocumentFollows(deps, logger).then(
    (count) => logger.info('research documents followed again at start', { count }),
    (error: unknown) => logger.error('following research documents again failed', { error }),
  );
  return {
    async stop() {
      schedules.digests.stop();
      await schedules.watches.stop();
      questionSweep.cancel();
      exportTimer.cancel();
      workflowSteps.stop();
      // Files still processing are followed again by the next start.
      deps.documentAdds.stopFollowing();
    },
  };
}
