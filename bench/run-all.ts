/** `npm run bench`: every benchmark in turn; each writes bench/results/<name>.json. */
import { runAckBenchmark } from './ack.bench.js';

const only = process.argv.slice(2);
const benches: Array<[string, () => Promise<{ figures: unknown; file: string }>]> = [
  ['ack', () => runAckBenchmark()],
  ['relay', async () => (await import('./relay.bench.js')).runRelayBenchmark()],
  ['render', async () => (await import('./render.bench.js')).runRenderBenchmark()],
  ['resume', async () => (await import('./resume.bench.js')).runResumeBenchmark()],
  ['startup', async () => (await import('./startup.bench.js')).runStartupBenchmark()],
];

for (const [name, run] of benches) {
  if (only.length > 0 && !only.includes(name)) continue;
  process.stdout.write(`\n== ${name} ==\n`);
  const started = Date.now();
  const { figures, file } = await run();
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\n(${Math.round((Date.now() - started) / 1000)} s, written to ${file})\n`);
}
process.exit(0);
