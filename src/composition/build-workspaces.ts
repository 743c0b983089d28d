/**
 * One workspace with the environment's token and service key, or OAuth installs: installations
 * and service keys sealed in the state store, each workspace's clients built on demand.
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../observability/logger.js';
import { createSecretBox } from '../secrets/secret-box.js';
import type { ResearchService } from '../service/types.js';
import { createInstaller, type Installer } from '../slack/app/oauth-installer.js';
import { BOT_SCOPES } from '../slack-api/bot-scopes.js';
import { Installations } from '../store/installations.js';
import { OrgWorkspaces } from '../store/org-workspaces.js';
import { ServiceConnections } from '../store/service-connections.js';
import type { StateStore } from '../store/state-store.js';
import { createMultiWorkspaces, type MultiWorkspaces } from '../workspaces/multi-workspaces.js';
import { createSingleWorkspace } from '../workspaces/single-workspace.js';
import type { Workspaces } from '../workspaces/workspaces.js';
import type { DeskConnection, MultiWorkspaceSettings } from './desk-connection.js';

export interface WorkspacesOptions {
  connection: DeskConnection;
  multiWorkspace?: MultiWorkspaceSettings | undefined;
  /** The one workspace's service. */
  service: ResearchService;
  /** Shown on App Home for the one workspace. */
  serviceBaseUrl?: string | undefined;
  demo: boolean;
  /** A directory of the caller's own for the one workspace (tests). */
  workspaces?: Workspaces | undefined;
  store: StateStore;
  logger: Logger;
  clock: () => number;
  clientFor(token: string): WebClient;
}

export interface DeskWorkspaces {
  workspaces: Workspaces;
  /** OAuth installs only. */
  installer?: Installer;
  onForget?: MultiWorkspaces['onForget'];
  /** Closes each workspace's own service client. */
  close?: MultiWorkspaces['close'];
}

export function buildWorkspaces(options: WorkspacesOptions): DeskWorkspaces {
  const { connection, store, logger, clock } = options;
  if ('botToken' in connection) {
    return {
      workspaces:
        options.workspaces ??
        createSingleWorkspace({
          service: options.service,
          client: options.clientFor(connection.botToken),
          baseUrl: options.serviceBaseUrl ?? (options.demo ? 'the embedded demo service' : 'configured'),
          startedAtMs: clock(),
        }),
    };
  }
  if (!options.multiWorkspace) throw new TypeError('OAuth installs need multiWorkspace (encryption keys and service accounts)');
  const box = createSecretBox(options.multiWorkspace.encryptionKeys);
  const installations = new Installations(store, box);
  const orgWorkspaces = new OrgWorkspaces(store);
  const { oauth } = connection;
  const installer = createInstaller({
    clientId: oauth.clientId,
    clientSecret: oauth.clientSecret,
    stateSecret: oauth.stateSecret,
    installations,
    orgWorkspaces,
    scopes: BOT_SCOPES,
    ...(oauth.redirectUri ? { redirectUri: oauth.redirectUri } : {}),
    ...(oauth.authorizationUrl ? { authorizationUrl: oauth.authorizationUrl } : {}),
    ...(connection.apiUrl ? { apiUrl: connection.apiUrl } : {}),
    homeUrlFor: oauth.homeUrlFor ?? slackHomeLink,
    ...(oauth.exchange ? { exchange: oauth.exchange } : {}),
    logger,
  });
  const { serviceAccounts } = options.multiWorkspace;
  const workspaces = createMultiWorkspaces({
    store,
    installations,
    connections: new ServiceConnections(store, box),
    orgWorkspaces,
    botTokenFor: installer.botTokenFor,
    createSlackClient: options.clientFor,
    createService: serviceAccounts.create,
    defaultBaseUrl: serviceAccounts.defaultBaseUrl,
    allowCustomBaseUrl: serviceAccounts.allowCustomBaseUrl,
    clock,
    logger,
  });
  return { workspaces, installer, onForget: workspaces.onForget, close: workspaces.close };
}

/** Slack's deep link to the app's Home tab in the workspace just installed into. */
function slackHomeLink(installation: { appId?: string; team?: { id: string } | undefined; enterprise?: { id: string } | undefined }) {
  const team = installation.team?.id ?? installation.enterprise?.id;
  return installation.appId && team ? `slack://app?team=${team}&id=${installation.appId}&tab=home` : undefined;
}
