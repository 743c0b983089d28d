/**
 * Workspaces for a distributed app: each workspace (or org) installed the app through OAuth and
 * connects its own research-service account from App Home. Bot tokens come from its installation
 * (refreshed before expiry when tokens rotate), service keys from its sealed connection.
 * Clients are cached by a fingerprint of their credentials, so a rotated token or a changed key
 * gets a new client and every replica sees a change at its next request.
 */
import { createHash } from 'node:crypto';
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../observability/logger.js';
import type { ResearchService } from '../service/types.js';
import { forgetWorkspaceData } from '../store/forget-workspace.js';
import type { Installations } from '../store/installations.js';
import type { OrgWorkspaces } from '../store/org-workspaces.js';
import type { ServiceConnections } from '../store/service-connections.js';
import type { StateStore } from '../store/state-store.js';
import { checkServiceConnection } from './check-service-connection.js';
import { ConnectionNotPermittedError, WorkspaceNotConnectedError, WorkspaceNotInstalledError } from './workspace-errors.js';
import type { WorkspaceRef } from './workspace-ref.js';
import type { ClosableService, ConnectionActor, ConnectionRights, ConnectionSummary, Workspaces } from './workspaces.js';

export interface MultiWorkspacesOptions {
  store: StateStore;
  installations: Installations;
  connections: ServiceConnections;
  orgWorkspaces: OrgWorkspaces;
  /** The workspace's bot token, refreshed first when it rotates (InstallProvider.authorize). */
  botTokenFor(source: { teamId?: string; enterpriseId?: string; isEnterpriseInstall: boolean }): Promise<string>;
  createSlackClient(token: string): WebClient;
  createService(credentials: { baseUrl: string; apiKey: string }): ClosableService;
  defaultBaseUrl: string;
  allowCustomBaseUrl: boolean;
  clock: () => number;
  logger: Logger;
}

export interface MultiWorkspaces extends Workspaces {
  /** Runs when a workspace is forgotten, before its data is deleted (stops its runs and polls). */
  onForget(listener: (teamIds: readonly string[]) => Promise<void>): void;
  /** Closes every cached service client. */
  close(): Promise<void>;
}

/**
 * One fence for every path (App Home, the connect modal, Disconnect): an org-wide installation's
 * connection serves every workspace of the org, so only an admin or owner of that org manages it;
 * a workspace's own, only its admins and owners. Installing the app grants nothing.
 */
function rightsOf(installation: { isEnterpriseInstall: boolean; enterpriseId?: string }, actor: ConnectionActor): ConnectionRights {
  if (installation.isEnterpriseInstall) {
    const orgAdmin = actor.org !== undefined && actor.org.enterpriseId === installation.enterpriseId && actor.org.admin;
    return { owner: 'organisation', mayManage: orgAdmin };
  }
  return { owner: 'workspace', mayManage: actor.workspaceAdmin };
}

function refuseUnlessManager(installation: { isEnterpriseInstall: boolean; enterpriseId?: string }, actor: ConnectionActor): void {
  const rights = rightsOf(installation, actor);
  if (!rights.mayManage) throw new ConnectionNotPermittedError(rights.owner);
}

const fingerprint = (...parts: string[]): string => createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 16);

