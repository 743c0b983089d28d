/**
 * The call observer that counts the app's outbound calls: service calls by route and status (a
 * counter and a duration histogram), Slack calls by method and outcome (429s as `rate_limited`).
 * Names come from the observer seam and are low-cardinality by construction (call-observer.ts).
 */
import { Counter, Histogram, type Registry } from 'prom-client';
import type { CallObserver, CallOutcome, CallPeer, EndCall } from '../call-observer.js';
import { labelledChildren } from './labelled-children.js';

/** Seconds; a service answer past 30 s has timed out (the client's limit is 15 s by default). */
const SERVICE_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export type SlackCallOutcome = 'ok' | 'rate_limited' | 'http_error' | 'failed';

/** Told when a Slack call ends (the first-response timer, command-timing.ts). */
export type SlackCallEnded = (method: string, outcome: SlackCallOutcome) => void;

export function slackOutcome(outcome: CallOutcome): SlackCallOutcome {
  if (outcome.rateLimited) return 'rate_limited';
  if (outcome.status === undefined) return 'failed';
  return outcome.status >= 200 && outcome.status < 300 ? 'ok' : 'http_error';
}

export function createCallMetrics(register: Registry, now: () => number, onSlackCallEnded?: SlackCallEnded): CallObserver {
  const serviceCalls = new Counter({
    name: 'research_desk_service_calls_total',
    help: 'Calls to the research service by route template and HTTP status (or error kind when no answer came).',
    labelNames: ['route', 'status'] as const,
    registers: [register],
  });
  const serviceSeconds = new Histogram({
    name: 'research_desk_service_call_duration_seconds',
    help: 'Duration of calls to the research service by route template (event streams: until their headers).',
    labelNames: ['route'] as const,
    buckets: SERVICE_BUCKETS,
    registers: [register],
  });
  const slackCalls = new Counter({
    name: 'research_desk_slack_calls_total',
    help: 'Slack Web API calls (and response_url posts) by method and outcome: ok, rate_limited (429), http_error, failed.',
    labelNames: ['method', 'outcome'] as const,
    registers: [register],
  });
  const serviceDuration = labelledChildren((route) => serviceSeconds.labels(route));
  // Two levels (name, then status or outcome): no key string built per call.
  const serviceCount = labelledChildren((route) => labelledChildren((status) => serviceCalls.labels(route, status), 40));
  const slackCount = labelledChildren((method) => labelledChildren((outcome) => slackCalls.labels(method, outcome), 4), 200);

  const startService = (route: string): EndCall => {
    const started = now();
    return (outcome) => {
      serviceDuration(route).observe((now() - started) / 1000);
      serviceCount(route)(outcome.status !== undefined ? statusText(outcome.status) : (outcome.error ?? 'unknown')).inc();
    };
  };
  const startSlack =
    (method: string): EndCall =>
    (outcome) => {
      const result = slackOutcome(outcome);
      slackCount(method)(result).inc();
      onSlackCallEnded?.(method, result);
    };
  return {
    start: (peer: CallPeer, name: string) => (peer === 'service' ? startService(name) : startSlack(name)),
  };
}

const STATUS_TEXT: string[] = [];
/** '200', built once per status code. */
function statusText(status: number): string {
  let text = STATUS_TEXT[status];
  if (text === undefined) {
    text = String(status);
    if (status >= 100 && status < 600) STATUS_TEXT[status] = text;
  }
  return text;
}
