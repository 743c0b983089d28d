/** One row of the doctor's report. */
export type CheckStatus = 'ok' | 'warn' | 'fail' | 'skip';

export interface CheckResult {
  /** What was checked, as the table names it: `POST /v1/search`, `Slack auth.test`. */
  endpoint: string;
  status: CheckStatus;
  /** Wall time of the check's calls; absent when nothing was sent. */
  ms?: number;
  /** Which variant the other side speaks (paging names, document form, route), when it tells. */
  variant?: string;
  /** One line: what is wrong (fail), worth knowing (warn), or why nothing was checked (skip). */
  problem?: string;
}

/**
 * Whether the app can go live on these results: every check passed or was not applicable
 * (`skip` is only used for what the app does not need, such as Slack checks without tokens).
 */
export function readyToGoLive(results: readonly CheckResult[]): boolean {
  return results.every((r) => r.status !== 'fail');
}