export function createMultiWorkspaces(options: MultiWorkspacesOptions): MultiWorkspaces {
  const log = options.logger.child({ component: 'workspaces' });
  const services = new Map<string, { fingerprint: string; service: ClosableService }>();
  const clients = new Map<string, { fingerprint: string; client: WebClient }>();
  const forgetListeners: Array<(teamIds: readonly string[]) => Promise<void>> = [];

  /** Where the workspace's installation is: its own, else its org's (from the request or learnt earlier). */
  const installationOf = async (ref: WorkspaceRef): Promise<{ id: string; isEnterpriseInstall: boolean; enterpriseId?: string }> => {
    if (ref.isEnterpriseInstall && ref.enterpriseId) {
      await options.orgWorkspaces.record(ref.enterpriseId, ref.teamId);
      return { id: ref.enterpriseId, isEnterpriseInstall: true, enterpriseId: ref.enterpriseId };
    }
    if (await options.installations.has(ref.teamId)) {
      return { id: ref.teamId, isEnterpriseInstall: false, ...(ref.enterpriseId ? { enterpriseId: ref.enterpriseId } : {}) };
    }
    const enterpriseId = ref.enterpriseId ?? (await options.orgWorkspaces.orgOf(ref.teamId));
    if (enterpriseId && (await options.installations.has(enterpriseId))) {
      await options.orgWorkspaces.record(enterpriseId, ref.teamId);
      return { id: enterpriseId, isEnterpriseInstall: true, enterpriseId };
    }
    throw new WorkspaceNotInstalledError(ref.teamId);
  };

  const replaceService = (installationId: string, credentials: { baseUrl: string; apiKey: string }): ResearchService => {
    const print = fingerprint(credentials.baseUrl, credentials.apiKey);
    const cached = services.get(installationId);
    if (cached?.fingerprint === print) return cached.service;
    const service = options.createService(credentials);
    services.set(installationId, { fingerprint: print, service });
    if (cached) void cached.service.close().catch((error: unknown) => log.warn('closing a replaced service client failed', { error }));
    return service;
  };

  const dropService = (installationId: string): void => {
    const cached = services.get(installationId);
    services.delete(installationId);
    if (cached) void cached.service.close().catch((error: unknown) => log.warn('closing a service client failed', { error }));
  };

  const summaryOf = (record: { connectedBy: string; connectedAtMs: number; keyHint: string; baseUrl?: string }): ConnectionSummary => ({
    connectedBy: record.connectedBy,
    connectedAtMs: record.connectedAtMs,
    keyHint: record.keyHint,
    baseUrl: record.baseUrl ?? options.defaultBaseUrl,
  });

  const workspaces: MultiWorkspaces = {
    mode: 'multi',
    allowCustomBaseUrl: options.allowCustomBaseUrl,
    defaultBaseUrl: options.defaultBaseUrl,

    async service(ref) {
      const installation = await installationOf(ref);
      const connection = await options.connections.get(installation.id);
      if (!connection) {
        dropService(installation.id);
        throw new WorkspaceNotConnectedError(ref.teamId, installation.isEnterpriseInstall ? 'organisation' : 'workspace');
      }
      return replaceService(installation.id, { baseUrl: connection.baseUrl ?? options.defaultBaseUrl, apiKey: connection.apiKey });
    },

    async slackClient(ref) {
      const installation = await installationOf(ref);
      const token = await options.botTokenFor({
        ...(installation.isEnterpriseInstall ? {} : { teamId: ref.teamId }),
        ...(installation.enterpriseId ? { enterpriseId: installation.enterpriseId } : {}),
        isEnterpriseInstall: installation.isEnterpriseInstall,
      });
      const print = fingerprint(token);
      const cached = clients.get(installation.id);
      if (cached?.fingerprint === print) return cached.client;
      const client = options.createSlackClient(token);
      clients.set(installation.id, { fingerprint: print, client });
      return client;
    },

    async connection(ref) {
      const installation = await installationOf(ref);
      const connection = await options.connections.get(installation.id);
      return connection ? summaryOf(connection) : undefined;
    },

    async connectionRights(ref, actor) {
      return rightsOf(await installationOf(ref), actor);
    },

    async connect(ref, request) {
      const installation = await installationOf(ref);
      refuseUnlessManager(installation, request.by);
      const credentials = await checkServiceConnection(request, {
        defaultBaseUrl: options.defaultBaseUrl,
        allowCustomBaseUrl: options.allowCustomBaseUrl,
        createService: options.createService,
        logger: log,
      });
      const record = await options.connections.put({
        installationId: installation.id,
        apiKey: credentials.apiKey,
        ...(credentials.baseUrl === options.defaultBaseUrl ? {} : { baseUrl: credentials.baseUrl }),
        connectedBy: request.by.id,
        connectedAtMs: options.clock(),
      });
      replaceService(installation.id, credentials);
      log.info('workspace connected to the research service', { installation: installation.id, by: request.by.id });
      return summaryOf(record);
    },

    async disconnect(ref, by) {
      const installation = await installationOf(ref);
      refuseUnlessManager(installation, by);
      await options.connections.remove(installation.id);
      dropService(installation.id);
      log.info('workspace disconnected from the research service', { installation: installation.id, by: by.id });
    },

    async forget(ref) {
      const installationId = ref.isEnterpriseInstall && ref.enterpriseId ? ref.enterpriseId : ref.teamId;
      // An org's installation forgets every workspace it served.
      const teamIds =
        installationId === ref.enterpriseId
          ? [...new Set([...(await options.orgWorkspaces.teamsOf(installationId)), ref.teamId])]
          : [ref.teamId];
      for (const listener of forgetListeners) {
        await listener(teamIds).catch((error: unknown) => log.error('stopping a forgotten workspace’s work failed', { error }));
      }
      const deleted = await forgetWorkspaceData(options.store, teamIds, installationId);
      for (const teamId of teamIds) if (ref.enterpriseId) options.orgWorkspaces.forget(ref.enterpriseId, teamId);
      dropService(installationId);
      clients.delete(installationId);
      log.info('workspace forgotten (uninstalled)', { installation: installationId, teams: teamIds.length, keys_deleted: deleted });
      return deleted;
    },

    onForget(listener) {
      forgetListeners.push(listener);
    },

    async close() {
      const all = [...services.values()];
      services.clear();
      await Promise.all(
        all.map((entry) => entry.service.close().catch((error: unknown) => log.warn('closing a service client failed', { error }))),
      );
    },
  };
  return workspaces;
}
