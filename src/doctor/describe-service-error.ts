import { isServiceError } from '../service/errors/service-error.js';

/** The client's message ends with `(METHOD /path → status)`; the table names the endpoint already. */
const CALL_SUFFIX = /\s\((?:GET|POST|DELETE|PUT|PATCH) \/[^)]*\)$/;

/** A failed call → the one line the report shows: what went wrong, and what to check when we know. */
export function describeServiceError(error: unknown): string {
  if (!isServiceError(error)) return `unexpected error: ${error instanceof Error ? error.message : String(error)}`;
  const message = error.message.replace(CALL_SUFFIX, '');
  const status = error.status !== undefined ? ` (HTTP ${error.status})` : '';
  switch (error.kind) {
    case 'auth':
      return `${message}${status}: check SERVICE_API_KEY`;
    case 'network': {
      const code = (error.cause as { code?: unknown } | undefined)?.code;
      return `${message}${typeof code === 'string' ? ` (${code})` : ''}: check SERVICE_BASE_URL`;
    }
    case 'bad_response':
      return `the app cannot read the answer${status}: ${message.replace(/^unexpected response: /, '')}`;
    default:
      return `${message}${status}`;
  }
}
