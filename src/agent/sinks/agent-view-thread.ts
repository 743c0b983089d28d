/**
 * Slack's own view of a run in its thread: the agent session's status (agents.sessions.setStatus:
 * `processing` while the run works, which shows Slack's native Stop button; `active` once it
 * answered, `closed` when it was cancelled or failed), in any thread, channel or DM; and, in the
 * app's DM (the agent view), the thread's status line with loading messages from the run's
 * current step (assistant.threads.setStatus). Every call waits its turn in the update scheduler
 * under the shared rate budget; a queued status call sends the newest status when its turn comes.
 * Statuses are decoration: a failure is logged, never thrown. Where Slack refuses a session (an
 * error answer, not a rate limit or an outage), the run stops asking for one and keeps its Cancel
 * button, which every channel run shows anyway.
 * @see https://docs.slack.dev/ai/agent-sessions
 * @see https://docs.slack.dev/reference/methods/assistant.threads.setStatus
 * @see https://docs.slack.dev/reference/methods/agents.sessions.setStatus
 */
import type { Logger } from '../../observability/logger.js';
import type { RunView } from '../state/run-view.js';
import { threadStatusKey, threadStatusOf, type ThreadStatus } from '../state/thread-status-of-view.js';
import { type AgentSessionStatus, SLACK_METHOD, type SlackWriter } from './slack-writer.js';
import type { UpdateScheduler } from './update-scheduler.js';
import { isSlackRefusal } from '../../slack-api/slack-call-error.js';

export interface AgentViewTarget {
  runId: string;
  teamId: string;
  channelId: string;
  threadTs: string;
}

export interface AgentViewOptions {
  /** The thread's status line (assistant.threads.setStatus): the agent view, DMs only. */
  statusLine: boolean;
}

export interface AgentViewThreadDeps {
  slack: SlackWriter;
  scheduler: UpdateScheduler;
  logger: Logger;
  clock: () => number;
}

export interface AgentViewThread {
  /** The run's newest view: its status is sent when the status lane's turn comes. */
  show(view: RunView): void;
  /** Clears the status and moves the session out of `processing`; waits for the calls. */
  finish(outcome: 'completed' | 'cancelled' | 'failed'): Promise<void>;
}

/** DMs (ids starting with D) are where the agent view shows a run; channels are not. */
export const hasAgentView = (channelId: string): boolean => channelId.startsWith('D');

export function createAgentViewThread(
  target: AgentViewTarget,
  deps: AgentViewThreadDeps,
  options: AgentViewOptions = { statusLine: hasAgentView(target.channelId) },
): AgentViewThread {
  const log = deps.logger.child({ component: 'agent-view-thread' });
  let shownKey = threadStatusKey({ status: '', loadingMessages: [] });
  let latest: ThreadStatus | undefined;
  let queued: Promise<void> | undefined;
  let session: AgentSessionStatus | undefined;
  let sessionCall: Promise<void> = Promise.resolve();
  let finished = false;
  /** Set once Slack refused a session in this thread: no more session calls for this run. */
  let sessionRefused = false;

  const slot = (method: (typeof SLACK_METHOD)['setStatus' | 'setSessionStatus'], final = false) => ({
    teamId: target.teamId,
    method,
    channelId: target.channelId,
    runId: target.runId,
    since: deps.clock(),
    ...(final ? { final } : {}),
  });

  const sendStatus = async (): Promise<void> => {
    const status = latest;
    if (!status || threadStatusKey(status) === shownKey) return;
    await deps.slack.setStatus({
      channel: target.channelId,
      threadTs: target.threadTs,
      status: status.status,
      ...(status.loadingMessages.length > 0 ? { loadingMessages: status.loadingMessages } : {}),
    });
    shownKey = threadStatusKey(status);
  };

  /** One queued status call at a time; it reads `latest` when it runs. */
  const queueStatus = (final: boolean): Promise<void> => {
    if (queued) return queued;
    queued = deps.scheduler
      .schedule(slot(SLACK_METHOD.setStatus, final), sendStatus)
      .catch((error: unknown) => log.warn('could not set the agent view status', { error }))
      .finally(() => {
        queued = undefined;
        // A newer status arrived while this call was on its way.
        if (latest && threadStatusKey(latest) !== shownKey && !finished) void queueStatus(false);
      });
    return queued;
  };

  const setSession = (status: AgentSessionStatus, final: boolean): Promise<void> => {
    if (session === status || sessionRefused) return sessionCall;
    session = status;
    sessionCall = sessionCall.then(async () => {
      if (sessionRefused) return;
      try {
        await deps.scheduler.schedule(slot(SLACK_METHOD.setSessionStatus, final), () =>
          deps.slack.setSessionStatus({ channel: target.channelId, threadTs: target.threadTs, status }),
        );
      } catch (error) {
        if (isSlackRefusal(error)) {
          sessionRefused = true;
          log.info('Slack keeps no agent session in this thread; the run keeps its Cancel button', { status, error });
          return;
        }
        log.warn('could not set the agent session status', { status, error });
      }
    });
    return sessionCall;
  };

  return {
    show(view) {
      if (finished) return;
      void setSession('processing', false);
      if (!options.statusLine) return;
      latest = threadStatusOf(view);
      if (threadStatusKey(latest) !== shownKey) void queueStatus(false);
    },
    async finish(outcome) {
      finished = true;
      if (options.statusLine) {
        latest = { status: '', loadingMessages: [] };
        await queued;
        await queueStatus(true);
      }
      // A session this run never opened is not the run's to end.
      if (session !== undefined) await setSession(outcome === 'completed' ? 'active' : 'closed', true);
    },
  };
}
