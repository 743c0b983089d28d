/**
 * `message_metadata_posted` as the digests and watch alerts read it: Slack pushes the channel and
 * ts of each message carrying one of the app's subscribed metadata event types (the manifest's
 * `metadata_subscriptions`), so what the app posted is known without reading history. Parsed here
 * once; each slice registers its own listener and keeps the event types it owns.
 * @see https://docs.slack.dev/reference/events/message_metadata_posted
 */
import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';

export interface PushedMetadata {
  /** The workspace the message was posted in. */
  teamId: string;
  channelId: string;
  messageTs: string;
  eventType: string;
  payload: Record<string, unknown>;
  /** The metadata as Slack sent it (`event_type`, `event_payload`). */
  metadata: unknown;
}

type MetadataPostedArgs = SlackEventMiddlewareArgs<'message_metadata_posted'> & AllMiddlewareArgs;

/** The push of one of our own messages' metadata, or undefined for anything else (another app's, malformed). */
export function parsePushedMetadata(args: Pick<MetadataPostedArgs, 'event' | 'body' | 'context'>): PushedMetadata | undefined {
  const event = args.event as unknown as Record<string, unknown>;
  const metadata = event.metadata as { event_type?: unknown; event_payload?: unknown } | undefined;
  const teamId = typeof event.team_id === 'string' ? event.team_id : args.body.team_id;
  const { channel_id: channelId, message_ts: messageTs, bot_id: botId } = event;
  if (typeof channelId !== 'string' || typeof messageTs !== 'string' || typeof teamId !== 'string') return undefined;
  // Only what this app's bot posted settles a claim of ours.
  if (typeof args.context.botId === 'string' && typeof botId === 'string' && botId !== args.context.botId) return undefined;
  if (typeof metadata?.event_type !== 'string' || typeof metadata.event_payload !== 'object' || metadata.event_payload === null) {
    return undefined;
  }
  return {
    teamId,
    channelId,
    messageTs,
    eventType: metadata.event_type,
    payload: metadata.event_payload as Record<string, unknown>,
    metadata,
  };
}

/** A thin listener: parse the push, hand it to the slice's recorder (which logs its own failures). */
export function metadataPostedListener(record: (pushed: PushedMetadata) => Promise<void>) {
  return async (args: MetadataPostedArgs): Promise<void> => {
    const pushed = parsePushedMetadata(args);
    if (pushed) await record(pushed);
  };
}
