import type { z } from 'zod';
import type { validationIssueSchema } from '../schemas/error-body-schema.js';

/**
 * The service client's error family. Every failure of a call is one of these kinds, each carrying
 * what the Slack layer needs to answer the user: whether a retry can help, how long to wait, and
 * for validation failures the faulty inputs. Messages name the method and path, never the key.
 */
export type ServiceErrorKind =
  | 'validation'
  /** 413: what was sent (an uploaded file) is larger than the service takes; sending it again cannot help. */
  | 'too_large'
  | 'auth'
  | 'not_found'
  | 'rate_limited'
  | 'upstream'
  | 'timeout'
  | 'network'
  | 'bad_response'
  | 'cancelled';

/** One item of a 422 body's `detail` array. */
export type ValidationIssue = z.output<typeof validationIssueSchema>;

export interface ServiceErrorInit {
  method: string;
  path: string;
  status?: number;
  retryAfterMs?: number;
  issues?: ValidationIssue[];
  /** Text from the service's own `detail` string, when it gave one. */
  serviceDetail?: string;
  cause?: unknown;
}

export class ServiceError extends Error {
  override readonly name: string = 'ServiceError';
  readonly kind: ServiceErrorKind;
  readonly method: string;
  readonly path: string;
  readonly status?: number;
  readonly retryAfterMs?: number;
  readonly issues: ValidationIssue[];
  readonly serviceDetail?: string;

  constructor(kind: ServiceErrorKind, message: string, init: ServiceErrorInit) {
    super(`${message} (${init.method} ${init.path}${init.status ? ` → ${init.status}` : ''})`, {
      cause: init.cause,
    });
    this.kind = kind;
    this.method = init.method;
    this.path = init.path;
    this.status = init.status;
    this.retryAfterMs = init.retryAfterMs;
    this.issues = init.issues ?? [];
    this.serviceDetail = init.serviceDetail;
  }

  /** Whether the same request may succeed later (the caller decides whether it is safe to resend). */
  get retryable(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'upstream' || this.kind === 'timeout' || this.kind === 'network';
  }
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}
