import { ServiceError, type ServiceErrorKind, type ValidationIssue } from './service-error.js';
import { errorBodySchema } from '../schemas/error-body-schema.js';
import { isUnknownIdAnswer } from './unknown-id-detail.js';

export interface HttpFailure {
  method: string;
  path: string;
  status: number;
  /** Raw body text (may be HTML or empty). */
  bodyText: string;
  retryAfterMs?: number;
}

/** A non-2xx answer → the error kind the interface implies; the service's own words are kept when safe. */
export function mapHttpError(f: HttpFailure): ServiceError {
  const { issues, detail: serviceDetail } = errorBodySchema.parse(tryJson(f.bodyText));
  const kind = isUnknownIdAnswer(f.status, serviceDetail) ? 'not_found' : kindForStatus(f.status);
  const init = {
    method: f.method,
    path: f.path,
    status: f.status,
    issues,
    ...(serviceDetail !== undefined ? { serviceDetail } : {}),
    ...(f.retryAfterMs !== undefined ? { retryAfterMs: f.retryAfterMs } : {}),
  };
  return new ServiceError(kind, messageFor(kind, issues, serviceDetail), init);
}

export function kindForStatus(status: number): ServiceErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status === 400 || status === 422) return 'validation';
  if (status === 413) return 'too_large';
  if (status === 408 || status === 504) return 'timeout';
  if (status >= 500) return 'upstream';
  return 'bad_response';
}

function messageFor(kind: ServiceErrorKind, issues: ValidationIssue[], detail?: string): string {
  switch (kind) {
    case 'validation': {
      const first = issues[0];
      return first ? `invalid request: ${first.loc.join('.')}: ${first.msg}` : `invalid request${detail ? `: ${detail}` : ''}`;
    }
    case 'too_large':
      return `too large for the service${detail ? `: ${detail}` : ''}`;
    case 'auth':
      return 'the service rejected the credentials';
    case 'not_found':
      return `not found${detail ? `: ${detail}` : ''}`;
    case 'rate_limited':
      return 'rate limited by the service';
    case 'upstream':
      return 'the service failed';
    case 'timeout':
      return 'the service timed out';
    default:
      return 'unexpected status from the service';
  }
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
