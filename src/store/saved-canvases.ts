/**
 * Which canvas a card was saved as, per workspace and channel: the one owner of that fact, so
 * "Save as canvas" pressed again (by anyone, after any restart, on any replica) updates the same
 * canvas instead of making a second. A short lease per card keeps two clicks at once from both
 * creating one.
 */
import { z } from 'zod';
import { readValidRecord } from './json-record.js';
import { keys, leaseNames } from './keys.js';
import type { Leases } from './leases.js';
import type { StateStore } from './state-store.js';

export interface CardRef {
  teamId: string;
  channelId: string;
  /** The card's own key: `answer-<conversation>-<message>` or a financials request's digest (no ':'). */
  card: string;
}

export interface SavedCanvas {
  canvasId: string;
  /** Who saved it first and last, and when (epoch ms). */
  createdBy: string;
  createdAtMs: number;
  savedBy: string;
  savedAtMs: number;
}

const savedCanvasSchema = z.object({
  canvasId: z.string().min(1),
  createdBy: z.string(),
  createdAtMs: z.number(),
  savedBy: z.string(),
  savedAtMs: z.number(),
});

/** How long a save may hold its card: canvases.create and the link message take seconds. */
export const CANVAS_SAVE_LEASE_MS = 60_000;

export class SavedCanvases {
  constructor(
    private readonly store: StateStore,
    private readonly leases: Leases,
  ) {}

  /** The canvas the card was saved as, or undefined (never saved, or a record we cannot read). */
  async get(ref: CardRef): Promise<SavedCanvas | undefined> {
    return readValidRecord(this.store, keys.savedCanvas(ref.teamId, ref.channelId, ref.card), savedCanvasSchema);
  }

  async remember(ref: CardRef, saved: SavedCanvas): Promise<void> {
    await this.store.set(keys.savedCanvas(ref.teamId, ref.channelId, ref.card), JSON.stringify(saved));
  }

  /** Forgets the canvas only when it is still the one named (a canvas deleted in Slack). */
  async forget(ref: CardRef, canvasId: string): Promise<void> {
    const key = keys.savedCanvas(ref.teamId, ref.channelId, ref.card);
    const saved = await this.get(ref);
    if (saved?.canvasId !== canvasId) return;
    const raw = await this.store.get(key);
    if (raw !== null) await this.store.deleteIfEquals(key, raw);
  }

  /** Takes the card for one save; false while another save of it is under way. */
  claim(ref: CardRef, holderId: string): Promise<boolean> {
    return this.leases.acquire(leaseNames.canvas(ref.teamId, ref.channelId, ref.card), holderId, CANVAS_SAVE_LEASE_MS);
  }

  release(ref: CardRef, holderId: string): Promise<boolean> {
    return this.leases.release(leaseNames.canvas(ref.teamId, ref.channelId, ref.card), holderId);
  }
}
