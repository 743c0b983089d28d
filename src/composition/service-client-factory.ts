/** The research-service clients of the process: one per key, all under the configured timeout and pool. */
import type { Config, ServiceConfig } from '../config/load-config.js';
import { type CallObserver, combineCallObservers } from '../observability/call-observer.js';
import type { Logger } from '../observability/logger.js';
import { createResearchClient, type ResearchClient } from '../service/research-client.js';

export interface ServiceCredentials {
  baseUrl: string;
  apiKey: string;
}

export type ServiceClientFactory = (credentials: ServiceCredentials) => ResearchClient;

/**
 * `callObservers` (the desk's metrics, traces) are told of every call of every client this builds;
 * with none, the requester has no observer to ask.
 */
export function serviceClientFactory(
  config: Pick<Config, 'service' | 'serviceTimeoutMs' | 'serviceMaxConnections'>,
  logger: Logger,
  callObservers: readonly CallObserver[] = [],
): ServiceClientFactory {
  const { service } = config;
  const callObserver = combineCallObservers(callObservers);
  // Only the operator's SERVICE_BASE_URL is trusted; a URL a workspace typed reaches public addresses only.
  const trustedBaseUrl = service.mode === 'demo' ? undefined : service.baseUrl;
  return (credentials) =>
    createResearchClient({
      ...credentials,
      ...(trustedBaseUrl !== undefined && credentials.baseUrl !== trustedBaseUrl ? { publicAddressesOnly: {} } : {}),
      ...(service.mode !== 'demo' && service.agentId ? { agentId: service.agentId } : {}),
      timeoutMs: config.serviceTimeoutMs,
      ...(config.serviceMaxConnections !== undefined ? { maxConnections: config.serviceMaxConnections } : {}),
      logger,
      callObserver,
    });
}

/**
 * The process's own client's credentials: the one service key (SERVICE_API_KEY, or the demo's), or
 * none: each workspace connects its own and this client, without a key, only probes that the
 * service answers.
 */
export function processServiceCredentials(service: ServiceConfig, demoService: ServiceCredentials | undefined): ServiceCredentials {
  if (service.mode === 'remote') return { baseUrl: service.baseUrl, apiKey: service.apiKey };
  if (service.mode === 'per-workspace') return { baseUrl: service.baseUrl, apiKey: 'no-workspace-key' };
  return requireDemoService(demoService);
}

/** The embedded demo service's address (src/playground/), which demo mode always starts. */
export function requireDemoService(demoService: ServiceCredentials | undefined): ServiceCredentials {
  if (!demoService) throw new Error('the demo service was not started');
  return demoService;
}
