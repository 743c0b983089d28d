/**
 * Hands a Slack event (a mention, a direct message) to a run. The event id is the run's request
 * id, so a redelivery of the same event finds the first run instead of starting a second (the
 * dedupe middleware drops most repeats earlier; this is the second layer). When the hand-over
 * fails in a way a retry can fix, the event's dedupe claim is released so Slack's redelivery
 * can succeed.
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import type { ListenerDeps } from '../listener-deps.js';
import { startAgentRun, type StartAgentRunResult } from './start-agent-run.js';

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
  /** The dedupe middleware's context.releaseEvent, when it claimed the event. */
  releaseEvent?: () => Promise<void>;
}

export async function startRunFromEvent(deps: ListenerDeps, event: SlackMessageEvent, via: EventHandOver): Promise<StartAgentRunResult> {
  const result = await startAgentRun(deps, {
    teamId: event.teamId,
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
  if (result.status === 'failed' && result.retryable && via.releaseEvent) {
    via.log.info('released the event so that Slack’s redelivery can start the run', { event_id: event.eventId });
    await via.releaseEvent();
  }
  return result;
}
