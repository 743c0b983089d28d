/**
 * The relay of one run is a small state machine over its RunContext:
 *
 *   starting ──(this process started the chat)──────────────────► following
 *      │                                                              │
 *      └─(taken over after a crash / lease expiry)► resuming ─► cleaningUp ─► following
 *                                                                     ▲        │
 *   following ─(stream ended, timed out or failed; progress closed)───┘        ▼
 *   cleaningUp ─(after following, or nothing left to follow)─────────────► finishing ─► done
 *
 * starting or resuming may also fail the run straight to finishing. Leaving the machine early is
 * a transition too: `stopped` (lease lost, shutdown) and `refused` (Slack refuses the thread for
 * good), handled by the driver (drive-run.ts).
 */
import type { RunContext } from '../state/run-context.js';
import type { RunStatus } from '../../store/records.js';

export type PhaseName = 'starting' | 'resuming' | 'cleaningUp' | 'following' | 'finishing';

export type RunOutcome = { ended: true; status: RunStatus } | { ended: false; reason: 'stopped' };

/** Where a phase hands the run next: another phase, or done with an outcome. */
export type NextPhase = PhaseName | { done: RunOutcome };

export type Phase = (ctx: RunContext) => Promise<NextPhase>;
