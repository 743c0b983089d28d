export type DeliveryKind = 'slash_command' | 'block_actions' | 'view_submission' | 'view_closed' | 'message_action' | 'event_callback';

export type DeliveryOutcome = 'acked' | 'http_error' | 'timeout' | 'network_error' | 'no_connection';

export interface DeliveryResult {
  /** True when the app acknowledged in time (HTTP 2xx, or a Socket Mode ack). */
  ok: boolean;
  outcome: DeliveryOutcome;
  /** HTTP status of the app's answer; 200 for a Socket Mode ack. */
  status?: number;
  /** The ack body as text (HTTP) or the ack payload serialised (Socket Mode). */
  body?: string;
  latencyMs: number;
  deliveryId: string;
  triggerId?: string;
  responseUrl?: string;
  eventId?: string;
  /** For a view_submission: what the ack did (`close`, `errors`, `update`, `push`, `clear`). */
  viewAction?: string;
}

export interface DeliveryRecord {
  id: string;
  kind: DeliveryKind;
  transport: 'http' | 'socket';
  /** 0 for the first attempt, then 1..3 for retries. */
  retryNum: number;
  retryReason?: string;
  /** The delivered payload (command fields, interaction payload or event envelope). */
  payload: Record<string, unknown>;
  outcome: DeliveryOutcome;
  status?: number;
  ackBody?: string;
  latencyMs: number;
  at: number;
  eventId?: string;
  envelopeId?: string;
  /** Why the app did not answer (the request's error), for a timeout or a network error. */
  failure?: string;
  /** The signed HTTP request as it went on the wire, so a test can replay it as a captor would. */
  signedRequest?: SignedHttpRequest;
}

/** A request as Slack signs it: the body and the two headers that sign it. */
export interface SignedHttpRequest {
  contentType: string;
  body: string;
  /** X-Slack-Request-Timestamp (seconds). */
  timestamp: number;
  /** X-Slack-Signature (`v0=…`). */
  signature: string;
}
