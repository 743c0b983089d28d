/**
 * The one shape of a Slack message in this app: what every renderer returns, what the relay's
 * writer sends and what listeners post. Block Kit types come from @slack/types, the SDK's own.
 * @see https://docs.slack.dev/reference/block-kit/blocks
 * @see https://docs.slack.dev/messaging/message-metadata
 */
import type { KnownBlock, MessageMetadata } from '@slack/types';

export type { KnownBlock, MessageMetadata };

export interface SlackMessage {
  /** Notification and accessibility fallback; also what clients without Block Kit show. */
  text: string;
  blocks: KnownBlock[];
  /** Message metadata (the relay's run state; digests' slot), when the message carries any. */
  metadata?: MessageMetadata;
}
