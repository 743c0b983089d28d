/**
 * The Web API clients the desk writes with (the relay, the digest and watch posters); Bolt builds
 * the listeners' own. All come from one factory under one policy (create-web-client.ts).
 */
import type { WebClient } from '@slack/web-api';
import type { CallObserver } from '../observability/call-observer.js';
import type { Logger } from '../observability/logger.js';
import { readPageSize, type AppDistribution } from '../slack-api/app-distribution.js';
import { clampReadPages } from '../slack-api/clamp-read-pages.js';
import { createWebClient } from '../slack-api/create-web-client.js';
import { createTableSupport, type TableSupport } from '../slack-api/table-fallback-fetch.js';
import { downgradeTables } from '../slack/blocks/downgrade-tables.js';

export interface SlackClients {
  /** What Slack takes of data_table / table here, learned once per process and shared by every client (Bolt's too). */
  tables: TableSupport;
  clientFor(token: string): WebClient;
}

/** Every client's history and replies pages are at most the tier's page size (clampReadPages). */
export function buildSlackClients(options: {
  apiUrl?: string | undefined;
  logger: Logger;
  distribution: AppDistribution;
  /** Told of every Web API call of these clients (metrics, traces); undefined adds nothing to the fetch chain. */
  callObserver?: CallObserver | undefined;
}): SlackClients {
  const { apiUrl, logger, callObserver } = options;
  const pageSize = readPageSize(options.distribution);
  const tables = createTableSupport({ downgrade: downgradeTables, logger });
  return {
    tables,
    clientFor: (token) =>
      clampReadPages(createWebClient({ token, ...(apiUrl ? { apiUrl } : {}), logger, policy: 'app', tables, callObserver }), pageSize),
  };
}
