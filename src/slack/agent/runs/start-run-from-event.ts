/**
 * Hands a Slack event (a mention, a direct message) to a run. The event id is the run's request
 * id, so a redelivery of the same event finds the first run instead of starting a second (the
 * dedupe middleware drops most repeats earlier; this is the second layer). Bolt has acked the
 * event, so Slack will not deliver it again: a hand-over that fails for a passing reason waits
 * in this process instead (startAgentRun → defer-run-start.ts).
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import type { WorkspaceRef } from '../../../workspaces/workspace-ref.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { hasAgentView } from '../../../agent/sinks/agent-view-thread.js';
import { startAgentRun } from './start-agent-run.js';
import type { StartAgentRunResult } from './start-agent-run-result.js';
import { titleAgentViewThread } from '../agent-view/title-agent-view-thread.js';

export interface SlackMessageEvent {
  teamId: string;
  channelId: string;
  userId: string;
  text: string;
  ts: string;
  /** Set when the message was posted in a thread: the run continues that thread's conversation. */
  threadTs?: string;
  /** Slack's event id (stable across redeliveries). */
  eventId?: string;
}

export interface EventHandOver {
  client: WebClient;
  log: Logger;
  botUserId?: string;
  workspace: WorkspaceRef;
}

export async function startRunFromEvent(deps: ListenerDeps, event: SlackMessageEvent, via: EventHandOver): Promise<StartAgentRunResult> {
  const result = await startAgentRun(deps, {
    teamId: event.teamId,
    workspace: via.workspace,
    channelId: event.channelId,
    // A top-level message starts a new thread on itself.
    threadTs: event.threadTs ?? event.ts,
    // A message in a thread means the thread exists; a top-level one's notes go to the channel.
    ...(event.threadTs ? { noteThreadTs: event.threadTs } : {}),
    userId: event.userId,
    question: event.text,
    requestId: event.eventId ?? `message:${event.channelId}:${event.ts}`,
    client: via.client,
    log: via.log,
    ...(via.botUserId ? { botUserId: via.botUserId } : {}),
  });
  // A question that opens a thread in the app's DM (the agent view) names the thread.
  if (result.status === 'started' && !event.threadTs && hasAgentView(event.channelId)) {
    await titleAgentViewThread(
      via.client,
      { channelId: event.channelId, threadTs: event.ts, text: event.text, ...(via.botUserId ? { botUserId: via.botUserId } : {}) },
      via.log,
    );
  }
  return result;
}
