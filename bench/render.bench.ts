/**
 * Render benchmark (issue 17): a 100 KB Markdown agent report through the renderer final reports
 * use (renderFinalAnswer: Markdown → Block Kit, split over thread messages), and every card in
 * src/slack/blocks with representative data. Pure functions in this process: nothing else runs
 * here while they are timed. Floors in the same run: marked.lexer alone for the Markdown (the
 * parse no renderer can skip), and JSON.stringify of each card's own output (the cost of merely
 * walking a structure that size, which sending it costs anyway). With `--baseline <git-rev>` (or
 * BENCH_BASELINE), that revision's renderers ("today's code") on the same inputs, timed in turn
 * with this tree's.
 */
import { Buffer } from 'node:buffer';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { marked } from 'marked';
import { buildLongReport } from '../test/fixtures/build-long-report.js';
import { baselineRevision } from './lib/bench-options.js';
import { PROJECT_ROOT } from './lib/build-app.js';
import { bundleEntries } from './lib/bundle-entries.js';
import { CARD_CASES, type CardCase } from './lib/card-cases.js';
import { extractRevision } from './lib/git-source.js';
import { prepareReportRender } from './lib/report-render.js';
import { median, percentile, round } from './lib/stats.js';
import { timeCalls, timeCallsInTurn } from './lib/time-calls.js';
import { writeResults } from './lib/write-results.js';

export interface RenderBenchParameters {
  reportBytes: number;
  reportSamples: number;
  cardSamples: number;
  /** Another revision whose renderers run on the same inputs, in turn with this tree's. */
  baseline?: string;
}

export function parametersFrom(argv: readonly string[], env: NodeJS.ProcessEnv): RenderBenchParameters {
  const baseline = baselineRevision(argv, env);
  return { reportBytes: 100_000, reportSamples: 50, cardSamples: 200, ...(baseline ? { baseline } : {}) };
}

const TARGET_REPORT_MS = 20;

/** This tree's report renders and cards, bundled against another revision's src/. */
interface BaselineRenderers {
  revision: string;
  commit: string;
  prepareReportRender: typeof prepareReportRender;
  cards: CardCase[];
  /** Deletes the bundles (kept until the end: a module may load more of them lazily). */
  remove(): Promise<void>;
}

/**
 * Extracts `rev`, bundles report-render.ts and card-cases.ts (this tree's cases and fixtures)
 * against its src/, and imports them here: the same inputs through that revision's renderers.
 */
