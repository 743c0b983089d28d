/**
 * The final-report renderer on a 100 KB Markdown report: renderFinalAnswer (Markdown → Block Kit,
 * split into thread messages) for a run whose report is test/fixtures/build-long-report.ts repeated
 * and cut to the size asked for. Median of 50 renders after 5 warm-ups, in this process (no peers).
 *
 *   npx tsx bench/render-report.measure.ts [--kb 100] [--runs 50]
 */
import { parseArgs } from 'node:util';
import { reduceRecordedEvents } from '../src/agent/state/reduce-run.js';
import { initialRunView } from '../src/agent/state/run-view.js';
import { renderFinalAnswer } from '../src/slack/blocks/agent/render-final-answer.js';
import { buildLongReport } from '../test/fixtures/build-long-report.js';
import { buildRunEvents } from '../test/fixtures/build-run-events.js';
import { median, percentile, round } from './lib/stats.js';

const { values } = parseArgs({ options: { kb: { type: 'string', default: '100' }, runs: { type: 'string', default: '50' } } });
const targetBytes = Number(values.kb) * 1000;

const parts: string[] = [];
while (Buffer.byteLength(parts.join('\n\n')) < targetBytes) parts.push(buildLongReport());
// Cut back to the size asked for at a paragraph's end, so the report stays well-formed Markdown.
const whole = parts.join('\n\n');
let report = whole;
while (Buffer.byteLength(report) > targetBytes) report = report.slice(0, report.lastIndexOf('\n\n'));
const view = reduceRecordedEvents(initialRunView({ startedAtMs: 1_750_000_000_000 }), buildRunEvents({ report }));
const ctx = { runId: 'bench-run', askerUserId: 'U0ASKER', nowMs: 1_750_000_100_000 };

for (let i = 0; i < 5; i++) renderFinalAnswer(view, ctx);
const samples: number[] = [];
let messages = 0;
for (let i = 0; i < Number(values.runs); i++) {
  const started = performance.now();
  messages = renderFinalAnswer(view, ctx).length;
  samples.push(performance.now() - started);
}
process.stdout.write(
  `${JSON.stringify({ reportBytes: Buffer.byteLength(report), reportChars: report.length, messages, renderMs: { min: round(Math.min(...samples), 2), median: round(median(samples), 2), p90: round(percentile(samples, 90), 2) } })}\n`,
);
