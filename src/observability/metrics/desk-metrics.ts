/**
 * Research Desk's Prometheus metrics: one Registry per app instance (tests run several apps in one
 * process; prom-client's global registry would mix them), with Node's default process, GC and
 * event-loop metrics and the desk's own series. Counters are counted where things happen (the
 * hooks below); gauges read in-memory state when scraped. Label values are low-cardinality names
 * only: never a token, a response_url, a query or anything a team typed.
 * @see https://prometheus.io/docs/practices/naming/
 * @see https://github.com/siimon/prom-client#usage
 */
import { performance } from 'node:perf_hooks';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CallObserver } from '../call-observer.js';
import { createCallMetrics } from './call-metrics.js';
import { type CommandTiming, createCommandTiming } from './command-timing.js';
import { createEventLoopDelaySampler, type EventLoopDelaySampler, type EventLoopDelaySamplerOptions } from './event-loop-delay-sampler.js';
import { DEFAULT_EVENT_LOOP_LAG_METRICS, registerEventLoopLag } from './event-loop-lag.js';

export type Vote = 'positive' | 'negative';

/** What the runs gauges read at scrape time. */
export interface RunCounts {
  /** Runs this process relays now. */
  active: number;
  /** Runs waiting out an outage to start, in this process. */
  deferred: number;
}

export interface DeskMetrics {
  readonly registry: Registry;
  /** Outbound Slack and service calls (give it to the Slack clients and the service client). */
  readonly callObserver: CallObserver;
  /** Ack and first-response time of slash commands (create-slack-app.ts wraps Bolt's processEvent with it). */
  readonly commands: CommandTiming;
  /** How long content waited between its event's arrival and the Slack call that showed it (relay-metrics.ts). */
  recordStaleness(ms: number): void;
  digestPosted(): void;
  alertPosted(): void;
  /** A question queued behind the run working in its thread. */
  questionQueued(): void;
  /** A vote recorded: `previous` is the vote it replaced (null for a first vote; the same vote again is not recorded). */
  voteRecorded(vote: Vote, previous: Vote | null): void;
  /** The feedback votes of this process's life: cast minus changed away, by vote. */
  votes(): Record<Vote, number>;
  /** Where the runs gauges read from (the relay and the deferred-start queue exist after the metrics). */
  readRuns(read: () => RunCounts): void;
  /**
   * The event-loop delay gauges' sampler: Slack events (through `commands`), outbound calls
   * (through `callObserver`) and active runs keep it sampling; idle, it stops.
   */
  readonly eventLoopDelay: Pick<EventLoopDelaySampler, 'sampling' | 'stop'>;
}

export interface DeskMetricsOptions {
  now?: () => number;
  /** The event-loop delay sampler's timers, idle period and histogram (tests); Node's by default. */
  eventLoopDelay?: Omit<EventLoopDelaySamplerOptions, 'busy'>;
}

/**
 * Per-type counts that list every handle, request or resource (every socket under load) on each
 * scrape, twice over; their `_total` gauges stay.
 */
const COSTLY_DEFAULTS = ['nodejs_active_resources', 'nodejs_active_handles', 'nodejs_active_requests'];

/** The largest resolution Node's event-loop delay timer takes (an int32 of milliseconds). */
const UNUSED_HISTOGRAM_RESOLUTION_MS = 2 ** 31 - 1;

const STALENESS_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60];

