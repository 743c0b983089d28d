/**
 * A workspace's bearer tokens for MCP clients (the /mcp server), created and revoked by its admins
 * on App Home. A token is shown once, when it is created; only its SHA-256 is kept, under the
 * workspace's own prefix (`mcp-token:{team}:{hash}`), so a token is looked up by its hash and an
 * uninstall deletes every token with the workspace's other keys. The token names its workspace
 * (`rdmcp_<team>_<secret>`): the lookup reads that workspace's keys only, and the hash covers the
 * whole token, so a token edited to name another workspace finds nothing there.
 */
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { keys } from './keys.js';
import { McpTokenLimitError } from './mcp-token-limit-error.js';
import type { StateStore } from './state-store.js';

/** What every token starts with: the redactor masks anything of this shape (src/observability/redactor.ts). */
export const MCP_TOKEN_PREFIX = 'rdmcp_';

export const MCP_TOKEN_LIMITS = {
  /** Tokens a workspace may hold at once: one per client or person, revoked when no longer used. */
  perWorkspace: 5,
  /** A label is a name for the admin, e.g. "Claude Desktop (Ana)". */
  labelChars: 60,
  /** Last-used times are written at most this often per token (every call would be a write). */
  touchEveryMs: 60_000,
} as const;

/** 32 random bytes, base64url without padding: 43 characters. */
const SECRET_BYTES = 32;
const TOKEN_SHAPE = /^rdmcp_([A-Z0-9]{2,32})_([A-Za-z0-9_-]{43})$/;

const recordSchema = z.object({
  /** Public: shown on App Home and carried by its Revoke option; never enough to use the token. */
  tokenId: z.string(),
  teamId: z.string(),
  enterpriseId: z.string().optional(),
  isEnterpriseInstall: z.boolean().optional(),
  label: z.string(),
  createdBy: z.string(),
  createdAtMs: z.number(),
  lastUsedAtMs: z.number().optional(),
});

export type McpTokenRecord = z.output<typeof recordSchema>;

/** The workspace a token is created for, as App Home's click names it. */
export interface McpTokenWorkspace {
  teamId: string;
  enterpriseId?: string;
  isEnterpriseInstall?: boolean;
}

export function mcpTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class McpTokens {
  constructor(
    private readonly store: StateStore,
    private readonly clock: () => number = Date.now,
    private readonly random: (bytes: number) => Buffer = randomBytes,
  ) {}

  /** Creates a token; the caller shows `token` once and keeps nothing of it. Throws McpTokenLimitError at the limit. */
  async create(
    workspace: McpTokenWorkspace,
    init: { label: string; createdBy: string },
  ): Promise<{ token: string; record: McpTokenRecord }> {
    const held = await this.list(workspace.teamId);
    if (held.length >= MCP_TOKEN_LIMITS.perWorkspace) throw new McpTokenLimitError(MCP_TOKEN_LIMITS.perWorkspace);
    const token = `${MCP_TOKEN_PREFIX}${workspace.teamId}_${this.random(SECRET_BYTES).toString('base64url')}`;
    const record: McpTokenRecord = {
      tokenId: this.random(4).toString('hex'),
      teamId: workspace.teamId,
      ...(workspace.enterpriseId ? { enterpriseId: workspace.enterpriseId } : {}),
      ...(workspace.isEnterpriseInstall ? { isEnterpriseInstall: true } : {}),
      label: init.label.slice(0, MCP_TOKEN_LIMITS.labelChars),
      createdBy: init.createdBy,
      createdAtMs: this.clock(),
    };
    await this.store.set(keys.mcpToken(workspace.teamId, mcpTokenHash(token)), JSON.stringify(record));
    return { token, record };
  }

  /**
   * The record of a token presented by a client, undefined when it is malformed, unknown or
   * revoked. Its last-used time is brought up to date (at most once a minute).
   */
  async authenticate(token: string): Promise<McpTokenRecord | undefined> {
    const teamId = TOKEN_SHAPE.exec(token)?.[1];
    if (teamId === undefined) return undefined;
    const key = keys.mcpToken(teamId, mcpTokenHash(token));
    const raw = await this.store.get(key);
    if (raw === null) return undefined;
    const record = parseRecord(raw);
    // The key names the team: a record under it names the same one, or it is not this token's.
    if (record?.teamId !== teamId) return undefined;
    const now = this.clock();
    if (record.lastUsedAtMs === undefined || now - record.lastUsedAtMs >= MCP_TOKEN_LIMITS.touchEveryMs) {
      // Only if unchanged: a revoke in between (the key deleted) is never undone by this write.
      const touched = { ...record, lastUsedAtMs: now };
      if (await this.store.replaceIfEquals(key, raw, JSON.stringify(touched))) return touched;
    }
    return record;
  }

  /** The workspace's tokens, oldest first. */
  async list(teamId: string): Promise<McpTokenRecord[]> {
    const found = await this.entries(teamId);
    return found.map((e) => e.record).sort((a, b) => a.createdAtMs - b.createdAtMs);
  }

  /** Deletes the workspace's token with this id; returns it, or undefined when the workspace has none such. */
  async revoke(teamId: string, tokenId: string): Promise<McpTokenRecord | undefined> {
    const entry = (await this.entries(teamId)).find((e) => e.record.tokenId === tokenId);
    if (!entry) return undefined;
    await this.store.delete(entry.key);
    return entry.record;
  }

  private async entries(teamId: string): Promise<Array<{ key: string; record: McpTokenRecord }>> {
    const found = await Promise.all(
      (await this.store.keys(keys.mcpTokenPrefix(teamId))).map(async (key) => {
        const raw = await this.store.get(key);
        const record = raw === null ? undefined : parseRecord(raw);
        return record?.teamId === teamId ? [{ key, record }] : [];
      }),
    );
    return found.flat();
  }
}

function parseRecord(raw: string): McpTokenRecord | undefined {
  try {
    const parsed = recordSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    // Not JSON: no version wrote it, so it authenticates nothing.
    return undefined;
  }
}
