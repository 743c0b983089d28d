/**
 * The relay of one run is a small state machine over its RunContext:
 *
 *   starting   → following    this process started the chat: follow the chat's own stream
 *              → resuming     the chat existed (a run taken over after a crash or lease expiry)
 *              → finishing    the run could not start (the reply says why)
 *   resuming   → cleaningUp   the view rebuilt from the event log
 *              → finishing    the event log could not be read
 *   cleaningUp → following    orphans removed (a stream a crash left open, stray segments)
 *              → finishing    after following, or when the rebuilt run has already ended
 *   following  → cleaningUp   the run ended, went silent or was lost; progress writing closed
 *   finishing  → done         the final render written and the run marked ended
 *
 * Leaving early is a transition too, taken by the driver (drive-run.ts) from any phase:
 * `stopped` (lease lost, shutdown) and `refused` (Slack refuses the thread for good).
 */
import type { RunContext } from '../state/run-context.js';
import type { RunStatus } from '../../store/records.js';

export type PhaseName = 'starting' | 'resuming' | 'cleaningUp' | 'following' | 'finishing';

export type RunOutcome = { ended: true; status: RunStatus } | { ended: false; reason: 'stopped' };

/** Where a phase hands the run next: another phase, or done with an outcome. */
export type NextPhase = PhaseName | { done: RunOutcome };

export type Phase = (ctx: RunContext) => Promise<NextPhase>;
