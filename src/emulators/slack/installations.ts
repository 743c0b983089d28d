import { createHash, randomBytes } from 'node:crypto';
import type { AppDistribution } from './rate-limits.js';
import { workspaceSeed } from './workspace-seed.js';
import { type BotIdentity, findEnterprise, findWorkspace } from './workspaces.js';

/**
 * Where the app is installed and which bot tokens belong to which installation. Tokens are kept
 * by their SHA-256 only, so the state file can hold them without holding a credential.
 * @see https://docs.slack.dev/authentication/installing-with-oauth
 * @see https://docs.slack.dev/authentication/using-token-rotation
 */

/** Slack: rotating access tokens live 12 hours. */
export const ROTATING_TOKEN_LIFETIME_S = 43_200;
/** Slack: an OAuth code must be exchanged within 10 minutes. */
export const CODE_LIFETIME_MS = 10 * 60_000;

export interface Installation {
  /** The team id, or for an org-wide installation the enterprise id. */
  key: string;
  teamId: string | null;
  enterpriseId: string | null;
  isEnterpriseInstall: boolean;
  bot: BotIdentity;
  scopes: string[];
  installerUserId: string;
  installedAt: number;
  /** Set on OAuth installs; the seed installation (and one restored from an older file) has the seed's. */
  distribution?: AppDistribution;
}

export interface StoredToken {
  /** SHA-256 hex of the token. */
  hash: string;
  installKey: string;
  kind: 'access' | 'refresh';
  /** Clock ms; unset: never expires. */
  expiresAt?: number;
  revoked: boolean;
}

/** Who is installing where: a workspace, or an org as a whole. */
export type InstallTarget = { teamId: string } | { enterpriseId: string };

export interface PendingCode {
  clientId: string;
  redirectUri: string | undefined;
  target: InstallTarget;
  userId: string;
  scopes: string[];
  createdAt: number;
  used: boolean;
}

export type TokenCheck =
  | { ok: true; installation: Installation; fingerprint: string }
  | { ok: false; error: 'invalid_auth' | 'token_expired' | 'token_revoked'; fingerprint: string };

export interface IssuedTokens {
  installation: Installation;
  accessToken: string;
  refreshToken?: string;
  expiresInS?: number;
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Tells tokens apart in the call log without revealing one. */
export function tokenFingerprint(token: string): string {
  return tokenHash(token).slice(0, 8);
}

function randomDigits(n: number): string {
  let out = '';
  for (const b of randomBytes(n)) out += String(b % 10);
  return out.replace(/^0/, '1');
}

export class InstallationRegistry {
  readonly installations = new Map<string, Installation>();
  private readonly tokens = new Map<string, StoredToken>();
  private readonly codes = new Map<string, PendingCode>();
  /** The app's distribution as the seed bot token and as OAuth installs (emulator option `distribution`). */
  distributions: { seed: AppDistribution; oauth: AppDistribution } = { seed: 'internal', oauth: 'non-marketplace' };

  constructor(
    private readonly clock: () => number,
    private readonly seed: { botToken: string; scopes: readonly string[] },
    /** How long a rotating access token lives (Slack: 12 hours). */
    private readonly tokenLifetimeS: number = ROTATING_TOKEN_LIFETIME_S,
  ) {
    this.installSeed();
  }

  /** The seed workspace with the configured bot token, as every emulator starts. */
  installSeed(): void {
    const installation: Installation = {
      key: workspaceSeed.teamId,
      teamId: workspaceSeed.teamId,
      enterpriseId: null,
      isEnterpriseInstall: false,
      bot: { userId: workspaceSeed.botUserId, botId: workspaceSeed.botId },
      scopes: [...this.seed.scopes],
      installerUserId: workspaceSeed.adminUserId,
      installedAt: this.clock(),
    };
    this.installations.set(installation.key, installation);
    this.tokens.set(tokenHash(this.seed.botToken), {
      hash: tokenHash(this.seed.botToken),
      installKey: installation.key,
      kind: 'access',
      revoked: false,
    });
  }

  clear(): void {
    this.installations.clear();
    this.tokens.clear();
    this.codes.clear();
  }

  /** The installation serving a workspace: its own, or its org's org-wide one. */
  serving(teamId: string): Installation | undefined {
    const own = this.installations.get(teamId);
    if (own !== undefined) return own;
    const enterpriseId = findWorkspace(teamId)?.enterpriseId;
    return enterpriseId === undefined ? undefined : this.installations.get(enterpriseId);
  }

  /** The rate tier an installation's calls are held to. */
  distributionOf(installation: Installation): AppDistribution {
    return installation.distribution ?? this.distributions.seed;
  }

  /** The distribution of the installation under `key` (the seed's when none is). */
  distributionOfKey(key: string): AppDistribution {
    const installation = this.installations.get(key);
    return installation === undefined ? this.distributions.seed : this.distributionOf(installation);
  }

  /** The workspaces an installation's token acts in. */
  static reach(installation: Installation): ReadonlySet<string> {
    if (installation.teamId !== null) return new Set([installation.teamId]);
    return new Set(findEnterprise(installation.enterpriseId ?? undefined)?.teamIds ?? []);
  }

