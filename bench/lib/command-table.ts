/** The command benchmark's figures as a plain-text table for the terminal. */
import type { CommandBenchFigures } from '../commands.bench.js';

const cell = (value: number | string | null, width: number): string => String(value ?? '—').padStart(width);

export function formatCommandTable(figures: CommandBenchFigures): string {
  const lines: string[] = [];
  lines.push(
    ['target', 'rate/s', 'ack p50', 'ack p99', 'fail', '1st+ p50', '1st+ p99', 'unansw', 'cpu ms/cmd', 'rss MiB']
      .map((h, i) => cell(h, i === 0 ? 9 : 10))
      .join(''),
  );
  for (const t of figures.targets) {
    for (const s of t.steps) {
      lines.push(
        [
          cell(t.target, 9),
          cell(s.rate, 10),
          cell(s.ackP50Ms, 10),
          cell(s.ackP99Ms, 10),
          cell(s.ackFailures, 10),
          cell(s.firstResponseOverheadP50Ms, 10),
          cell(s.firstResponseOverheadP99Ms, 10),
          cell(s.unanswered, 10),
          cell(s.cpuMsPerCommand, 10),
          cell(s.rssPeakMiB, 10),
        ].join(''),
      );
    }
    lines.push(
      `${t.target}: RSS idle ${t.rssIdleAfterStartMiB} MiB after start, ${t.rssIdleAfterLoadMiB} MiB after load; saturation rate ${t.saturationRate}/s`,
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
  return `${lines.join('\n')}\n`;
}
