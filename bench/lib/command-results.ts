/**
 * What the command benchmark writes to bench/results/commands.json: each target's medians over
 * rounds, the app targets' and the old floors' ratios to the floor, issue 33's verdict, and the
 * notes that say how each figure was taken.
 */
import { type MedianStep, type RatioRow, ratiosOverRounds } from './command-rounds.js';
import { commandVerdict, type TargetVerdict } from './command-verdict.js';
import type { FloorCardCheck } from './floor-card-check.js';
import { round } from './stats.js';

export interface TargetFigures {
  target: string;
  description: string;
  rssIdleAfterStartMiB: number;
  rssIdleAfterLoadMiB: number;
  /** CPU ms a second while idle with no traffic (scheduler time of every thread): the median of the windows. */
  idleCpuMsPerSecond: number | null;
  idleCpuMsPerSecondByRound: number[];
  /** The first rate whose median ack p99 passed 500 ms (or failed). */
  saturationRate: string;
  steps: MedianStep[];
  /** App targets: whether the floor posts the card this app posted for the floor's search. */
  floorCard?: FloorCardCheck;
}

export interface CommandBenchFigures {
  /** The machine's load when the run started (describeMachine reports it at the end). */
  loadAverageAtStart: number[];
  rounds: number;
  targets: TargetFigures[];
  /** Each app target's medians over the floor's, rate by rate, with the range of the rounds' ratios. */
  ratiosToFloor: Record<string, RatioRow[]>;
  /** The floors measured before issue 33 over the floor: how much they flattered the app. */
  oldFloorsToFloor: Record<string, RatioRow[]>;
  verdict: TargetVerdict[];
  idleRssToFloor: Record<string, number>;
  peerCalls: Record<string, number>;
  /** CPU the peers and the load generator used over the whole run: were they cheap enough? */
  harness: { commandsSent: number; peersCpuMs: number; loadGeneratorCpuMs: number };
}

export function compareToFloor(
  measured: TargetFigures[],
  params: { rounds: number; rates: readonly number[] },
  rest: Pick<CommandBenchFigures, 'loadAverageAtStart' | 'peerCalls' | 'harness'>,
): CommandBenchFigures {
  const floor = measured.find((t) => t.target === 'floor');
  const apps = measured.filter((t) => !t.target.startsWith('floor'));
  const oldFloors = measured.filter((t) => t.target.startsWith('floor-'));
  const over = (list: TargetFigures[]) =>
    Object.fromEntries(list.map((t) => [t.target, floor ? ratiosOverRounds(t.steps, floor.steps) : []]));
  return {
    loadAverageAtStart: rest.loadAverageAtStart,
    rounds: params.rounds,
    targets: measured,
    ratiosToFloor: over(apps),
    oldFloorsToFloor: over(oldFloors),
    verdict: apps.map((t) =>
      commandVerdict({
        target: t.target,
        steps: t.steps,
        idleCpuMsPerSecond: t.idleCpuMsPerSecond,
        floorSteps: floor?.steps,
        rates: params.rates,
        rounds: params.rounds,
        floorCard: t.floorCard,
      }),
    ),
    idleRssToFloor: Object.fromEntries(
      apps.map((t) => [t.target, round(t.rssIdleAfterStartMiB / Math.max(floor?.rssIdleAfterStartMiB ?? 1, 1), 2)]),
    ),
    peerCalls: rest.peerCalls,
    harness: rest.harness,
  };
}

export const COMMAND_BENCH_NOTES = [
  'floor: a bare Bolt app built the cheapest correct way (bench/floor-bolt-app.ts): the app’s HTTPReceiver options, no conversation store; acks, makes the app’s service request (POST /v2/search, same body and headers) with undici request() on one HTTP/1.1 Agent, reads the body and checks the status, then posts the app’s real card for this search (bench/fixtures/research-card.json, stringified once) to the response_url with request(). It logs nothing and imports nothing of the app.',
  'floorCard (app targets): the app’s first response_url cards of its warm-up, the one for the floor’s search compared with bench/fixtures/research-card.json; a difference fails the verdict (the floor would no longer post what the app posts) and names the first place they differ.',
  'floor-respond and floor-ack-only, when measured, are the floors before issue 33: Bolt respond() (the global fetch) with a fixed text and Bolt’s default conversation store, with and without the service call (fetch). oldFloorsToFloor is how much more they spend than the floor.',
  'Rounds: each round runs every rate, and at each rate every target in turn, the order rotated per round; after the last, idle CPU with no traffic: 65 s after the last command (every keep-alive connection of the peers, 60 s, closed), five 10 s windows in a row (BENCH_IDLE_WINDOWS), every target at once; the median is quoted. Figures are the median over rounds (an even count takes the mean of the middle two; a failed figure counts as worse than any); byRound holds each round’s. Ratios are the ratio of the medians, with min–max of the rounds’ own ratios.',
  'CPU per command: utime+stime of the target process from /proc/<pid>/stat, over the whole step (warm-up and drain included) divided by every command sent.',
  'Idle CPU: the sum of /proc/<pid>/task/*/schedstat (scheduler time in ns, every thread) over the idle window, per second; utime and stime move in 10 ms ticks, too coarse for under 1 ms a second.',
  'App targets run production-like: NODE_ENV=production and METRICS_PORT on a free port of their own (the Dockerfile sets it); app-redis runs on REDIS_URL (db flushed before it starts).',
  'First-response overhead: time from sending the command to the Slack stub receiving its response_url post, minus the service stub latency (floor-ack-only makes no service call: nothing is taken off).',
  'A target whose ack p99 passes 500 ms at a rate skips the round’s higher rates; the verdict fails a rate some round skipped.',
  'verdict: issue 33’s acceptance per app target: CPU per command ≤ 1.5× floor at every rate; ack p99 ≤ 20 ms and ≤ 2× floor at 200/s; first-response overhead p99 ≤ 2× floor at 200/s; idle CPU ≤ 0.5 ms/s.',
];
