/**
 * A Web API failure answered the way Slack answers it: `ok:false` with an error code, optional
 * `response_metadata.messages` (the `[ERROR] … [json-pointer:…]` lines Slack sends for invalid blocks)
 * and an HTTP status (200 for platform errors, 429 for rate limits).
 */
export class SlackApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly messages: string[];
  readonly extra: Record<string, unknown>;

  constructor(code: string, opts: { messages?: string[]; status?: number; extra?: Record<string, unknown> } = {}) {
    super(code);
    this.name = 'SlackApiError';
    this.code = code;
    this.status = opts.status ?? 200;
    this.messages = opts.messages ?? [];
    this.extra = opts.extra ?? {};
  }

  toBody(): Record<string, unknown> {
    const body: Record<string, unknown> = { ok: false, error: this.code, ...this.extra };
    if (this.messages.length > 0) {
      body.errors = this.messages;
      body.response_metadata = { messages: this.messages.map((m) => `[ERROR] ${m}`) };
    }
    return body;
  }
}

/** A misuse of the emulator's own in-process or playground API (unknown message, button, view …). */
export class EmulatorUsageError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'EmulatorUsageError';
    this.code = code;
  }
}
