/** How the desk reaches Slack and, with OAuth installs, how each workspace reaches the service. */
import type { AppDistribution } from '../slack-api/app-distribution.js';
import type { SlackTransport } from '../slack/app/create-slack-app.js';
import type { OAuthExchangePolicy } from '../slack/app/oauth-exchange-client.js';
import type { createInstaller } from '../slack/app/oauth-installer.js';
import type { ClosableService } from '../workspaces/workspaces.js';

/** OAuth distribution (src/slack/app/oauth-installer.ts): the app's credentials at Slack and where installs go. */
export interface OAuthSettings {
  clientId: string;
  clientSecret: string;
  stateSecret: string;
  redirectUri?: string;
  /** Slack's authorize page; the emulator's in tests and the playground. */
  authorizationUrl?: string;
  /** Where the "installed" page sends the user (the app's Home tab); Slack's deep link by default. */
  homeUrlFor?: Parameters<typeof createInstaller>[0]['homeUrlFor'];
  /** How long each call to Slack during an install may take (8 s by default), and its timers (tests). */
  exchange?: OAuthExchangePolicy;
}

/** Many workspaces: each connects its own account with the research service. */
export interface ServiceAccounts {
  defaultBaseUrl: string;
  allowCustomBaseUrl: boolean;
  create(credentials: { baseUrl: string; apiKey: string }): ClosableService;
}

/** With OAuth installs: keys sealing stored tokens and service keys (newest first), and the service accounts. */
export interface MultiWorkspaceSettings {
  encryptionKeys: readonly Buffer[];
  serviceAccounts: ServiceAccounts;
}

/** One workspace (the environment's bot token) or OAuth installs into many. */
export type DeskConnection = SlackTransport & ({ botToken: string } | { oauth: OAuthSettings });

/** How requests arrive (HTTP or Socket Mode), without whose token answers them. */
export function transportOf(connection: DeskConnection): SlackTransport {
  const apiUrl = connection.apiUrl ? { apiUrl: connection.apiUrl } : {};
  return connection.mode === 'http'
    ? { mode: 'http', signingSecret: connection.signingSecret, ...apiUrl }
    : { mode: 'socket', appToken: connection.appToken, ...apiUrl };
}

/** The Slack side of ResearchDeskOptions: the connection and, with OAuth installs, the multi-workspace settings. */
export interface DeskSlackSetup {
  connection: DeskConnection;
  multiWorkspace?: MultiWorkspaceSettings;
  /** The app's distribution, which sets its rate tier; default by the connection (defaultDistribution). */
  distribution?: AppDistribution;
}
