/**
 * Per-slot markers that make a digest exactly-once per channel and slot, and the snapshot of a
 * channel's previous digest ("what changed since"). A marker is claimed (pending, with the
 * claimer's id) before posting and completed after; a claim whose attempt failed is released
 * so a later tick can try again, and a pending claim left by a dead holder can be taken over.
 */
import { keys, TTL } from './keys.js';
import { readJsonRecord } from './json-record.js';
import type { DigestSnapshot } from './records.js';
import type { StateStore } from './state-store.js';

export type SlotOutcome = 'posted' | 'skipped' | 'channel_gone';

export type SlotMarker = { state: 'pending'; holderId: string } | { state: SlotOutcome; holderId: string; atMs: number; reason?: string };

export class DigestMarkers {
  constructor(
    private readonly store: StateStore,
    private readonly clock: () => number = Date.now,
    private readonly ttlMs: number = TTL.digestSlotMs,
  ) {}

  /** Exactly one caller wins a slot; it then owns the pending marker until it completes or releases it. */
  async claimSlot(teamId: string, channelId: string, slotIso: string, holderId = 'scheduler'): Promise<boolean> {
    return this.store.setIfAbsent(keys.digestSlot(teamId, channelId, slotIso), pendingValue(holderId), this.ttlMs);
  }

  async getSlot(teamId: string, channelId: string, slotIso: string): Promise<SlotMarker | null> {
    return readJsonRecord<SlotMarker>(this.store, keys.digestSlot(teamId, channelId, slotIso));
  }

  /** Turns our pending claim into its outcome. False when the claim is not ours (any more). */
  async completeSlot(
    teamId: string,
    channelId: string,
    slotIso: string,
    holderId: string,
    outcome: SlotOutcome,
    reason?: string,
  ): Promise<boolean> {
    // Stored as JSON, which leaves an undefined reason out.
    const marker: SlotMarker = { state: outcome, holderId, atMs: this.clock(), reason };
    return this.store.replaceIfEquals(
      keys.digestSlot(teamId, channelId, slotIso),
      pendingValue(holderId),
      JSON.stringify(marker),
      this.ttlMs,
    );
  }

  /** Moves a pending claim from a holder that died mid-attempt to `toHolderId`. */
  async takeOverSlot(teamId: string, channelId: string, slotIso: string, fromHolderId: string, toHolderId: string): Promise<boolean> {
    return this.store.replaceIfEquals(
      keys.digestSlot(teamId, channelId, slotIso),
      pendingValue(fromHolderId),
      pendingValue(toHolderId),
      this.ttlMs,
    );
  }

  /** Records a slot as skipped without posting (missed beyond grace). True the first time only. */
  async markSkipped(teamId: string, channelId: string, slotIso: string, holderId: string, reason: string): Promise<boolean> {
    const marker: SlotMarker = { state: 'skipped', holderId, atMs: this.clock(), reason };
    return this.store.setIfAbsent(keys.digestSlot(teamId, channelId, slotIso), JSON.stringify(marker), this.ttlMs);
  }

  /**
   * Records the ts of the slot's digest, from the poster's answer or from Slack's push
   * (message_metadata_posted): after a crash between the post and its marker, the ts settles the
   * pending claim without reading the channel.
   */
  async recordPostedTs(teamId: string, channelId: string, slotIso: string, ts: string): Promise<void> {
    await this.store.set(keys.digestSlotTs(teamId, channelId, slotIso), ts, this.ttlMs);
  }

  /** The ts of the slot's digest, if one was recorded. */
  async getPostedTs(teamId: string, channelId: string, slotIso: string): Promise<string | null> {
    return this.store.get(keys.digestSlotTs(teamId, channelId, slotIso));
  }

  async saveSnapshot(teamId: string, channelId: string, snapshot: DigestSnapshot): Promise<void> {
    await this.store.set(keys.digestSnapshot(teamId, channelId), JSON.stringify(snapshot), TTL.digestSnapshotMs);
  }

  async getSnapshot(teamId: string, channelId: string): Promise<DigestSnapshot | null> {
    return readJsonRecord<DigestSnapshot>(this.store, keys.digestSnapshot(teamId, channelId));
  }
}

/** The exact stored text of a pending claim, so compare-and-set can recognise it. */
function pendingValue(holderId: string): string {
  const marker: SlotMarker = { state: 'pending', holderId };
  return JSON.stringify(marker);
}