  check(token: string): TokenCheck {
    const fingerprint = tokenFingerprint(token);
    const stored = this.tokens.get(tokenHash(token));
    if (stored === undefined || stored.kind !== 'access') return { ok: false, error: 'invalid_auth', fingerprint };
    const installation = this.installations.get(stored.installKey);
    if (stored.revoked || installation === undefined) return { ok: false, error: 'token_revoked', fingerprint };
    if (stored.expiresAt !== undefined && this.clock() >= stored.expiresAt) return { ok: false, error: 'token_expired', fingerprint };
    return { ok: true, installation, fingerprint };
  }

  issueCode(p: Omit<PendingCode, 'createdAt' | 'used'>): string {
    const code = `${randomDigits(10)}.${randomDigits(13)}.${randomBytes(32).toString('hex')}`;
    this.codes.set(code, { ...p, createdAt: this.clock(), used: false });
    return code;
  }

  /** A code not yet used and not older than 10 minutes; marks it used. */
  takeCode(code: string): PendingCode | undefined {
    const pending = this.codes.get(code);
    if (pending === undefined || pending.used || this.clock() - pending.createdAt > CODE_LIFETIME_MS) return undefined;
    pending.used = true;
    return pending;
  }

  /** Installs (or re-installs: earlier tokens keep working, as Slack's do) and issues a bot token. */
  install(p: { target: InstallTarget; userId: string; scopes: string[]; rotation: boolean }): IssuedTokens {
    const t = p.target;
    const isOrg = 'enterpriseId' in t;
    const key = 'enterpriseId' in t ? t.enterpriseId : t.teamId;
    const teamId = 'enterpriseId' in t ? null : t.teamId;
    const enterpriseId = 'enterpriseId' in t ? t.enterpriseId : (findWorkspace(t.teamId)?.enterpriseId ?? null);
    const bot = isOrg ? findEnterprise(key)?.bot : findWorkspace(key)?.bot;
    if (bot === undefined) throw new Error(`no workspace or org ${key}`);
    const installation: Installation = {
      key,
      teamId,
      enterpriseId,
      isEnterpriseInstall: isOrg,
      bot,
      scopes: [...p.scopes],
      installerUserId: p.userId,
      installedAt: this.clock(),
      distribution: this.distributions.oauth,
    };
    this.installations.set(key, installation);
    return this.issueTokens(installation, p.rotation);
  }

  /** Trades a refresh token for a new access and refresh token; the old refresh token stops working. */
  refresh(refreshToken: string): IssuedTokens | undefined {
    const stored = this.tokens.get(tokenHash(refreshToken));
    if (stored === undefined || stored.kind !== 'refresh' || stored.revoked) return undefined;
    const installation = this.installations.get(stored.installKey);
    if (installation === undefined) return undefined;
    stored.revoked = true;
    return this.issueTokens(installation, true);
  }

  /** Removes an installation; its tokens answer token_revoked from now on. */
  uninstall(key: string): Installation | undefined {
    const installation = this.installations.get(key);
    if (installation === undefined) return undefined;
    this.installations.delete(key);
    for (const t of this.tokens.values()) if (t.installKey === key) t.revoked = true;
    return installation;
  }

  /** What the state file keeps: installations and token hashes, all but the configured token's. */
  snapshot(): { installations: Installation[]; tokens: StoredToken[] } {
    const configured = tokenHash(this.seed.botToken);
    return structuredClone({
      installations: [...this.installations.values()],
      tokens: [...this.tokens.values()].filter((t) => t.hash !== configured),
    });
  }

  /**
   * Puts back a snapshot's installations and token hashes. The configured bot token is not in
   * it (a restart may bring a new one): it is tied to the seed installation again if that is there.
   */
  restore(snapshot: { installations: Installation[]; tokens: StoredToken[] }): void {
    this.clear();
    for (const i of snapshot.installations) this.installations.set(i.key, i);
    for (const t of snapshot.tokens) this.tokens.set(t.hash, t);
    if (this.installations.has(workspaceSeed.teamId)) {
      const hash = tokenHash(this.seed.botToken);
      this.tokens.set(hash, { hash, installKey: workspaceSeed.teamId, kind: 'access', revoked: false });
    }
  }

  private issueTokens(installation: Installation, rotation: boolean): IssuedTokens {
    const secret = randomBytes(24).toString('hex');
    const teamPart = randomDigits(12);
    const accessToken = rotation ? `xoxe.xoxb-1-${teamPart}-${secret}` : `xoxb-${teamPart}-${randomDigits(13)}-${secret}`;
    const access: StoredToken = { hash: tokenHash(accessToken), installKey: installation.key, kind: 'access', revoked: false };
    if (!rotation) {
      this.tokens.set(access.hash, access);
      return { installation, accessToken };
    }
    access.expiresAt = this.clock() + this.tokenLifetimeS * 1000;
    this.tokens.set(access.hash, access);
    const refreshToken = `xoxe-1-${randomBytes(32).toString('hex')}`;
    this.tokens.set(tokenHash(refreshToken), {
      hash: tokenHash(refreshToken),
      installKey: installation.key,
      kind: 'refresh',
      revoked: false,
    });
    return { installation, accessToken, refreshToken, expiresInS: this.tokenLifetimeS };
  }
}
