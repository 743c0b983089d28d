/**
 * Do service calls queue behind the client's connection pool? Drives createResearchClient open-loop
 * (calls per second, not a closed concurrency) against a stub service 300 ms slow in another
 * process, and reports queueing = (done − started) − the stub's latency, p50/p99/max per rate.
 *
 *   npx tsx bench/service-pool.measure.ts [--connections N] [--rates 100,200,400] [--seconds 3]
 *
 * Not part of `npm run bench`: it measures the client alone, to size its pool.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createResearchClient } from '../src/service/research-client.js';
import { percentile, round } from './lib/stats.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LATENCY_MS = 300;

const { values } = parseArgs({
  options: {
    connections: { type: 'string' },
    rates: { type: 'string', default: '100,200,400' },
    seconds: { type: 'string', default: '3' },
  },
});

const stub = spawn(
  process.execPath,
  [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'bench/lib/slow-service-stub.ts')],
  {
    env: { ...process.env, LATENCY_MS: String(LATENCY_MS) },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const port = await new Promise<number>((resolve) => stub.stdout?.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim()))));

const client = createResearchClient({
  baseUrl: `http://127.0.0.1:${port}`,
  apiKey: 'bench-key',
  ...(values.connections !== undefined ? { maxConnections: Number(values.connections) } : {}),
});

for (const rate of values.rates.split(',').map(Number)) {
  const total = rate * Number(values.seconds);
  const queueing: number[] = [];
  const calls: Array<Promise<void>> = [];
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    // Open loop: call i starts at its scheduled time whatever the earlier calls are doing.
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const began = performance.now();
    calls.push(client.latestConcepts().then(() => void queueing.push(performance.now() - began - LATENCY_MS)));
  }
  await Promise.all(calls);
  const figure = (p: number) => round(percentile(queueing, p));
  process.stdout.write(
    `${JSON.stringify({ connections: values.connections ?? 'default', rate, calls: total, queueingMs: { p50: figure(50), p99: figure(99), max: round(Math.max(...queueing)) } })}\n`,
  );
}
await client.close();
stub.kill('SIGTERM');
