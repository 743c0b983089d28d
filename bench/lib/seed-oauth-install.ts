/**
 * For the command benchmark's OAuth target: the bench workspace installed and connected in the
 * target's own DATA_DIR before it starts, sealed as the app stores them, so each command pays
 * what a distributed app pays (installation and service key read and opened from the store).
 */
import type { Installation } from '@slack/oauth';
import { createSecretBox } from '../../src/secrets/secret-box.js';
import { createFileStateStore } from '../../src/store/file-state-store.js';
import { Installations } from '../../src/store/installations.js';
import { ServiceConnections } from '../../src/store/service-connections.js';
import { createMemoryLogger } from '../../src/observability/logger.js';

export interface BenchInstall {
  dataDir: string;
  encryptionKey: Buffer;
  teamId: string;
  botUserId: string;
  botToken: string;
  serviceApiKey: string;
}

export async function seedOAuthInstall(install: BenchInstall): Promise<void> {
  const store = await createFileStateStore({ dir: install.dataDir, logger: createMemoryLogger((text) => text, 'error') });
  try {
    const box = createSecretBox([install.encryptionKey]);
    await new Installations(store, box).storeInstallation({
      team: { id: install.teamId, name: 'Bench' },
      enterprise: undefined,
      user: { id: 'U0BENCHADM', token: undefined, scopes: undefined },
      bot: { id: 'B0BENCH', userId: install.botUserId, token: install.botToken, scopes: [] },
      tokenType: 'bot',
      isEnterpriseInstall: false,
      appId: 'A0BENCH',
      authVersion: 'v2',
    } as Installation);
    await new ServiceConnections(store, box).put({
      installationId: install.teamId,
      apiKey: install.serviceApiKey,
      connectedBy: 'U0BENCHADM',
      connectedAtMs: Date.now(),
    });
  } finally {
    await store.close();
  }
}
