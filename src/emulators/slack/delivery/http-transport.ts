import { signSlackRequest } from '../signing.js';
import type { DeliveryOutcome, SignedHttpRequest } from './delivery-record.js';

export interface HttpAttempt {
  outcome: DeliveryOutcome;
  status?: number;
  body?: string;
  latencyMs: number;
  /** The app asked Slack not to retry (`X-Slack-No-Retry: 1`). */
  noRetry: boolean;
  /** Why no answer came (the request's error), for a timeout or a network error. */
  failure?: string;
  /** What was sent. */
  request: SignedHttpRequest;
}

/**
 * POSTs one signed request to the app and waits up to `ackTimeoutMs` for its answer. A late answer is
 * a timeout, as on Slack: the request is abandoned. A spent deadline (0) makes the answer late
 * whatever the machine's speed, as in Socket Mode: the request goes out whole and is answered, and
 * the answer counts as a timeout (a zero-ms abort could cut the request off before the app read it,
 * or lose the race to a quick answer).
 */
export async function postSignedRequest(p: {
  url: string;
  body: string;
  contentType: string;
  signingSecret: string;
  ackTimeoutMs: number;
  extraHeaders?: Record<string, string>;
}): Promise<HttpAttempt> {
  const timestamp = Math.floor(Date.now() / 1000);
  const request: SignedHttpRequest = {
    contentType: p.contentType,
    body: p.body,
    timestamp,
    signature: signSlackRequest(p.signingSecret, timestamp, p.body),
  };
  const started = performance.now();
  const controller = new AbortController();
  const spent = p.ackTimeoutMs <= 0;
  const timer = spent ? undefined : setTimeout(() => controller.abort(), p.ackTimeoutMs);
  try {
    const res = await fetch(p.url, {
      method: 'POST',
      body: p.body,
      signal: controller.signal,
      headers: {
        'Content-Type': p.contentType,
        'X-Slack-Request-Timestamp': String(timestamp),
        'X-Slack-Signature': request.signature,
        'User-Agent': 'Slackbot 1.0 (+https://api.slack.com/robots)',
        ...p.extraHeaders,
      },
    });
    const body = await res.text();
    const latencyMs = performance.now() - started;
    if (spent) return { outcome: 'timeout', latencyMs, noRetry: false, request, failure: 'the ack deadline was spent (0 ms)' };
    const noRetry = res.headers.get('x-slack-no-retry') === '1';
    return { outcome: res.ok ? 'acked' : 'http_error', status: res.status, body, latencyMs, noRetry, request };
  } catch (error) {
    const latencyMs = performance.now() - started;
    const failure = error instanceof Error ? error.message : String(error);
    return { outcome: controller.signal.aborted ? 'timeout' : 'network_error', latencyMs, noRetry: false, request, failure };
  } finally {
    clearTimeout(timer);
  }
}
