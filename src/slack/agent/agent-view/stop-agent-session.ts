/**
 * The native Stop button of an agent session (event `agent_session_stopped`) cancels the run in
 * progress in that thread exactly as the Cancel button does (cancel-agent-run.ts: the same
 * permission rules and notes; the relay asks the service once however often it is pressed). The
 * relay then moves the session out of `processing` when the run ends (agent-view-thread.ts).
 * With no run in progress, the session is set back to `active` here: Slack leaves that to the app.
 * In a channel anyone in it can press Stop: when the run goes on (the presser may not cancel it, or
 * the service would not), the session is set back to `processing` so its Stop shows again.
 * @see https://docs.slack.dev/reference/events/agent_session_stopped
 */
import type { WebClient } from '@slack/web-api';
import { z } from 'zod';
import type { Logger } from '../../../observability/logger.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { cancelAgentRunClick, type CancelClickOutcome } from '../runs/cancel-agent-run.js';

export const agentSessionStoppedSchema = z.object({
  type: z.literal('agent_session_stopped'),
  channel: z.string().min(1),
  thread_ts: z.string().min(1),
  user: z.string().min(1),
  streaming_message_ts: z.array(z.string()).optional(),
});
export type AgentSessionStopped = z.output<typeof agentSessionStoppedSchema>;

export type StopOutcome = CancelClickOutcome | 'no_run';

export async function stopAgentSession(
  deps: ListenerDeps,
  stop: AgentSessionStopped & { teamId: string; client: WebClient; log: Logger },
): Promise<StopOutcome> {
  const log = stop.log.child({ component: 'stop-agent-session' });
  const active = await deps.stores.runs.listActive();
  const run = active
    .filter((r) => r.teamId === stop.teamId && r.channelId === stop.channel && r.threadTs === stop.thread_ts)
    .sort((a, b) => b.startedAtMs - a.startedAtMs)[0];
  if (!run) {
    log.info('Stop pressed with no run in progress in the thread', { channel: stop.channel, thread_ts: stop.thread_ts });
    await setSession(stop, 'active', log);
    return 'no_run';
  }
  const outcome = await cancelAgentRunClick(deps, {
    runId: run.runId,
    teamId: stop.teamId,
    channelId: stop.channel,
    userId: stop.user,
    threadTs: stop.thread_ts,
    client: stop.client,
    log,
  });
  if (outcome === 'refused' || outcome === 'not_cancelled') {
    // Only while the run still works: once it ended, the relay has set the session's last status.
    const now = await deps.stores.runs.get(run.runId);
    if (now?.status === 'running' || now?.status === 'starting') await setSession(stop, 'processing', log);
  }
  return outcome;
}

async function setSession(stop: AgentSessionStopped & { client: WebClient }, status: 'active' | 'processing', log: Logger): Promise<void> {
  try {
    await stop.client.agents.sessions.setStatus({ channel_id: stop.channel, thread_ts: stop.thread_ts, status });
  } catch (error) {
    log.warn('could not set the stopped session back', { status, error });
  }
}
