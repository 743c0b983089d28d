/**
 * What the command benchmark's processes say to each other over their IPC channels: the
 * orchestrator (commands.bench.ts) asks, the peers (command-peers.ts) and the load generator
 * (command-load-generator.ts) answer. Times are wall-clock milliseconds with sub-millisecond
 * precision (performance.timeOrigin + performance.now()), comparable across processes on one machine.
 */

/** Peers → orchestrator, once both stubs listen. */
export interface PeersReady {
  type: 'ready';
  /** Base of the Slack stub: the Web API is `${slackUrl}/api/`, response_urls are `${slackUrl}/response/…`. */
  slackUrl: string;
  serviceUrl: string;
}

/** Orchestrator → peers: hand over (and forget) the first response_url posts of one step. */
export interface TakeArrivals {
  type: 'take-arrivals';
  step: string;
}

export interface Arrivals {
  type: 'arrivals';
  step: string;
  /** [command number, when its response_url was first posted to]. */
  arrivals: Array<[number, number]>;
  /** The bodies of the step's first response_url posts not handed over before (up to three). */
  cards: string[];
  /** Requests per Web API method, service path and unknown path since the peers started. */
  calls: Record<string, number>;
}

export type PeersRequest = TakeArrivals;

/** Orchestrator → load generator: one step of open-loop load. */
export interface LoadStep {
  type: 'run';
  step: string;
  targetUrl: string;
  signingSecret: string;
  responseUrlBase: string;
  /** Commands per second. */
  rate: number;
  warmupMs: number;
  durationMs: number;
  seed: number;
  /** The /research text, rotated through. */
  texts: string[];
}

export interface CommandSample {
  n: number;
  /** Sent during warm-up: its work counts in CPU per command, its latency is not quoted. */
  warmup: boolean;
  sentAt: number;
  /** When the HTTP 200 came back; absent when the ack failed (error, timeout, non-200). */
  ackedAt?: number;
}

export interface LoadStepDone {
  type: 'done';
  step: string;
  samples: CommandSample[];
  /** How late the generator sent commands against their schedule (ms, p99): its own health. */
  sendLagP99Ms: number;
}
