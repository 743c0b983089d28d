import type { EmulatorConfig } from '../config.js';
import type { EmulatorState } from '../state.js';
import type { DeliveryKind, DeliveryOutcome, DeliveryRecord, DeliveryResult, SignedHttpRequest } from './delivery-record.js';
import { postSignedRequest } from './http-transport.js';
import type { EnvelopeType, SocketModeHub } from './socket-mode-hub.js';

export interface DeliveryRequest {
  kind: DeliveryKind;
  /** For slash commands: the form fields; otherwise the JSON payload. */
  payload: Record<string, unknown>;
  eventId?: string;
  triggerId?: string;
  responseUrl?: string;
}

const ENVELOPE: Record<DeliveryKind, EnvelopeType> = {
  slash_command: 'slash_commands',
  block_actions: 'interactive',
  view_submission: 'interactive',
  view_closed: 'interactive',
  message_action: 'interactive',
  event_callback: 'events_api',
};

function httpBody(req: DeliveryRequest): { body: string; contentType: string } {
  if (req.kind === 'event_callback') return { body: JSON.stringify(req.payload), contentType: 'application/json' };
  if (req.kind === 'slash_command') {
    const form = new URLSearchParams(Object.entries(req.payload).map(([k, v]) => [k, String(v)]));
    return { body: form.toString(), contentType: 'application/x-www-form-urlencoded' };
  }
  return {
    body: new URLSearchParams({ payload: JSON.stringify(req.payload) }).toString(),
    contentType: 'application/x-www-form-urlencoded',
  };
}

function httpRetryReason(outcome: DeliveryOutcome): string {
  if (outcome === 'timeout') return 'http_timeout';
  if (outcome === 'http_error') return 'http_error';
  return 'connection_failed';
}

/**
 * Delivers to the app over HTTP or Socket Mode and records every attempt. Events whose ack is late or
 * failed are redelivered (same event_id) up to 3 times after `eventRetryDelaysMs`, unless the app
 * answered `X-Slack-No-Retry: 1`. Other kinds are never retried, as on Slack.
 */
export class Deliverer {
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Redeliveries whose timer fired and whose attempt is not recorded yet. */
  private retriesInFlight = 0;
  private closed = false;

  constructor(
    private readonly state: EmulatorState,
    private readonly config: EmulatorConfig,
    private readonly hub: SocketModeHub,
  ) {}

  /** Redeliveries scheduled or under way and not yet recorded. */
  get pendingRetries(): number {
    return this.timers.size + this.retriesInFlight;
  }

  deliver(req: DeliveryRequest): Promise<DeliveryResult> {
    return this.attempt(req, 0, undefined);
  }

  /** `onRecorded` runs as the attempt's record lands (before anyone watching deliveries sees it). */
  private async attempt(
    req: DeliveryRequest,
    retryNum: number,
    retryReason: string | undefined,
    onRecorded?: () => void,
  ): Promise<DeliveryResult> {
    const id = this.state.newId('DLV');
    const at = this.config.clock();
    const transport = this.config.deliveryMode;
    let outcome: DeliveryOutcome;
    let status: number | undefined;
    let body: string | undefined;
    let latencyMs: number;
    let noRetry = false;
    let envelopeId: string | undefined;
    let signedRequest: SignedHttpRequest | undefined;
    let failure: string | undefined;

    if (transport === 'socket') {
      const res = await this.hub.deliver(ENVELOPE[req.kind], req.payload, {
        acceptsResponsePayload: req.kind === 'slash_command' || req.kind === 'view_submission',
        retryAttempt: retryNum,
        retryReason: retryReason ?? '',
        ackTimeoutMs: this.config.ackTimeoutMs,
      });
      ({ outcome, latencyMs, envelopeId } = res);
      if (res.outcome === 'acked') {
        status = 200;
        body = res.payload === undefined ? '' : JSON.stringify(res.payload);
      }
    } else if (this.config.requestUrl === undefined) {
      outcome = 'no_connection';
      latencyMs = 0;
    } else {
      const { body: requestBody, contentType } = httpBody(req);
      const extraHeaders: Record<string, string> = {};
      if (retryNum > 0) {
        extraHeaders['X-Slack-Retry-Num'] = String(retryNum);
        extraHeaders['X-Slack-Retry-Reason'] = retryReason ?? 'http_error';
      }
      const res = await postSignedRequest({
        url: this.config.requestUrl,
        body: requestBody,
        contentType,
        signingSecret: this.config.signingSecret,
        ackTimeoutMs: this.config.ackTimeoutMs,
        extraHeaders,
      });
      ({ outcome, status, body, latencyMs, noRetry, failure } = res);
      signedRequest = res.request;
    }

    const record: DeliveryRecord = { id, kind: req.kind, transport, retryNum, payload: req.payload, outcome, latencyMs, at };
    if (retryReason !== undefined) record.retryReason = retryReason;
    if (status !== undefined) record.status = status;
    if (body !== undefined) record.ackBody = body;
    if (req.eventId !== undefined) record.eventId = req.eventId;
    if (envelopeId !== undefined) record.envelopeId = envelopeId;
    if (signedRequest !== undefined) record.signedRequest = signedRequest;
    if (failure !== undefined) record.failure = failure;
    onRecorded?.();
    this.state.deliveries.push(record);
    this.state.changed({ kind: 'delivery' });

    if (req.kind === 'event_callback' && outcome !== 'acked' && !noRetry) {
      this.scheduleRetry(req, retryNum + 1, transport === 'socket' ? 'timeout' : httpRetryReason(outcome));
    }
    const result: DeliveryResult = { ok: outcome === 'acked', outcome, latencyMs, deliveryId: id };
    if (status !== undefined) result.status = status;
    if (body !== undefined) result.body = body;
    if (req.triggerId !== undefined) result.triggerId = req.triggerId;
    if (req.responseUrl !== undefined) result.responseUrl = req.responseUrl;
    if (req.eventId !== undefined) result.eventId = req.eventId;
    return result;
  }

  private scheduleRetry(req: DeliveryRequest, retryNum: number, reason: string): void {
    const delay = this.config.eventRetryDelaysMs[retryNum - 1];
    if (delay === undefined || this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.closed) return;
      this.retriesInFlight += 1;
      // attempt() records every outcome itself and never rejects.
      void this.attempt(req, retryNum, reason, () => {
        this.retriesInFlight -= 1;
      });
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
