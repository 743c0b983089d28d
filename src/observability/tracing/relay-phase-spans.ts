import type { Tracer } from '@opentelemetry/api';
import type { WrapPhase } from './wrap-phase.js';
import { markSpanFailed } from './mark-span-failed.js';

/**
 * A span per relay phase of an agent run (`relay starting`, `relay following`, …), active while
 * the phase runs. Its parent is the span active where the run was started: the Slack request
 * that asked the question, so one trace follows a question from the mention to the final answer.
 * A run resumed after a restart has none, and its phases start traces of their own.
 */
export function createRelayPhaseSpans(tracer: Tracer): WrapPhase {
  return (phase, runId, run) =>
    tracer.startActiveSpan(
      `relay ${phase}`,
      { attributes: { 'research_desk.relay.phase': phase, 'research_desk.run_id': runId } },
      async (span) => {
        try {
          return await run();
        } catch (error) {
          markSpanFailed(span, error);
          throw error;
        } finally {
          span.end();
        }
      },
    );
}
