/**
 * What the operations' tests run against: the research-service emulator over HTTP, a real Redis,
 * and the app's multi-workspace directory (createMultiWorkspaces) with its sealed installations and
 * service connections, so every operation asks for its workspace's client as in production.
 * Two workspaces (Alpha, Beta) connect with different keys the one emulator accepts; Gamma with a
 * key it refuses; Delta is installed but not connected. No Slack call is made (operations need none).
 */
import { randomBytes } from 'node:crypto';
import type { Installation } from '@slack/oauth';
import { startServiceEmulator, type ServiceEmulator } from '../../../../../src/emulators/service/index.js';
import { createMemoryLogger } from '../../../../../src/observability/logger.js';
import { createRedactor } from '../../../../../src/observability/redactor.js';
import { createSecretBox } from '../../../../../src/secrets/secret-box.js';
import { createResearchClient } from '../../../../../src/service/research-client.js';
import { noRetryPolicy } from '../../../../../src/service/retry-policy.js';
import type { ResearchService } from '../../../../../src/service/types.js';
import { createWebClient } from '../../../../../src/slack-api/create-web-client.js';
import type { ListenerDeps } from '../../../../../src/slack/kit/listener-deps.js';
import { createAppStores } from '../../../../../src/store/app-stores.js';
import { Installations } from '../../../../../src/store/installations.js';
import { OrgWorkspaces } from '../../../../../src/store/org-workspaces.js';
import { ServiceConnections } from '../../../../../src/store/service-connections.js';
import type { StateStore } from '../../../../../src/store/state-store.js';
import { createMultiWorkspaces, type MultiWorkspaces } from '../../../../../src/workspaces/multi-workspaces.js';
import type { WorkspaceRef } from '../../../../../src/workspaces/workspace-ref.js';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildRedisStore, clearRedisPrefix, uniquePrefix } from '../../../../store/store-harness.js';

/** The emulator's demo data end on 2025-06-30; the app's clock is the day after. */
export const NOW_MS = Date.parse('2025-07-01T08:00:00.000Z');

const KEY_ALPHA = ['svc', 'alpha', randomBytes(6).toString('hex')].join('-');
const KEY_BETA = ['svc', 'beta', randomBytes(6).toString('hex')].join('-');
const KEY_REFUSED = ['svc', 'refused', randomBytes(6).toString('hex')].join('-');

export const ALPHA: WorkspaceRef = { teamId: 'TALPHA01' };
export const BETA: WorkspaceRef = { teamId: 'TBETA002' };
/** Connected with a key the service refuses (401). */
export const GAMMA: WorkspaceRef = { teamId: 'TGAMMA03' };
/** Installed, never connected. */
export const DELTA: WorkspaceRef = { teamId: 'TDELTA04' };

export interface OperationsWorld {
  service: ServiceEmulator;
  deps: ListenerDeps;
  /** The emulator's key index each workspace's calls must carry (requestLog.keyIndex). */
  keyIndexOf(ref: WorkspaceRef): number;
  /** A client of the emulator with Alpha's key: what the slash command's path is compared with. */
  alphaService: ResearchService;
  logLines: string[];
  close(): Promise<void>;
}

function install(teamId: string): Installation {
  return {
    team: { id: teamId, name: teamId },
    enterprise: undefined,
    user: { id: 'U0INSTALL', token: undefined, scopes: undefined },
    bot: { id: 'B0BOT', userId: 'U0BOT', token: `xoxb-${teamId.toLowerCase()}-never-called`, scopes: ['commands'] },
    isEnterpriseInstall: false,
    appId: 'A0DESK',
    authVersion: 'v2',
  } as Installation;
}

export async function startOperationsWorld(label: string): Promise<OperationsWorld> {
  const service = await startServiceEmulator({ port: 0, apiKey: KEY_ALPHA, moreApiKeys: [KEY_BETA], clock: () => NOW_MS });
  const prefix = uniquePrefix(`operations-${label}`);
  const store: StateStore = buildRedisStore(prefix);
  const box = createSecretBox([randomBytes(32)]);
  const logger = createMemoryLogger(createRedactor([KEY_ALPHA, KEY_BETA, KEY_REFUSED]), 'info');
  const installations = new Installations(store, box);
  const connections = new ServiceConnections(store, box);
  for (const ref of [ALPHA, BETA, GAMMA, DELTA]) await installations.storeInstallation(install(ref.teamId));
  const keyOf = new Map([
    [ALPHA.teamId, KEY_ALPHA],
    [BETA.teamId, KEY_BETA],
    [GAMMA.teamId, KEY_REFUSED],
  ]);
  for (const [installationId, apiKey] of keyOf) {
    await connections.put({ installationId, apiKey, connectedBy: 'U0ADMIN', connectedAtMs: NOW_MS });
  }
  const clients: Array<{ close(): Promise<void> }> = [];
  const client = (credentials: { baseUrl: string; apiKey: string }) => {
    // The app's HTTP client, without retries: a failure is seen as the service gave it.
    const made = createResearchClient({ ...credentials, retry: noRetryPolicy, timeoutMs: 10_000, logger });
    clients.push(made);
    return made;
  };
  const workspaces: MultiWorkspaces = createMultiWorkspaces({
    store,
    installations,
    connections,
    orgWorkspaces: new OrgWorkspaces(store),
    botTokenFor: async (source) => install(source.teamId ?? '').bot?.token ?? '',
    createSlackClient: (token) => createWebClient({ token, logger }),
    createService: client,
    defaultBaseUrl: service.url,
    allowCustomBaseUrl: false,
    clock: () => NOW_MS,
    logger,
  });
  const stores = createAppStores(store, () => NOW_MS);
  const deps = { workspaces, stores, logger, clock: () => NOW_MS, demo: true } as Partial<ListenerDeps> as ListenerDeps;
  const alphaService = client({ baseUrl: service.url, apiKey: KEY_ALPHA });
  return {
    service,
    deps,
    keyIndexOf: (ref) => service.apiKeys.indexOf(keyOf.get(ref.teamId) ?? ''),
    alphaService,
    logLines: logger.lines,
    async close() {
      await workspaces.close();
      for (const c of clients) await c.close();
      await service.close();
      await store.close();
      await clearRedisPrefix(prefix);
    },
  };
}

/**
 * A test file's world: started before its tests (as `operations-<label>`), closed after them, and
 * with no service fault left over from the test before. Read it inside the tests.
 */
export function useOperationsWorld(label: string): OperationsWorld {
  let world: OperationsWorld | undefined;
  const current = (): OperationsWorld => {
    if (!world) throw new Error('the operations world is started in beforeAll; read it inside the tests');
    return world;
  };
  beforeAll(async () => {
    world = await startOperationsWorld(label);
  }, 30_000);
  afterAll(async () => {
    await world?.close();
  });
  beforeEach(() => {
    current().service.setFaults({});
  });
  return {
    get service() {
      return current().service;
    },
    get deps() {
      return current().deps;
    },
    keyIndexOf: (ref) => current().keyIndexOf(ref),
    get alphaService() {
      return current().alphaService;
    },
    get logLines() {
      return current().logLines;
    },
    close: () => current().close(),
  };
}

/** What a promise rejected with (fails the test when it resolved). */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)?.slice(0, 200)}`);
    },
    (error: unknown) => error,
  );
}
