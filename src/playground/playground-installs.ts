/**
 * The playground as a distributed app: its first workspace is installed and connected to the demo
 * service at every start (as if its admin had clicked "Add to Slack" and connected a key), and the
 * emulator's other workspaces install through its OAuth pages. Installations and keys are sealed
 * like in production, with SECRETS_ENCRYPTION_KEY when set, else a key the playground keeps in
 * DATA_DIR/playground/secrets.key (local demo data only; never a production setting).
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Installation } from '@slack/oauth';
import type { SlackEmulator } from '../emulators/slack/index.js';
import { createSecretBox, parseEncryptionKey } from '../secrets/secret-box.js';
import { Installations } from '../store/installations.js';
import { ServiceConnections } from '../store/service-connections.js';
import type { StateStore } from '../store/state-store.js';

export interface PlaygroundOAuth {
  clientId: string;
  authorizeUrl: string;
  encryptionKeys: Buffer[];
  /** The playground page showing the app's Home tab in the workspace just installed into. */
  homeUrlFor(installation: Installation): string | undefined;
  /** Installs and connects the first workspace (again, after a reset too). */
  seedFirstWorkspace(): Promise<void>;
  /** The app listens: its "Add to Slack" page is what the playground's button opens. */
  appStarted(appUrl: string): void;
}

export interface PlaygroundInstallsOptions {
  slack: SlackEmulator;
  store: StateStore;
  dir: string;
  botToken: string;
  /** The demo service's key; the first workspace connects with it. */
  demoApiKey: string;
  encryptionKeys?: readonly Buffer[];
  publicUrl: string;
}

export async function preparePlaygroundInstalls(options: PlaygroundInstallsOptions): Promise<PlaygroundOAuth> {
  const { slack } = options;
  const encryptionKeys = options.encryptionKeys
    ? [...options.encryptionKeys]
    : [await readOrCreateKey(path.join(options.dir, 'secrets.key'))];
  const box = createSecretBox(encryptionKeys);
  const installations = new Installations(options.store, box);
  const connections = new ServiceConnections(options.store, box);
  return {
    clientId: slack.oauth.clientId,
    authorizeUrl: slack.oauth.authorizeUrl,
    encryptionKeys,
    homeUrlFor: (installation) => {
      const team = installation.team?.id ?? installation.enterprise?.id;
      return team ? `${options.publicUrl}/?workspace=${encodeURIComponent(team)}&tab=home` : undefined;
    },
    async seedFirstWorkspace() {
      const installer = slack.adminUserId;
      await installations.storeInstallation({
        team: { id: slack.teamId, name: 'Research Desk Playground' },
        enterprise: undefined,
        user: { id: installer, token: undefined, scopes: undefined },
        bot: { id: slack.botId, userId: slack.botUserId, token: options.botToken, scopes: [] },
        tokenType: 'bot',
        isEnterpriseInstall: false,
        appId: slack.appId,
        authVersion: 'v2',
      } as Installation);
      // A workspace that disconnected keeps its choice across restarts; a fresh one is connected.
      if ((await connections.get(slack.teamId)) === null) {
        await connections.put({
          installationId: slack.teamId,
          apiKey: options.demoApiKey,
          connectedBy: installer,
          connectedAtMs: Date.now(),
        });
      }
    },
    appStarted(appUrl) {
      slack.setInstallUrl(`${appUrl}/slack/install`);
    },
  };
}

async function readOrCreateKey(file: string): Promise<Buffer> {
  // No file yet is the first start; any other failure must not be papered over with a new key.
  const existing = await readFile(file, 'utf8').then(
    (text) => parseEncryptionKey(text),
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    },
  );
  if (existing) return existing;
  const key = randomBytes(32);
  await writeFile(file, `${key.toString('base64')}\n`, { mode: 0o600 });
  return key;
}
