/**
 * The command benchmark's figures as plain text for the terminal: medians over rounds per target
 * and rate, each round's CPU per command, the ratios to the floor (median ratio and the rounds'
 * range) and issue 33's verdict. `1st+` is the first-response overhead; `send lag` is how late the
 * load generator sent (p99): when it is more than a few ms, the machine was too busy for the
 * figures of that row to mean much.
 */
import type { CommandBenchFigures } from './command-results.js';
import type { RatioRange, RatioRow } from './command-rounds.js';

const cell = (value: number | string | null, width: number): string => String(value ?? '—').padStart(width);

const range = (r: RatioRange): string =>
  r.ratio === null ? '—' : `×${r.ratio}${r.min !== null && r.max !== null && r.min !== r.max ? ` (${r.min}–${r.max})` : ''}`;

function ratioLines(name: string, over: string, rows: readonly RatioRow[]): string[] {
  return [
    `${name} / ${over} (median ratio, rounds' range):`,
    ...rows.map(
      (r) =>
        `  ${cell(r.rate, 4)}/s  cpu ${range(r.cpuMsPerCommand)}  ack p99 ${range(r.ackP99)}  1st+ p99 ${range(r.firstResponseOverheadP99)}  rss ${range(r.rssPeak)}`,
    ),
  ];
}

export function formatCommandTable(figures: CommandBenchFigures): string {
  const lines: string[] = [`medians over ${figures.rounds} round(s)`];
  lines.push(
    ['target', 'rate/s', 'ack p50', 'ack p99', 'fail', '1st+ p50', '1st+ p99', 'unansw', 'cpu ms/cmd', 'rss MiB', 'send lag']
      .map((h, i) => cell(h, i === 0 ? 15 : 11))
      .join(''),
  );
  for (const t of figures.targets) {
    for (const s of t.steps) {
      lines.push(
        [
          cell(t.target, 15),
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
      `${t.target}: RSS idle ${t.rssIdleAfterStartMiB} MiB after start, ${t.rssIdleAfterLoadMiB} MiB after load; idle CPU ${t.idleCpuMsPerSecond ?? '—'} ms/s (windows ${t.idleCpuMsPerSecondByRound.join(', ')}); saturation rate ${t.saturationRate}/s`,
    );
    lines.push(
      `  cpu ms/cmd by round: ${t.steps.map((s) => `${s.rate}/s ${s.byRound.map((r) => r.cpuMsPerCommand).join(' ')}`).join('; ')}`,
    );
  }
  for (const [name, rows] of Object.entries(figures.ratiosToFloor)) {
    lines.push(...ratioLines(name, 'floor', rows), `  idle RSS ×${figures.idleRssToFloor[name] ?? '—'}`);
  }
  for (const [name, rows] of Object.entries(figures.oldFloorsToFloor)) lines.push(...ratioLines(name, 'floor', rows));
  for (const verdict of figures.verdict) {
    const word = verdict.pass === null ? 'INCOMPLETE' : verdict.pass ? 'PASS' : 'FAIL';
    lines.push(`acceptance (issue 33) for ${verdict.target}: ${word}`);
    for (const l of verdict.lines) {
      const mark = l.pass === null ? 'n/a ' : l.pass ? 'pass' : 'FAIL';
      const measure = l.limit === null ? '' : `: ${l.figure ?? '—'} (limit ${l.limit})`;
      lines.push(`  ${mark}  ${l.check}${measure}${l.note ? ` — ${l.note}` : ''}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
