/**
 * The message metadata every digest carries: it names the slot, so a replica that took over a
 * slot can find out whether the digest already reached the channel before posting it again, and
 * what it showed (the baseline of the next digest's "what changed"), so finding it restores that.
 * @see https://docs.slack.dev/messaging/message-metadata
 */
import type { DigestSnapshot } from '../../../store/records.js';

export const DIGEST_EVENT_TYPE = 'research_desk_digest';

type ShownConcept = DigestSnapshot['concepts'][number];

export interface DigestMetadata {
  event_type: typeof DIGEST_EVENT_TYPE;
  event_payload: { slot: string; posted_at_ms?: number; concepts?: ShownConcept[] };
}

export function digestMetadata(slotIso: string, snapshot?: DigestSnapshot): DigestMetadata {
  return {
    event_type: DIGEST_EVENT_TYPE,
    event_payload: snapshot ? { slot: slotIso, posted_at_ms: snapshot.postedAtMs, concepts: snapshot.concepts } : { slot: slotIso },
  };
}

/** The snapshot a found digest message carries, if it carries a well-formed one. */
export function snapshotFromDigestMessage(message: { metadata?: unknown }, slotIso: string): DigestSnapshot | undefined {
  const payload = (message.metadata as { event_payload?: Record<string, unknown> } | undefined)?.event_payload;
  const concepts = payload?.concepts;
  const postedAtMs = payload?.posted_at_ms;
  if (!Array.isArray(concepts) || typeof postedAtMs !== 'number') return undefined;
  const valid = concepts.filter(
    (c): c is ShownConcept =>
      typeof c === 'object' &&
      c !== null &&
      typeof c.conceptId === 'string' &&
      typeof c.name === 'string' &&
      typeof c.trendingScore === 'number',
  );
  return valid.length === concepts.length ? { slot: slotIso, postedAtMs, concepts: valid } : undefined;
}

/** Whether a message (as conversations.history returns it) is our digest of `slotIso`. */
export function isDigestOfSlot(message: { metadata?: unknown }, slotIso: string): boolean {
  const metadata = message.metadata as { event_type?: unknown; event_payload?: { slot?: unknown } } | undefined;
  return metadata?.event_type === DIGEST_EVENT_TYPE && metadata.event_payload?.slot === slotIso;
}
