/**
 * What of a watch's state only moves forward, for ClaimTrust: its last poll, its cursor (advanced
 * by each posted alert) and its latest earnings eve. A rollback may keep the poll that claimed an
 * alert and lose the alert's commit: then only the cursor (or the eve) goes back.
 */
import type { WatchState } from '../store/records.js';

export function watchProgress(state: WatchState): Record<string, number> {
  const eve = state.earningsEves.at(-1);
  return { poll: state.lastPollMs, cursor: state.cursorMs, eve: eve ? Date.parse(`${eve}T00:00:00Z`) : 0 };
}
