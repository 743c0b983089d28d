/**
 * Slack's `message_metadata_posted` for the app's own digests: the digest of a slot reached the
 * channel with this ts. Recorded against the slot, so a scheduler that finds the slot's claim still
 * pending after a crash (between the post and its marker) knows it was posted without reading the
 * channel; the metadata's snapshot becomes the next digest's baseline if none newer was saved.
 * @see https://docs.slack.dev/reference/events/message_metadata_posted
 */
import type { Logger } from '../../../observability/logger.js';
import type { AppStores } from '../../../store/app-stores.js';
import type { PushedMetadata } from '../../kit/posting/pushed-metadata.js';
import { DIGEST_EVENT_TYPE, snapshotFromDigestMessage } from './digest-metadata.js';

export async function recordPushedDigest(
  deps: { stores: Pick<AppStores, 'digestMarkers'>; logger: Logger },
  pushed: PushedMetadata,
): Promise<void> {
  const slot = pushed.payload.slot;
  if (pushed.eventType !== DIGEST_EVENT_TYPE || typeof slot !== 'string') return;
  const { teamId, channelId, messageTs } = pushed;
  const log = deps.logger.child({ component: 'digest-push', team: teamId, channel: channelId, slot });
  try {
    await deps.stores.digestMarkers.recordPostedTs(teamId, channelId, slot, messageTs);
    const snapshot = snapshotFromDigestMessage({ metadata: pushed.metadata }, slot);
    const saved = snapshot ? await deps.stores.digestMarkers.getSnapshot(teamId, channelId) : null;
    // ISO slots of one subscription compare as text; never replace a later digest's baseline.
    if (snapshot && (saved === null || saved.slot < slot)) await deps.stores.digestMarkers.saveSnapshot(teamId, channelId, snapshot);
    log.debug('digest ts recorded from message_metadata_posted', { ts: messageTs });
  } catch (error) {
    // The poster records the ts too; a restart without it reads one budgeted page of the channel.
    log.warn('digest ts from message_metadata_posted not recorded', { ts: messageTs, error });
  }
}
