/**
 * When a digest slot or a watch alert has no claim in the store, is it new, or was its claim lost?
 * A store rolled back (a failover that lost its last writes, a restore from backup) forgets claims
 * whose posts are in Slack, and it looks exactly as it did before those claims: the store cannot
 * tell. Time can. This process has watched the store since `trustedFromMs` (its start, or the last
 * rollback it noticed), so a claim that could only have been made since then, missing, is new and
 * costs nothing; one that could have been made before (a slot due earlier, documents published
 * earlier) may have been lost, and its window is handed to the poster, which looks in Slack first.
 * A rollback is noticed when progress this process saw in the store (a slot's outcome, a watch's
 * last poll) goes back. Not noticed: a rollback losing only writes this process never read (made
 * within one tick of it); another replica that read them notices, this one does not.
 */
import type { Logger } from '../observability/logger.js';

/** Between these times a claim the store lost may have posted: look in Slack before posting. */
export interface UnvouchedWindow {
  sinceMs: number;
  untilMs: number;
}

export class ClaimTrust {
  private trustedFromMs: number;
  /** Per scope (a subscription, a watch): the furthest progress seen in the store. */
  private readonly seen = new Map<string, number>();

  /** `trustedFromMs`: since when this process has watched the store (its start by default). */
  constructor(
    private readonly clock: () => number,
    private readonly logger: Logger,
    trustedFromMs: number = clock(),
  ) {
    this.trustedFromMs = trustedFromMs;
  }

  /** The store holds `progress` for `scope`; less than it held before means it was rolled back. */
  saw(scope: string, progress: number): void {
    // A scope seen for the first time cannot have gone back.
    const before = this.seen.get(scope) ?? Number.NEGATIVE_INFINITY;
    if (progress < before) this.rolledBack(scope, `went back from ${before} to ${progress}`);
    this.seen.set(scope, progress);
  }

  /** Several measures of one scope's progress, each checked on its own. */
  sawEach(scope: string, progress: Record<string, number>): void {
    for (const [name, value] of Object.entries(progress)) this.saw(`${scope}:${name}`, value);
  }

  /** The store holds nothing at `progress` (or beyond) for `scope`; if it held that before, it was rolled back. */
  lacks(scope: string, progress: number): void {
    const before = this.seen.get(scope);
    if (before === undefined || before < progress) return;
    this.rolledBack(scope, `lost ${before}`);
    this.seen.delete(scope);
  }

  /**
   * The window in which an earlier claim, possible from `earliestMs` on and never after
   * `latestMs`, may have posted and been lost; undefined when this process would have seen it.
   */
  unvouched(earliestMs: number, latestMs = Number.POSITIVE_INFINITY): UnvouchedWindow | undefined {
    if (earliestMs >= this.trustedFromMs) return undefined;
    return { sinceMs: earliestMs, untilMs: Math.min(latestMs, this.trustedFromMs) };
  }

  private rolledBack(scope: string, what: string): void {
    this.trustedFromMs = this.clock();
    this.logger.warn('the store lost claims it held (a failover or a restore from backup): missing claims are looked for in Slack', {
      scope,
      progress: what,
      trustedFromMs: this.trustedFromMs,
    });
  }
}
