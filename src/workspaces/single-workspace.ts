/**
 * Workspaces for a self-hosted single team: the bot token (SLACK_BOT_TOKEN) and service key
 * (SERVICE_API_KEY) of the environment serve every request, whatever workspace it names.
 */
import type { WebClient } from '@slack/web-api';
import type { ResearchService } from '../service/types.js';
import { ConnectionManagedByOperatorError } from './workspace-errors.js';
import type { ConnectionSummary, Workspaces } from './workspaces.js';

export interface SingleWorkspaceOptions {
  service: ResearchService;
  client: WebClient;
  /** The service's base URL, shown on App Home. */
  baseUrl: string;
  /** When the process started: shown as "connected since". */
  startedAtMs: number;
}

export function createSingleWorkspace(options: SingleWorkspaceOptions): Workspaces {
  const summary: ConnectionSummary = {
    connectedBy: 'environment',
    connectedAtMs: options.startedAtMs,
    keyHint: '',
    baseUrl: options.baseUrl,
  };
  return {
    mode: 'single',
    allowCustomBaseUrl: false,
    defaultBaseUrl: options.baseUrl,
    service: async () => options.service,
    slackClient: async () => options.client,
    connection: async () => summary,
    // The operator's, from the environment: nobody manages it from Slack.
    connectionRights: async () => ({ owner: 'workspace', mayManage: false }),
    connect: async () => {
      throw new ConnectionManagedByOperatorError();
    },
    disconnect: async () => {
      throw new ConnectionManagedByOperatorError();
    },
    // Nothing to forget: a single-team deployment's data is its operator's to clear.
    forget: async () => 0,
  };
}
