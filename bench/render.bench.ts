/**
 * Render benchmark (issue 17): a 100 KB Markdown agent report through the renderer final reports
 * use (renderFinalAnswer: Markdown → Block Kit, split over thread messages), and every card in
 * src/slack/blocks with representative data. Pure functions in this process: nothing else runs
 * here while they are timed. Floors in the same run: marked.lexer alone for the Markdown (the
 * parse no renderer can skip), and JSON.stringify of each card's own output (the cost of merely
 * walking a structure that size, which sending it costs anyway).
 */
import { Buffer } from 'node:buffer';
import { marked } from 'marked';
import { reduceRecordedEvents } from '../src/agent/state/reduce-run.js';
import { initialRunView } from '../src/agent/state/run-view.js';
import { renderFinalAnswer } from '../src/slack/blocks/agent/render-final-answer.js';
import { markdownToBlocks } from '../src/slack/blocks/markdown/markdown-to-blocks.js';
import { buildLongReport } from '../test/fixtures/build-long-report.js';
import { buildRunEvents } from '../test/fixtures/build-run-events.js';
import { CARD_CASES } from './lib/card-cases.js';
import { median, percentile, round } from './lib/stats.js';
import { timeCalls } from './lib/time-calls.js';
import { writeResults } from './lib/write-results.js';

export interface RenderBenchParameters {
  reportBytes: number;
  reportSamples: number;
  cardSamples: number;
}

const DEFAULTS: RenderBenchParameters = { reportBytes: 100_000, reportSamples: 50, cardSamples: 200 };
const TARGET_REPORT_MS = 20;

/**
 * The long-report fixture (Chinese and English prose, lists, tables, code) repeated, and cut at a
 * paragraph boundary once it reaches `bytes` of UTF-8.
 */
function buildReportOfSize(bytes: number): string {
  const paragraphs = buildLongReport().split('\n\n');
  const kept: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const paragraph = paragraphs[i % paragraphs.length]!;
    kept.push(paragraph);
    size += Buffer.byteLength(paragraph) + 2;
  }
  return kept.join('\n\n');
}

function summarise(times: number[], digits = 3) {
  return { medianMs: round(median(times), digits), p95Ms: round(percentile(times, 95), digits) };
}

export async function runRenderBenchmark(params: RenderBenchParameters = DEFAULTS) {
  const report = buildReportOfSize(params.reportBytes);
  const startMs = 1_750_000_000_000;
  const view = reduceRecordedEvents(initialRunView({ startedAtMs: startMs }), buildRunEvents({ report, startMs }));
  const ctx = { runId: 'run-bench', askerUserId: 'U0ASKER', conversationUrl: 'https://research.example.com/c/1', nowMs: startMs };
  const messages = renderFinalAnswer(view, ctx);

  const finalAnswer = summarise(timeCalls(() => renderFinalAnswer(view, ctx), params.reportSamples));
  const blocksOnly = summarise(timeCalls(() => markdownToBlocks(report), params.reportSamples));
  const lexerFloor = summarise(timeCalls(() => marked.lexer(report), params.reportSamples));
  const stringifyOutput = summarise(timeCalls(() => JSON.stringify(messages), params.reportSamples));

  const cards = CARD_CASES.map(({ name, render }) => {
    const output = render();
    const ours = median(timeCalls(render, params.cardSamples, 20));
    const floor = median(timeCalls(() => JSON.stringify(output), params.cardSamples, 20));
    return {
      card: name,
      medianMs: round(ours, 4),
      jsonStringifyFloorMs: round(floor, 4),
      ratioToFloor: round(ours / Math.max(floor, 0.0001), 1),
      outputBytes: JSON.stringify(output).length,
    };
  });
  const slowest = [...cards]
    .sort((a, b) => b.medianMs - a.medianMs)
    .slice(0, 5)
    .map((c) => c.card);

  const figures = {
    report: {
      chars: report.length,
      bytes: Buffer.byteLength(report),
      messages: messages.length,
      blocks: messages.reduce((n, m) => n + m.blocks.length, 0),
      renderFinalAnswer: finalAnswer,
      markdownToBlocksOnly: blocksOnly,
      floorMarkedLexer: lexerFloor,
      jsonStringifyOfOutput: stringifyOutput,
      ratioToLexerFloor: round(finalAnswer.medianMs / Math.max(lexerFloor.medianMs, 0.001), 1),
      target: { underMs: TARGET_REPORT_MS, met: finalAnswer.medianMs <= TARGET_REPORT_MS },
    },
    cards,
    cardsSummary: {
      count: cards.length,
      medianOfMediansMs: round(median(cards.map((c) => c.medianMs)), 4),
      medianRatioToFloor: round(median(cards.map((c) => c.ratioToFloor)), 1),
      slowest,
    },
  };
  const file = await writeResults('render', { parameters: { ...params }, figures });
  return { figures, file };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { figures, file } = await runRenderBenchmark();
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\nwritten to ${file}\n`);
}
