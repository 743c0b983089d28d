/**
 * The message metadata every digest carries: it names the slot, so a replica that took over a
 * slot can find out whether the digest already reached the channel before posting it again.
 * @see https://docs.slack.dev/messaging/message-metadata
 */
export const DIGEST_EVENT_TYPE = 'research_desk_digest';

export interface DigestMetadata {
  event_type: typeof DIGEST_EVENT_TYPE;
  event_payload: { slot: string };
}

export function digestMetadata(slotIso: string): DigestMetadata {
  return { event_type: DIGEST_EVENT_TYPE, event_payload: { slot: slotIso } };
}

/** Whether a message (as conversations.history returns it) is our digest of `slotIso`. */
export function isDigestOfSlot(message: { metadata?: unknown }, slotIso: string): boolean {
  const metadata = message.metadata as { event_type?: unknown; event_payload?: { slot?: unknown } } | undefined;
  return metadata?.event_type === DIGEST_EVENT_TYPE && metadata.event_payload?.slot === slotIso;
}