async function loadBaseline(rev: string): Promise<BaselineRenderers> {
  const work = await mkdtemp(path.join(tmpdir(), 'research-desk-render-baseline-'));
  const remove = () => rm(work, { recursive: true, force: true });
  try {
    const source = path.join(work, 'source');
    const { commit } = await extractRevision({ repo: PROJECT_ROOT, rev, into: source });
    const bundles = await bundleEntries({
      root: PROJECT_ROOT,
      entries: { report: 'bench/lib/report-render.ts', cards: 'bench/lib/card-cases.ts' },
      outdir: path.join(work, 'bundle'),
      nodeModules: path.join(PROJECT_ROOT, 'node_modules'),
      srcDir: path.join(source, 'src'),
    });
    const report = (await import(pathToFileURL(bundles.report).href)) as typeof import('./lib/report-render.js');
    const cards = (await import(pathToFileURL(bundles.cards).href)) as typeof import('./lib/card-cases.js');
    return { revision: rev, commit: commit.slice(0, 10), prepareReportRender: report.prepareReportRender, cards: cards.CARD_CASES, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

const sameOutput = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

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

export async function runRenderBenchmark(params: RenderBenchParameters = parametersFrom(process.argv, process.env)) {
  const baseline = params.baseline ? await loadBaseline(params.baseline) : undefined;
  try {
    const report = buildReportOfSize(params.reportBytes);
    const ours = prepareReportRender(report);
    const theirs = baseline?.prepareReportRender(report);
    const messages = ours.finalAnswer();

    // With a baseline, its call follows ours in every sample.
    const [finalAnswerTimes, baselineFinalAnswerTimes] = timeCallsInTurn(
      theirs ? [ours.finalAnswer, theirs.finalAnswer] : [ours.finalAnswer],
      params.reportSamples,
    );
    const [blocksOnlyTimes, baselineBlocksOnlyTimes] = timeCallsInTurn(
      theirs ? [ours.blocksOnly, theirs.blocksOnly] : [ours.blocksOnly],
      params.reportSamples,
    );
    const finalAnswer = summarise(finalAnswerTimes!);
    const lexerFloor = summarise(timeCalls(() => marked.lexer(report), params.reportSamples));
    const stringifyOutput = summarise(timeCalls(() => JSON.stringify(messages), params.reportSamples));

    const cards = CARD_CASES.map(({ name, render }) => {
      const output = render();
      const theirCard = baseline?.cards.find((c) => c.name === name);
      const [times, baselineTimes] = timeCallsInTurn(theirCard ? [render, theirCard.render] : [render], params.cardSamples, 20);
      const oursMs = median(times!);
      const floor = median(timeCalls(() => JSON.stringify(output), params.cardSamples, 20));
      return {
        card: name,
        medianMs: round(oursMs, 4),
        jsonStringifyFloorMs: round(floor, 4),
        ratioToFloor: round(oursMs / Math.max(floor, 0.0001), 1),
        outputBytes: JSON.stringify(output).length,
        ...(theirCard && baselineTimes
          ? {
              baselineMedianMs: round(median(baselineTimes), 4),
              ratioToBaseline: round(oursMs / Math.max(median(baselineTimes), 0.0001), 2),
              baselineSameOutput: sameOutput(output, theirCard.render()),
            }
          : {}),
      };
    });
    const slowest = [...cards]
      .sort((a, b) => b.medianMs - a.medianMs)
      .slice(0, 5)
      .map((c) => c.card);
    const withBaseline = cards.flatMap((c) => (c.ratioToBaseline === undefined ? [] : [c]));

    const figures = {
      report: {
        chars: report.length,
        bytes: Buffer.byteLength(report),
        messages: messages.length,
        blocks: messages.reduce((n, m) => n + m.blocks.length, 0),
        renderFinalAnswer: finalAnswer,
        markdownToBlocksOnly: summarise(blocksOnlyTimes!),
        floorMarkedLexer: lexerFloor,
        jsonStringifyOfOutput: stringifyOutput,
        ratioToLexerFloor: round(finalAnswer.medianMs / Math.max(lexerFloor.medianMs, 0.001), 1),
        target: { underMs: TARGET_REPORT_MS, met: finalAnswer.medianMs <= TARGET_REPORT_MS },
        ...(baseline && theirs && baselineFinalAnswerTimes && baselineBlocksOnlyTimes
          ? {
              baseline: {
                revision: baseline.revision,
                commit: baseline.commit,
                sameOutput: sameOutput(messages, theirs.finalAnswer()),
                renderFinalAnswer: summarise(baselineFinalAnswerTimes),
                markdownToBlocksOnly: summarise(baselineBlocksOnlyTimes),
                // Below 1: this tree renders faster than the baseline.
                ratioToBaseline: round(finalAnswer.medianMs / Math.max(median(baselineFinalAnswerTimes), 0.001), 2),
              },
            }
          : {}),
      },
      cards,
      cardsSummary: {
        count: cards.length,
        medianOfMediansMs: round(median(cards.map((c) => c.medianMs)), 4),
        medianRatioToFloor: round(median(cards.map((c) => c.ratioToFloor)), 1),
        slowest,
        ...(baseline
          ? {
              baseline: {
                cards: withBaseline.length,
                medianRatioToBaseline: round(median(withBaseline.map((c) => c.ratioToBaseline ?? 0)), 2),
                differentOutput: withBaseline.filter((c) => !c.baselineSameOutput).map((c) => c.card),
                missing: cards.filter((c) => c.ratioToBaseline === undefined).map((c) => c.card),
              },
            }
          : {}),
      },
    };
    process.stdout.write(
      `  ${Math.round(figures.report.bytes / 1000)} KB report: ${finalAnswer.medianMs} ms (p95 ${finalAnswer.p95Ms} ms), ${messages.length} messages\n`,
    );
    if (figures.report.baseline) {
      const b = figures.report.baseline;
      process.stdout.write(
        `  baseline ${b.revision}: ${b.renderFinalAnswer.medianMs} ms (p95 ${b.renderFinalAnswer.p95Ms} ms), ${b.sameOutput ? 'same' : 'different'} messages\n`,
      );
    }
    const { count, medianOfMediansMs, baseline: cardsBaseline } = figures.cardsSummary;
    const againstBaseline = cardsBaseline
      ? `, ${cardsBaseline.medianRatioToBaseline}× the baseline's (median ratio), ${cardsBaseline.differentOutput.length} with different output`
      : '';
    process.stdout.write(`  ${count} cards: median ${medianOfMediansMs} ms${againstBaseline}\n`);
    const file = await writeResults('render', {
      parameters: { ...params },
      figures,
      ...(baseline
        ? {
            notes: [
              `Baseline: report-render.ts and card-cases.ts of this tree bundled against src/ at ${baseline.revision} (${baseline.commit}) and run in this process on the same inputs; each sample times this tree's call, then the baseline's.`,
              'sameOutput / baselineSameOutput: whether the baseline produced the same JSON, i.e. whether the two figures time the same work.',
            ],
          }
        : {}),
    });
    return { figures, file };
  } finally {
    await baseline?.remove();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { figures, file } = await runRenderBenchmark();
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\nwritten to ${file}\n`);
}
