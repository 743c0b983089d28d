import type { Logger } from '../observability/logger.js';
import type { DrainState } from '../slack/app/drain-state.js';
import type { Closers } from './closers.js';

/**
 * A shutdown that hangs must not keep a deploy waiting forever: this long after the drain delay the
 * process exits with 1. Kubernetes' terminationGracePeriodSeconds and compose's stop_grace_period
 * must exceed the drain delay plus this (test/deploy/ checks the manifests).
 */
export const SHUTDOWN_DEADLINE_MS = 10_000;

export type ShutdownSignal = 'SIGTERM' | 'SIGINT';

/** Where the signals come from: the process by default; a test passes an emitter of its own. */
export interface SignalSource {
  on(signal: ShutdownSignal, listener: () => void): unknown;
}

export interface CloseOnSignalsOptions {
  /** Begun at the signal: /readyz answers 503 `draining` from then on (health-routes.ts). */
  drain?: DrainState;
  /** How long to keep serving, not ready, before closing (SHUTDOWN_DRAIN_SECONDS; default 0). */
  drainDelayMs?: number;
  signals?: SignalSource;
  exit?: (code: number) => void;
  /** The drain delay's and the deadline's timer (Node's by default). */
  setTimer?: (run: () => void, ms: number) => { unref?: () => unknown };
}

const nodeTimer = (run: () => void, ms: number) => setTimeout(run, ms);

/**
 * SIGTERM or SIGINT, once: marks the drain begun (/readyz 503, /healthz still 200, requests still
 * served), waits the drain delay so whatever routes here sees it, then closes everything (the app
 * first: it hands its runs over while its HTTP server still answers) and exits.
 * @see https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#pod-termination
 */
export function closeOnSignals(closers: Closers, logger: Logger, options: CloseOnSignalsOptions = {}): void {
  const signals = options.signals ?? process;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const setTimer = options.setTimer ?? nodeTimer;
  const drainDelayMs = options.drainDelayMs ?? 0;
  let stopping = false;
  const stop = (signal: ShutdownSignal): void => {
    if (stopping) return;
    stopping = true;
    options.drain?.begin();
    logger.info('shutting down', { signal, drainDelayMs });
    setTimer(() => exit(1), drainDelayMs + SHUTDOWN_DEADLINE_MS).unref?.();
    const close = (): void => {
      void closers.closeAll().then(() => exit(0));
    };
    if (drainDelayMs > 0) setTimer(close, drainDelayMs);
    else close();
  };
  // Kept after the first: a repeated signal must not fall back to Node's default (exit at once).
  signals.on('SIGTERM', () => stop('SIGTERM'));
  signals.on('SIGINT', () => stop('SIGINT'));
}
