/**
 * Hands a Slack event (a mention, a direct message) to a run. The message (channel and ts) is the
 * run's request id, not the event id: a redelivery of the same event, the app_mention Slack sends
 * again when the message is edited (a new event id), and the message.im and app_mention of one
 * message all find the first run instead of starting a second (the dedupe middleware drops
 * repeated event ids earlier). The run's record, in the store, is what says the message was
 * answered, so every replica agrees. Bolt has acked the event, so Slack will not deliver it
 * again: a hand-over that fails for a passing reason waits in this process instead
 * (startAgentRun → defer-run-start.ts).
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import type { WorkspaceRef } from '../../../workspaces/workspace-ref.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { hasAgentView } from '../../../agent/sinks/agent-view-thread.js';
import { runIdFor } from '../../../agent/runtime/relay-runtime.js';
import { checkExternalAccess } from '../../kit/permissions/external-access.js';
import { startAgentRun } from './start-agent-run.js';
import { tellUser } from './tell-user.js';
import type { StartAgentRunResult } from './start-agent-run-result.js';
import { titleAgentViewThread } from '../agent-view/title-agent-view-thread.js';

export interface SlackMessageEvent {
  teamId: string;
  /** The asker's own team when it is not `teamId` (`user_team` of a Slack Connect event). */
  userTeamId?: string;
  channelId: string;
  userId: string;
  text: string;
  ts: string;
  /** Set when the message was posted in a thread: the run continues that thread's conversation. */
  threadTs?: string;
  /** Slack's event id (stable across redeliveries, new for an edit): for the logs. */
  eventId?: string;
  /** The event is Slack's app_mention for an edited message (the event carries `edited`). */
  edited?: boolean;
}

/** A Slack message's request id: one run per message, however often Slack sends it. */
export function requestIdOfMessage(channelId: string, ts: string): string {
  return `message:${channelId}:${ts}`;
}

export interface EventHandOver {
  client: WebClient;
  log: Logger;
  botUserId?: string;
  workspace: WorkspaceRef;
}

export type EventRunResult =
  | StartAgentRunResult
  | { status: 'edit_of_answered_message'; runId: string }
  | { status: 'external_refused'; message: string };

/**
 * An edit never answers a message again: the edit of an answered (or waiting) message is ignored.
 * An edit that adds the mention to a message the app never answered asks it once; a further edit
 * then finds that run.
 */
export async function startRunFromEvent(deps: ListenerDeps, event: SlackMessageEvent, via: EventHandOver): Promise<EventRunResult> {
  const requestId = requestIdOfMessage(event.channelId, event.ts);
  if (event.edited) {
    const runId = runIdFor({ teamId: event.teamId, channelId: event.channelId, requestId });
    const answered = await deps.stores.runs.get(runId).catch((error: unknown) => {
      // The relay finds the run by the same id, so going on cannot answer the message twice.
      via.log.warn('could not tell whether an edited message was answered; handing it on', { runId, error });
      return null;
    });
    if (answered) {
      via.log.info('edit of a message already answered; not answered again', { runId, ts: event.ts, event_id: event.eventId });
      return { status: 'edit_of_answered_message', runId };
    }
  }
  let askerTeamId: string | undefined;
  if (event.userTeamId) {
    const access = await checkExternalAccess(deps.stores, {
      client: via.client,
      workspace: via.workspace,
      userId: event.userId,
      log: via.log,
      payloadTeamId: event.userTeamId,
    });
    if (!access.allowed) {
      const note = { channelId: event.channelId, userId: event.userId, text: access.reason, recipientTeamId: access.userTeamId };
      await tellUser(via.client, { ...note, ...(event.threadTs ? { threadTs: event.threadTs } : {}) }, via.log);
      return { status: 'external_refused', message: access.reason };
    }
    if (access.external) askerTeamId = access.userTeamId;
  }
  const result = await startAgentRun(deps, {
    teamId: event.teamId,
    ...(askerTeamId ? { askerTeamId } : {}),
    workspace: via.workspace,
    channelId: event.channelId,
    // A top-level message starts a new thread on itself.
    threadTs: event.threadTs ?? event.ts,
    // A message in a thread means the thread exists; a top-level one's notes go to the channel.
    ...(event.threadTs ? { noteThreadTs: event.threadTs } : {}),
    userId: event.userId,
    question: event.text,
    requestId,
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
