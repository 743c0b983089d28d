/**
 * Wraps one relay phase of an agent run (src/agent/runtime/drive-run.ts): tracing opens a span
 * per phase, active while the phase runs, so the service and Slack calls it makes are its
 * children. Absent, the phases run bare. Here, not in src/agent/, so observability never imports
 * the agent.
 */
export type WrapPhase = <T>(phase: string, runId: string, run: () => Promise<T>) => Promise<T>;
