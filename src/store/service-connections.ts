/**
 * Each workspace's (or org's) connection to the research service: the API key, sealed by the
 * secret box, and who connected it and when. Only its last four characters are kept in clear, for
 * App Home to show which key is in use.
 */
import { keys } from './keys.js';
import type { SecretSealer } from './secret-sealer.js';
import type { StateStore } from './state-store.js';

export interface ServiceConnectionRecord {
  installationId: string;
  /**
   * Set only when the workspace chose its own deployment of the service; otherwise it follows the
   * deployment's SERVICE_BASE_URL, wherever that points now.
   */
  baseUrl?: string;
  connectedBy: string;
  connectedAtMs: number;
  keyHint: string;
}

interface StoredConnection extends ServiceConnectionRecord {
  sealedKey: string;
}

export interface ServiceConnection extends ServiceConnectionRecord {
  apiKey: string;
}

/**
 * `…9f3a`: enough to tell two keys apart, far too little to use one. A key of 8 characters or
 * fewer gets none (four would be half of it); Home and the modal then name no key.
 */
export function keyHintOf(apiKey: string): string {
  return apiKey.length <= 8 ? '' : `…${apiKey.slice(-4)}`;
}

export class ServiceConnections {
  constructor(
    private readonly store: StateStore,
    private readonly sealer: SecretSealer,
  ) {}

  async put(connection: Omit<ServiceConnection, 'keyHint'>): Promise<ServiceConnectionRecord> {
    const { apiKey, ...rest } = connection;
    const stored: StoredConnection = { ...rest, keyHint: keyHintOf(apiKey), sealedKey: this.sealer.seal(apiKey) };
    await this.store.set(keys.serviceConnection(connection.installationId), JSON.stringify(stored));
    const { sealedKey: _sealed, ...summary } = stored;
    return summary;
  }

  /** The connection with its key opened, or null. */
  async get(installationId: string): Promise<ServiceConnection | null> {
    const key = keys.serviceConnection(installationId);
    const raw = await this.store.get(key);
    if (raw === null) return null;
    const stored = JSON.parse(raw) as StoredConnection;
    const { sealedKey, ...summary } = stored;
    const apiKey = this.sealer.open(sealedKey);
    // Key rotation: sealed again with the newest key as it is used (only if nobody changed it meanwhile).
    if (this.sealer.isStale(sealedKey)) {
      await this.store.replaceIfEquals(key, raw, JSON.stringify({ ...stored, sealedKey: this.sealer.seal(apiKey) }));
    }
    return { ...summary, apiKey };
  }

  async remove(installationId: string): Promise<void> {
    await this.store.delete(keys.serviceConnection(installationId));
  }
}
