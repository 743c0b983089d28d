/** Fault switches for tests and benchmarks, decided per request (and per SSE connection). */
import { createPrng, type Prng } from './data/prng.js';

export interface ServiceFaults {
  /** Added to every response. */
  latencyMs: number;
  /** 0..1, fraction of requests answered 500/502/503. */
  errorRate: number;
  /** Every Nth request answered 429 with Retry-After (0 = off). */
  rateLimitEvery: number;
  retryAfterSeconds: number;
  /** SSE connections close abruptly after N events (0 = off). */
  dropStreamAfterEvents: number;
  /** Every Nth SSE data line is malformed JSON, sent in addition to the real events (0 = off). */
  malformedEventEvery: number;
  /** Every Nth SSE event is sent twice (0 = off). */
  duplicateEventEvery: number;
  /** Every Nth SSE event is held back and sent after the one that follows it: offsets out of order (0 = off). */
  reorderEventEvery: number;
  /**
   * Every Nth SSE event is left out of the live stream (0 = off). The run's log keeps it, so a
   * stream=false read (or a reconnect from an offset below it) still returns it.
   */
  skipLiveEventEvery: number;
  /**
   * The next N chat calls start their run and then drop the connection without an answer, as a
   * keep-alive socket reset on a busy machine does: the client cannot tell that the run started.
   */
  unansweredChats: number;
  /** Every error body and agent `error` event echoes the request's API key and headers (credentials-echo.ts). */
  reflectCredentials: boolean;
}

/** The switches set by a number (the CLI's EMULATOR_* variables). */
export type NumericFaultKey = { [K in keyof ServiceFaults]: ServiceFaults[K] extends number ? K : never }[keyof ServiceFaults];

export const NO_FAULTS: ServiceFaults = {
  latencyMs: 0,
  errorRate: 0,
  rateLimitEvery: 0,
  retryAfterSeconds: 1,
  dropStreamAfterEvents: 0,
  malformedEventEvery: 0,
  duplicateEventEvery: 0,
  reorderEventEvery: 0,
  skipLiveEventEvery: 0,
  unansweredChats: 0,
  reflectCredentials: false,
};

export type FaultDecision =
  | { kind: 'none' }
  | { kind: 'rate-limit'; retryAfterSeconds: number }
  | { kind: 'error'; status: 500 | 502 | 503 };

const ERROR_STATUSES = [500, 502, 503] as const;

export class FaultController {
  private current: ServiceFaults;
  private requests = 0;
  private chatsLeftUnanswered = 0;
  private readonly prng: Prng;

  constructor(initial: Partial<ServiceFaults> = {}, seed = 7) {
    this.current = { ...NO_FAULTS, ...initial };
    this.prng = createPrng(seed);
  }

  get faults(): ServiceFaults {
    return this.current;
  }

  /** Replaces every switch (unset ones turn off) and restarts the request count. */
  set(next: Partial<ServiceFaults>): void {
    this.current = { ...NO_FAULTS, ...next };
    this.requests = 0;
    this.chatsLeftUnanswered = 0;
  }

  /** Called by each chat call once its run started: true when this one is to go unanswered. */
  leaveChatUnanswered(): boolean {
    if (this.chatsLeftUnanswered >= this.current.unansweredChats) return false;
    this.chatsLeftUnanswered += 1;
    return true;
  }

  /** Called once per authenticated request. */
  decide(): FaultDecision {
    this.requests += 1;
    const f = this.current;
    if (f.rateLimitEvery > 0 && this.requests % f.rateLimitEvery === 0) {
      return { kind: 'rate-limit', retryAfterSeconds: f.retryAfterSeconds };
    }
    if (f.errorRate > 0 && this.prng.next() < f.errorRate) {
      return { kind: 'error', status: this.prng.pick(ERROR_STATUSES) };
    }
    return { kind: 'none' };
  }
}
