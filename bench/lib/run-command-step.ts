/**
 * One step of the command benchmark: the load generator sends open-loop commands at one rate to
 * one target, then the peers are asked for the first response_url posts until every acked
 * command has one (or DRAIN_MS passes). The target's CPU and peak RSS cover the whole step.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { Arrivals, LoadStep, LoadStepDone } from './command-bench-messages.js';
import { summarizeStep, type StepFigures } from './command-figures.js';
import type { ForkedWorker } from './forked-worker.js';
import { readCpuMs, samplePeakRss } from './process-usage.js';

/** How long acked commands may still take to get their first response after the last send. */
const DRAIN_MS = 15_000;

export interface StepHarness {
  peers: ForkedWorker;
  load: ForkedWorker;
  slackUrl: string;
  signingSecret: string;
  texts: string[];
  serviceLatencyMs: number;
  warmupMs: number;
  stepMs: number;
  /** Given the step's first response_url bodies (up to three), once the step is over. */
  onCards?: (cards: string[]) => void;
}

export async function runCommandStep(
  harness: StepHarness,
  target: { name: string; port: number; pid: number },
  rate: number,
  label = String(rate),
): Promise<StepFigures> {
  const step = `${target.name}-${label}`;
  const cpuBefore = await readCpuMs(target.pid);
  const rss = samplePeakRss(target.pid);
  const plan: LoadStep = {
    type: 'run',
    step,
    targetUrl: `http://127.0.0.1:${target.port}/slack/events`,
    signingSecret: harness.signingSecret,
    responseUrlBase: `${harness.slackUrl}/response`,
    rate,
    warmupMs: harness.warmupMs,
    durationMs: harness.stepMs,
    // The same arrivals for every target at one rate.
    seed: rate * 7919,
    texts: harness.texts,
  };
  const done = harness.load.next<LoadStepDone>('done');
  harness.load.send(plan);
  const { samples, sendLagP99Ms } = await done;

  const firstResponses = new Map<number, number>();
  const cards: string[] = [];
  const waitingFor = samples.filter((s) => s.ackedAt !== undefined).map((s) => s.n);
  const deadline = Date.now() + DRAIN_MS;
  for (;;) {
    const answer = harness.peers.next<Arrivals>('arrivals');
    harness.peers.send({ type: 'take-arrivals', step });
    const taken = await answer;
    for (const [n, at] of taken.arrivals) firstResponses.set(n, at);
    cards.push(...taken.cards);
    if (waitingFor.every((n) => firstResponses.has(n)) || Date.now() > deadline) break;
    await delay(100);
  }
  const cpuMs = (await readCpuMs(target.pid)) - cpuBefore;
  harness.onCards?.(cards);
  return summarizeStep({
    rate,
    samples,
    firstResponses,
    serviceLatencyMs: harness.serviceLatencyMs,
    cpuMs,
    rssPeakMiB: await rss.stop(),
    sendLagP99Ms,
  });
}
