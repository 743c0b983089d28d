/**
 * Checks what a user typed in the connect modal before it is saved: a key (and, where allowed, a
 * base URL) that works for one read-only call, the trending-concepts list. Every failure names
 * the field to fix and how, and never repeats the key. A base URL of the workspace's own must lead
 * to public internet addresses only (issue 28); the client made for it checks that again at every
 * connection (src/service/outbound/), and all its failures read alike, so the modal tells an
 * attacker nothing about ports or servers inside our network.
 */
import type { Logger } from '../observability/logger.js';
import { isServiceError } from '../service/errors/service-error.js';
import { systemResolver, type HostResolver } from '../service/outbound/host-resolver.js';
import { publicAddressOf } from '../service/outbound/public-address-of.js';
import { ConnectionRejectedError } from './workspace-errors.js';
import type { ClosableService, ConnectRequest } from './workspaces.js';

const CHECK_TIMEOUT_MS = 8000;
const MAX_KEY_LENGTH = 500;
/** API keys are visible ASCII; anything else came with the copy (an ellipsis, curly quotes, accents). */
const KEY_CHARACTERS = /^[\x21-\x7e]+$/;

/** The one answer to every failure of a workspace's own base URL: it says what to check, not what was found. */
export const CUSTOM_BASE_URL_REFUSAL =
  'Research Desk could not use a research service at this address with this key. ' +
  'The address must be the service’s public https address (not an internal or private one), and the key one that service issued. ' +
  'Check both and try again.';

export interface CheckServiceConnectionOptions {
  defaultBaseUrl: string;
  allowCustomBaseUrl: boolean;
  createService(credentials: { baseUrl: string; apiKey: string }): ClosableService;
  /** Where a failure to close the checked client is noted (it changes nothing for the user). */
  logger?: Logger;
  /** Resolves the host of a custom base URL; default the system's. Injected in tests. */
  resolveHost?: HostResolver;
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
  if (!KEY_CHARACTERS.test(apiKey)) {
    throw new ConnectionRejectedError(
      'api_key',
      'The key has characters an API key cannot have (such as “…”, curly quotes or accented letters), often added when it is copied through a document or chat. ' +
        'Copy the key again from your research service account and paste it as plain text.',
    );
  }
  const baseUrl = baseUrlOf(request.baseUrl, options);
  const custom = baseUrl !== options.defaultBaseUrl;
  if (custom) await requirePublicHost(baseUrl, options);
  const service = options.createService({ baseUrl, apiKey });
  try {
    await service.latestConcepts({ includeDocs: false, signal: AbortSignal.timeout(CHECK_TIMEOUT_MS), correlationId: 'connect-check' });
    return { baseUrl, apiKey };
  } catch (error) {
    if (custom) options.logger?.info('a custom service address was refused', { error });
    throw custom ? new ConnectionRejectedError('base_url', CUSTOM_BASE_URL_REFUSAL) : rejectionOf(error);
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

/** Refuses a custom base URL whose host is, or resolves to, any non-public address; the client checks again at every connection. */
async function requirePublicHost(baseUrl: string, options: CheckServiceConnectionOptions): Promise<void> {
  try {
    await publicAddressOf(new URL(baseUrl).hostname, options.resolveHost ?? systemResolver);
  } catch (error) {
    options.logger?.info('a custom service address was refused', { error });
    throw new ConnectionRejectedError('base_url', CUSTOM_BASE_URL_REFUSAL);
  }
}

/** Why the operator's own service refused the check. */
function rejectionOf(error: unknown): ConnectionRejectedError {
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
      return new ConnectionRejectedError(
        'api_key',
        'The research service could not be reached to check the key. Please try again in a moment.',
      );
    case 'not_found':
    case 'bad_response':
      return new ConnectionRejectedError('api_key', 'The research service gave an unexpected answer. Please try again in a moment.');
    default:
      return new ConnectionRejectedError('api_key', 'The research service could not check the key just now. Please try again in a moment.');
  }
}