export function createDeskMetrics(options: DeskMetricsOptions = {}): DeskMetrics {
  const now = options.now ?? (() => performance.now());
  const registry = new Registry();
  // The defaults' event-loop delay gauges are replaced by event-loop-lag.ts (same names, sampled
  // only while the app works). prom-client still enables its own histogram, which nothing reads
  // once its gauges are removed, and has no option to leave it out. Its resolution at the int32
  // maximum (ms, about 24.8 days) keeps it from waking an idle process every second (issue 33);
  // Node reads the resolution as 32 bits, so a larger one wraps around (2**32 + 5 ticks every 5 ms).
  // @see https://github.com/siimon/prom-client/blob/master/lib/metrics/eventLoopLag.js
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: UNUSED_HISTOGRAM_RESOLUTION_MS });
  for (const replaced of [...DEFAULT_EVENT_LOOP_LAG_METRICS, ...COSTLY_DEFAULTS]) registry.removeSingleMetric(replaced);
  let runsNow: () => RunCounts = () => ({ active: 0, deferred: 0 });
  const eventLoopDelay = createEventLoopDelaySampler({ ...options.eventLoopDelay, busy: () => runsNow().active > 0 });
  registerEventLoopLag(registry, eventLoopDelay);
  const timing = createCommandTiming(registry, now);
  const calls = createCallMetrics(registry, now, timing.slackCallEnded);
  // Every Slack event the app receives, and every call it makes, is work to sample the delay of.
  const commands: CommandTiming = {
    process(event, process) {
      eventLoopDelay.workArrived();
      return timing.process(event, process);
    },
    slackCallEnded: timing.slackCallEnded,
  };
  const callObserver: CallObserver = {
    start(peer, name) {
      eventLoopDelay.workArrived();
      return calls.start(peer, name);
    },
  };
  const staleness = new Histogram({
    name: 'research_desk_relay_staleness_seconds',
    help: 'How long agent answer content waited between its event arriving and the Slack call that showed it.',
    buckets: STALENESS_BUCKETS,
    registers: [registry],
  });
  const digests = counter(registry, 'research_desk_digests_posted_total', 'Concept digests posted to channels.');
  const alerts = counter(registry, 'research_desk_watch_alerts_posted_total', 'Watchlist alerts posted to channels.');
  const queued = counter(registry, 'research_desk_questions_queued_total', 'Questions queued behind the run working in their thread.');
  const cast = new Counter({
    name: 'research_desk_feedback_votes_total',
    help: 'Feedback votes on agent answers, counted when recorded (a changed vote counts for its new side).',
    labelNames: ['vote'] as const,
    registers: [registry],
  });
  const withdrawn = new Counter({
    name: 'research_desk_feedback_votes_withdrawn_total',
    help: 'Feedback votes changed to the other side, by the vote withdrawn.',
    labelNames: ['vote'] as const,
    registers: [registry],
  });
  const castOf = { positive: cast.labels('positive'), negative: cast.labels('negative') };
  const withdrawnOf = { positive: withdrawn.labels('positive'), negative: withdrawn.labels('negative') };
  // Both sides exported from the start at 0, so rate() and alerts see the first vote as an increase.
  // @see https://prometheus.io/docs/practices/instrumentation/#avoid-missing-metrics
  for (const child of [...Object.values(castOf), ...Object.values(withdrawnOf)]) child.inc(0);
  const tally: Record<Vote, number> = { positive: 0, negative: 0 };

  new Gauge({
    name: 'research_desk_runs_active',
    help: 'Agent runs this process relays now.',
    registers: [registry],
    collect() {
      this.set(runsNow().active);
    },
  });
  new Gauge({
    name: 'research_desk_runs_deferred',
    help: 'Agent runs waiting in this process for an outage to end before they start.',
    registers: [registry],
    collect() {
      this.set(runsNow().deferred);
    },
  });

  return {
    registry,
    callObserver,
    commands,
    recordStaleness: (ms) => staleness.observe(ms / 1000),
    digestPosted: () => digests.inc(),
    alertPosted: () => alerts.inc(),
    questionQueued: () => queued.inc(),
    voteRecorded(vote, previous) {
      castOf[vote].inc();
      tally[vote] += 1;
      if (previous !== null && previous !== vote) {
        withdrawnOf[previous].inc();
        tally[previous] -= 1;
      }
    },
    votes: () => ({ ...tally }),
    readRuns(read) {
      runsNow = read;
    },
    eventLoopDelay,
  };
}

function counter(registry: Registry, name: string, help: string): Counter {
  return new Counter({ name, help, registers: [registry] });
}
