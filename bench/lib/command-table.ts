/**
 * The command benchmark's figures as a plain-text table for the terminal. `1st+` is the
 * first-response overhead; `send lag` is how late the load generator sent (p99): when it is more
 * than a few ms, the machine was too busy for the figures of that row to mean much.
 */
import type { CommandBenchFigures } from '../commands.bench.js';

const cell = (value: number | string | null, width: number): string => String(value ?? '—').padStart(width);

export function formatCommandTable(figures: CommandBenchFigures): string {
  const lines: string[] = [];
  lines.push(
    ['target', 'rate/s', 'ack p50', 'ack p99', 'fail', '1st+ p50', '1st+ p99', 'unansw', 'cpu ms/cmd', 'rss MiB', 'send lag']
      .map((h, i) => cell(h, i === 0 ? 9 : 11))
      .join(''),
  );
  for (const t of figures.targets) {
    for (const s of t.steps) {
      lines.push(
        [
          cell(t.target, 9),
          cell(s.rate, 11),
          cell(s.ackP50Ms, 11),
          cell(s.ackP99Ms, 11),
          cell(s.ackFailures, 11),
          cell(s.firstResponseOverheadP50Ms, 11),
          cell(s.firstResponseOverheadP99Ms, 11),
          cell(s.unanswered, 11),
          cell(s.cpuMsPerCommand, 11),
          cell(s.rssPeakMiB, 11),
          cell(s.sendLagP99Ms, 11),
        ].join(''),
      );
    }
    lines.push(
      `${t.target}: RSS idle ${t.rssIdleAfterStartMiB} MiB after start, ${t.rssIdleAfterLoadMiB} MiB after load; idle CPU ${t.idleCpuMsPerSecond} ms/s; saturation rate ${t.saturationRate}/s`,
    );
  }
  for (const [name, ratios] of Object.entries(figures.ratiosToFloor)) {
    lines.push(`${name} / floor (idle RSS ×${figures.idleRssToFloor[name] ?? '—'}):`);
    for (const r of ratios) {
      lines.push(
        `  ${cell(r.rate, 4)}/s  cpu ×${r.cpuMsPerCommand ?? '—'}  ack p99 ×${r.ackP99 ?? '—'}  1st+ p99 ×${r.firstResponseOverheadP99 ?? '—'}  rss ×${r.rssPeak ?? '—'}`,
      );
    }
  }
  for (const [name, ratios] of Object.entries(figures.ratiosToAckOnlyFloor ?? {})) {
    lines.push(`${name} / floor-ack-only: cpu ${ratios.map((r) => `×${r.cpuMsPerCommand ?? '—'} at ${r.rate}/s`).join(', ')}`);
  }
  return `${lines.join('\n')}\n`;
}
