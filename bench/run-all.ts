/**
 * `npm run bench [-- <name>…] [--baseline <git-rev>]`: every benchmark in turn (or the named
 * ones); each writes bench/results/<name>.json. The commands, render and start-up benchmarks read
 * --baseline (or BENCH_BASELINE) themselves and measure that revision in the same run.
 */
const benches: Array<[string, () => Promise<{ figures: unknown; file: string }>]> = [
  ['chart-render', async () => (await import('./chart-render.js')).runChartRenderBenchmark()],
  ['commands', async () => (await import('./commands.bench.js')).runCommandsBenchmark()],
  ['metrics-scrape', async () => (await import('./metrics-scrape.bench.js')).runMetricsScrapeBenchmark()],
  ['relay', async () => (await import('./relay.bench.js')).runRelayBenchmark()],
  ['render', async () => (await import('./render.bench.js')).runRenderBenchmark()],
  ['restarts', async () => (await import('./restarts.bench.js')).runRestartsBenchmark()],
  ['resume', async () => (await import('./resume.bench.js')).runResumeBenchmark()],
  ['startup', async () => (await import('./startup.bench.js')).runStartupBenchmark()],
];

const only = process.argv.slice(2).filter((arg) => benches.some(([name]) => name === arg));

for (const [name, run] of benches) {
  if (only.length > 0 && !only.includes(name)) continue;
  process.stdout.write(`\n== ${name} ==\n`);
  const started = Date.now();
  const { file } = await run();
  process.stdout.write(`(${Math.round((Date.now() - started) / 1000)} s, written to ${file})\n`);
}
process.exit(0);
