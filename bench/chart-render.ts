/**
 * Chart render benchmark (issue 15): a 250-point price history (a year of trading days) through
 * the chart pipeline, median of 50 renders each, wall and CPU time per call, in this process:
 * - SVG: ChartData → ECharts option → SVG (server-side renderer, instance disposed every time);
 * - PNG, our way: resvg with only the chart fonts (found once, system fonts never scanned);
 * - PNG, the obvious alternative: resvg loading the system's fonts on every render;
 * - PNG, one font for everything: Noto Sans CJK alone (it covers Latin too), fonts found once;
 * - floor: resvg on a trivial SVG (one rectangle, no text, no fonts): the cost of rasterising
 *   and PNG-encoding a canvas of that size, which no chart can go below.
 */
import { performance } from 'node:perf_hooks';
import { Resvg } from '@resvg/resvg-js';
import type { ChartData } from '../src/charts/chart-data.js';
import { CHART_FONT_FAMILY, CJK_FONT_FAMILY } from '../src/charts/chart-font-family.js';
import { findChartFonts, NOTO_SANS_CJK_PATH } from '../src/charts/find-chart-fonts.js';
import { createPngRenderer } from '../src/charts/png-renderer.js';
import { renderChartSvg } from '../src/charts/render-chart-svg.js';
import { median, percentile, round } from './lib/stats.js';
import { writeResults } from './lib/write-results.js';

const SAMPLES = 50;
const WARM_UP = 3;
const POINTS = 250;
const SIZE = { width: 1200, height: 675 };

/** A year of trading days as the Chart button builds it (buildPriceChart): deterministic, no randomness. */
function priceHistory(points: number): ChartData {
  const start = Date.UTC(2025, 0, 2);
  const categories = Array.from({ length: points }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
  return {
    kind: 'line',
    title: '贵州茅台 (SH:600519) daily close',
    categories,
    yTitle: 'CNY per share',
    series: [{ name: 'Close', values: categories.map((_, i) => Math.round((1500 + 120 * Math.sin(i / 11) + i * 0.4) * 100) / 100) }],
  };
}

interface Timed {
  wall: number[];
  cpu: number[];
}

/** Wall and CPU (user + system) time of each call, after a warm-up. */
function time(fn: () => unknown): Timed {
  let sink: unknown;
  for (let i = 0; i < WARM_UP; i++) sink = fn();
  const out: Timed = { wall: [], cpu: [] };
  for (let i = 0; i < SAMPLES; i++) {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    sink = fn();
    out.wall.push(performance.now() - t0);
    const cpu = process.cpuUsage(cpu0);
    out.cpu.push((cpu.user + cpu.system) / 1000);
  }
  if (sink === Symbol.for('never')) process.stdout.write('');
  return out;
}

const summary = (t: Timed) => ({
  medianMs: round(median(t.wall), 2),
  p95Ms: round(percentile(t.wall, 95), 2),
  medianCpuMs: round(median(t.cpu), 2),
});

export async function runChartRenderBenchmark() {
  const data = priceHistory(POINTS);
  const svg = renderChartSvg(data, SIZE);
  const fonts = findChartFonts();
  const renderPng = createPngRenderer(fonts, (w) => process.stdout.write(`  warning: ${w}\n`));
  const trivial = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE.width}" height="${SIZE.height}"><rect width="100%" height="100%" fill="#fff"/></svg>`;

  const svgTimes = time(() => renderChartSvg(data, SIZE));
  const pngOurs = time(() => renderPng(svg));
  const endToEnd = time(() => renderPng(renderChartSvg(data, SIZE)));
  const pngSystemFonts = time(() => new Resvg(svg, { font: { loadSystemFonts: true }, background: '#ffffff' }).render().asPng());
  const notoOnlySvg = svg.replaceAll(CHART_FONT_FAMILY, `'${CJK_FONT_FAMILY}'`);
  const notoOnly = createPngRenderer({ files: [NOTO_SANS_CJK_PATH], defaultFamily: CJK_FONT_FAMILY }, () => {});
  const pngNotoOnly = time(() => notoOnly(notoOnlySvg));
  const floor = time(() => new Resvg(trivial, { font: { loadSystemFonts: false } }).render().asPng());

  const figures = {
    svg: summary(svgTimes),
    pngOurWay: summary(pngOurs),
    dataToPngOurWay: summary(endToEnd),
    pngLoadSystemFontsPerRender: summary(pngSystemFonts),
    pngNotoCjkAloneFontsOnce: summary(pngNotoOnly),
    floorTrivialSvgToPng: summary(floor),
    ratioSystemFontsToOurs: round(median(pngSystemFonts.wall) / Math.max(median(pngOurs.wall), 0.001), 1),
    ratioNotoAloneToOurs: round(median(pngNotoOnly.wall) / Math.max(median(pngOurs.wall), 0.001), 1),
    ratioOursToFloor: round(median(pngOurs.wall) / Math.max(median(floor.wall), 0.001), 1),
    svgBytes: svg.length,
    pngBytes: renderPng(svg).length,
  };
  for (const [name, f] of Object.entries(figures)) {
    if (typeof f === 'object') process.stdout.write(`  ${name}: median ${f.medianMs} ms (p95 ${f.p95Ms} ms, CPU ${f.medianCpuMs} ms)\n`);
  }
  const file = await writeResults('chart-render', {
    parameters: { samples: SAMPLES, warmUp: WARM_UP, points: POINTS, size: SIZE, fontFiles: fonts.files },
    figures,
    notes: [
      'resvg-js 2.6 takes fonts as file paths, not buffers: "our way" resolves the paths once and never scans system fonts; the files are parsed per render from the page cache.',
      'CPU time is user + system of this process (process.cpuUsage) around each call.',
    ],
  });
  return { figures, file };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runChartRenderBenchmark();
}
