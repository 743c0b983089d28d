import { SpanStatusCode, type Tracer } from '@opentelemetry/api';
import type { WrapPhase } from './wrap-phase.js';

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
          // The error's name only: a message may quote what the service or Slack answered.
          span.setAttribute('error.type', error instanceof Error ? error.name : typeof error);
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
        }
      },
    );
}
