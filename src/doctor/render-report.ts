import { type CheckResult, readyToGoLive } from './check-result.js';

const COLUMNS = ['endpoint', 'status', 'ms', 'variant', 'problem'] as const;

/** The report as plain text: a padded table (the last column unpadded), then a verdict line. */
export function renderReport(results: readonly CheckResult[]): string {
  const cells = results.map((r) => [r.endpoint, r.status, r.ms === undefined ? '-' : String(r.ms), r.variant ?? '', r.problem ?? '']);
  const widths = COLUMNS.map((name, i) => Math.max(name.length, ...cells.map((row) => (row[i] ?? '').length)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(COLUMNS), ...cells.map(line), '', verdict(results)].join('\n');
}

function verdict(results: readonly CheckResult[]): string {
  const count = (status: CheckResult['status']) => results.filter((r) => r.status === status).length;
  const tally = (['ok', 'warn', 'fail', 'skip'] as const)
    .filter((s) => count(s) > 0)
    .map((s) => `${count(s)} ${s}`)
    .join(', ');
  if (readyToGoLive(results)) return `Ready to go live: every check the app needs passed (${tally}).`;
  return `Not ready: ${count('fail')} of ${results.length} checks failed (${tally}); the problem column says why.`;
}
