/**
 * Checks what a user typed in the connect modal before it is saved: a key (and, where allowed, a
 * base URL) that works for one read-only call, the trending-concepts list. Every failure names
 * the field to fix and how, and never repeats the key.
 */
import type { Logger } from '../observability/logger.js';
import { isServiceError } from '../service/errors/service-error.js';
import { ConnectionRejectedError } from './workspace-errors.js';
import type { ClosableService, ConnectRequest } from './workspaces.js';

const CHECK_TIMEOUT_MS = 8000;
const MAX_KEY_LENGTH = 500;

export interface CheckServiceConnectionOptions {
  defaultBaseUrl: string;
  allowCustomBaseUrl: boolean;
  createService(credentials: { baseUrl: string; apiKey: string }): ClosableService;
  /** Where a failure to close the checked client is noted (it changes nothing for the user). */
  logger?: Logger;
}

/** The credentials to save, once one call with them succeeded. Throws ConnectionRejectedError. */
export async function checkServiceConnection(
  request: Pick<ConnectRequest, 'apiKey' | 'baseUrl'>,
  options: CheckServiceConnectionOptions,
): Promise<{ baseUrl: string; apiKey: string }> {
  const apiKey = request.apiKey.trim();
  if (apiKey === '') throw new ConnectionRejectedError('api_key', 'Paste the research service API key.');
  if (apiKey.length > MAX_KEY_LENGTH || /\s/.test(apiKey)) {
    throw new ConnectionRejectedError('api_key', 'That does not look like an API key (it has spaces or is very long). Paste just the key.');
  }
  const baseUrl = baseUrlOf(request.baseUrl, options);
  const service = options.createService({ baseUrl, apiKey });
  try {
    await service.latestConcepts({ includeDocs: false, signal: AbortSignal.timeout(CHECK_TIMEOUT_MS), correlationId: 'connect-check' });
    return { baseUrl, apiKey };
  } catch (error) {
    throw rejectionOf(error, baseUrl !== options.defaultBaseUrl);
  } finally {
    await service.close().catch((error: unknown) => options.logger?.debug('closing the checked service client failed', { error }));
  }
}

function baseUrlOf(typed: string | undefined, options: CheckServiceConnectionOptions): string {
  const trimmed = typed?.trim().replace(/\/+$/, '');
  if (!trimmed || !options.allowCustomBaseUrl) return options.defaultBaseUrl;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new ConnectionRejectedError('base_url', 'That is not a URL. Give the service address, e.g. https://research.example.com');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConnectionRejectedError('base_url', 'The service address must start with https://');
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new ConnectionRejectedError('base_url', 'Give the service address only, without a user name, query or #fragment.');
  }
  return trimmed;
}

function rejectionOf(error: unknown, customBaseUrl: boolean): ConnectionRejectedError {
  if (!isServiceError(error)) {
    return new ConnectionRejectedError('api_key', 'The key could not be checked. Please try again in a moment.');
  }
  switch (error.kind) {
    case 'auth':
      return new ConnectionRejectedError(
        'api_key',
        'The research service did not accept this key. Check that you copied the whole key and that it is active.',
      );
    case 'network':
    case 'timeout':
      return customBaseUrl
        ? new ConnectionRejectedError(
            'base_url',
            'The research service could not be reached at this address. Check the address and try again.',
          )
        : new ConnectionRejectedError(
            'api_key',
            'The research service could not be reached to check the key. Please try again in a moment.',
          );
    case 'not_found':
    case 'bad_response':
      return customBaseUrl
        ? new ConnectionRejectedError('base_url', 'Something answered at this address, but not the research service. Check the address.')
        : new ConnectionRejectedError('api_key', 'The research service gave an unexpected answer. Please try again in a moment.');
    default:
      return new ConnectionRejectedError('api_key', 'The research service could not check the key just now. Please try again in a moment.');
  }
}
