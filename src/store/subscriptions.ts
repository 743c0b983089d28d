/**
 * Digest subscriptions, one per channel. They carry no TTL: a subscription lasts until removed.
 * Pause and resume are compare-and-set updates, so a pause reported once stays reported once.
 */
import { keys } from './keys.js';
import { readJsonRecord, updateJsonRecord } from './json-record.js';
import type { DigestSubscription } from './records.js';
import type { StateStore } from './state-store.js';

export class Subscriptions {
  constructor(private readonly store: StateStore) {}

  async get(teamId: string, channelId: string): Promise<DigestSubscription | null> {
    return readJsonRecord<DigestSubscription>(this.store, keys.subscription(teamId, channelId));
  }

  /** Creates or replaces the channel's subscription. */
  async put(subscription: DigestSubscription): Promise<void> {
    await this.store.set(keys.subscription(subscription.teamId, subscription.channelId), JSON.stringify(subscription));
  }

  /** Returns whether there was a subscription to remove. */
  async remove(teamId: string, channelId: string): Promise<boolean> {
    const key = keys.subscription(teamId, channelId);
    const existed = (await this.store.get(key)) !== null;
    await this.store.delete(key);
    return existed;
  }

  async listForTeam(teamId: string): Promise<DigestSubscription[]> {
    return this.list(keys.subscriptionPrefix(teamId));
  }

  async listAll(): Promise<DigestSubscription[]> {
    return this.list(keys.subscriptionPrefix());
  }

  /** Pauses with a reason. True only for the call that changed it from active (report once). */
  async pause(teamId: string, channelId: string, reason: string): Promise<boolean> {
    // Set by the change, which updateJsonRecord calls at least once (again on each conflict).
    let changed!: boolean;
    await updateJsonRecord<DigestSubscription>(this.store, keys.subscription(teamId, channelId), (current) => {
      changed = current !== null && !current.paused;
      return current === null || current.paused ? undefined : { ...current, paused: true, pausedReason: reason };
    });
    return changed;
  }

  /** Resumes a paused subscription. True when it was paused. */
  async resume(teamId: string, channelId: string): Promise<boolean> {
    let changed!: boolean;
    await updateJsonRecord<DigestSubscription>(this.store, keys.subscription(teamId, channelId), (current) => {
      changed = current?.paused === true;
      if (current?.paused !== true) return undefined;
      const { pausedReason: _dropped, ...rest } = current;
      return { ...rest, paused: false };
    });
    return changed;
  }

  private async list(prefix: string): Promise<DigestSubscription[]> {
    const found = await this.store.keys(prefix);
    const records = await Promise.all(found.map((key) => readJsonRecord<DigestSubscription>(this.store, key)));
    return records
      .filter((sub): sub is DigestSubscription => sub !== null)
      .sort((a, b) => a.teamId.localeCompare(b.teamId) || a.channelId.localeCompare(b.channelId));
  }
}
