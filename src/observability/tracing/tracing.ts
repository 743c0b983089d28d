import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import type { CallObserver } from '../call-observer.js';
import type { Logger } from '../logger.js';
import type { WrapPhase } from './wrap-phase.js';

/** What start-up wires in when tracing is on; when off, none of the parts exist and nothing is added anywhere. */
export type Tracing =
  | { readonly enabled: false; shutdown(): Promise<void> }
  | {
      readonly enabled: true;
      /** The active span's trace id: the log lines' correlation id (logger.ts `traceId`). */
      readonly traceId: () => string | undefined;
      /** A client span per service and Slack call (call-observer.ts). */
      readonly callObserver: CallObserver;
      /** A server span per Slack request (Bolt global middleware, registered first). */
      readonly slackMiddleware: Middleware<AnyMiddlewareArgs>;
      /** A span per relay phase of an agent run. */
      readonly wrapPhase: WrapPhase;
      /** The SDK's own problems (a collector out of reach) become the app's log lines from now on. */
      logTo(logger: Logger): void;
      /** Exports the spans still buffered and stops the exporter: the last thing closed on the way out. */
      shutdown(): Promise<void>;
    };

export const TRACING_OFF: Tracing = { enabled: false, shutdown: () => Promise.resolve() };
