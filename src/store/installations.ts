/**
 * Slack installations, as @slack/oauth's InstallationStore: the OAuth install writes them, Bolt's
 * authorize (and token rotation) reads and rewrites them. The whole installation is sealed, since
 * it holds the bot token and refresh token; only its id is in the key.
 * A workspace install is kept under its team id, an org-wide install under its enterprise id; a
 * workspace of an org is served by the org's installation when it has none of its own.
 * @see https://docs.slack.dev/tools/bolt-js/concepts/authenticating-oauth
 */
import type { Installation, InstallationQuery, InstallationStore } from '@slack/oauth';
import { keys } from './keys.js';
import type { SecretSealer } from './secret-sealer.js';
import type { StateStore } from './state-store.js';

/** Thrown when no installation answers a query (Bolt turns it into an authorization failure). */
export class InstallationNotFoundError extends Error {
  override readonly name = 'InstallationNotFoundError';
}

/**
 * A stored installation that does not open: sealed with a key no longer configured (a wrong
 * SECRETS_ENCRYPTION_KEY) or altered. Distinct from "not found", so callers can say the app is
 * misconfigured instead of treating the workspace as never installed.
 */
export class InstallationUnreadableError extends Error {
  override readonly name = 'InstallationUnreadableError';
  constructor(
    readonly installationId: string,
    options: { cause: unknown },
  ) {
    super(`the stored installation ${installationId} cannot be opened with the configured encryption keys`, options);
  }
}

/** The id an installation is kept under. */
export function installationIdOfInstall(installation: Installation): string {
  const id = installation.isEnterpriseInstall ? installation.enterprise?.id : installation.team?.id;
  if (!id) throw new InstallationNotFoundError('an installation without a team or enterprise id');
  return id;
}

export class Installations implements InstallationStore {
  constructor(
    private readonly store: StateStore,
    private readonly sealer: SecretSealer,
  ) {}

  async storeInstallation(installation: Installation): Promise<void> {
    await this.store.set(keys.installation(installationIdOfInstall(installation)), this.sealer.seal(JSON.stringify(installation)));
  }

  fetchInstallation = async (query: InstallationQuery<boolean>): Promise<Installation> => {
    const found = await this.find(query);
    if (!found) throw new InstallationNotFoundError('no installation for this workspace');
    return found;
  };

  deleteInstallation = async (query: InstallationQuery<boolean>): Promise<void> => {
    const id = query.isEnterpriseInstall ? query.enterpriseId : query.teamId;
    // Stryker disable next-line ConditionalExpression: equivalent, no installation is kept under "undefined" (installationIdOfInstall).
    if (id) await this.store.delete(keys.installation(id));
  };

  /** The installation serving the workspace or org, or undefined. */
  async find(query: {
    teamId?: string | undefined;
    enterpriseId?: string | undefined;
    isEnterpriseInstall?: boolean;
  }): Promise<Installation | undefined> {
    if (query.isEnterpriseInstall && query.enterpriseId) return this.read(query.enterpriseId);
    const own = query.teamId ? await this.read(query.teamId) : undefined;
    if (own) return own;
    return query.enterpriseId ? this.read(query.enterpriseId) : undefined;
  }

  /** Ids of every installation (team or enterprise ids). */
  async listIds(): Promise<string[]> {
    return (await this.store.keys(keys.installationPrefix)).map((key) => key.slice(keys.installationPrefix.length));
  }

  /** Whether an installation is stored under the id, without opening it (a lookup, not a use). */
  async has(installationId: string): Promise<boolean> {
    return (await this.store.get(keys.installation(installationId))) !== null;
  }

  async read(installationId: string): Promise<Installation | undefined> {
    const key = keys.installation(installationId);
    const sealed = await this.store.get(key);
    if (sealed === null) return undefined;
    const plaintext = this.openSealed(installationId, sealed);
    // Key rotation: what an older key sealed is sealed again with the newest as it is used.
    if (this.sealer.isStale(sealed)) await this.store.replaceIfEquals(key, sealed, this.sealer.seal(plaintext));
    return JSON.parse(plaintext) as Installation;
  }

  /** The ids among `installationIds` whose stored installation does not open (readiness). */
  async unreadable(installationIds: readonly string[]): Promise<string[]> {
    const failed: string[] = [];
    for (const id of installationIds) {
      const sealed = await this.store.get(keys.installation(id));
      if (sealed !== null && !this.opens(sealed)) failed.push(id);
    }
    return failed;
  }

  /** The finding is the id; why it fails (the key, or tampering) is what read() reports. */
  private opens(sealed: string): boolean {
    try {
      this.sealer.open(sealed);
    } catch {
      return false;
    }
    return true;
  }

  private openSealed(installationId: string, sealed: string): string {
    try {
      return this.sealer.open(sealed);
    } catch (error) {
      throw new InstallationUnreadableError(installationId, { cause: error });
    }
  }
}
