/**
 * MCP tokens on every store kind (Redis, the file store, memory): only the hash is kept, a token
 * names its workspace and is found only there, revoking ends it (and a last-used write never
 * brings it back), a workspace holds at most MCP_TOKEN_LIMITS.perWorkspace.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keys } from '../../src/store/keys.js';
import { McpTokenLimitError } from '../../src/store/mcp-token-limit-error.js';
import { MCP_TOKEN_LIMITS, McpTokens, mcpTokenHash } from '../../src/store/mcp-tokens.js';
import type { StateStore } from '../../src/store/state-store.js';
import { buildManualClock, buildStoreUnderTest, type StoreKind, type StoreUnderTest } from './store-harness.js';

const KINDS: StoreKind[] = ['redis', 'file', 'memory'];

describe.each(KINDS)('McpTokens on %s', (kind) => {
  let under: StoreUnderTest;
  let store: StateStore;
  const clock = buildManualClock();
  let tokens: McpTokens;

  beforeEach(async () => {
    under = await buildStoreUnderTest(kind, 'mcp-tokens');
    store = await under.open();
    tokens = new McpTokens(store, clock.now);
  });

  afterEach(async () => {
    await store.close();
    await under.cleanup();
  });

  it('keeps only the hash, under the workspace’s key, with label, creator and time; the token finds its record', async () => {
    const { token, record } = await tokens.create({ teamId: 'T1' }, { label: 'Claude Desktop', createdBy: 'U1' });
    expect(token).toMatch(/^rdmcp_T1_[A-Za-z0-9_-]{43}$/);
    expect(record).toMatchObject({ teamId: 'T1', label: 'Claude Desktop', createdBy: 'U1', createdAtMs: clock.now() });
    const stored = await store.keys('mcp-token:');
    expect(stored).toEqual([keys.mcpToken('T1', mcpTokenHash(token))]);
    expect(await store.get(stored[0] ?? '')).not.toContain(token.slice(9));
    expect(await tokens.authenticate(token)).toMatchObject({ tokenId: record.tokenId, teamId: 'T1' });
  });

  it('finds nothing for a malformed token, an unknown one, or one edited to name another workspace', async () => {
    const { token } = await tokens.create({ teamId: 'T1' }, { label: 'a', createdBy: 'U1' });
    await tokens.create({ teamId: 'T2' }, { label: 'b', createdBy: 'U2' });
    expect(await tokens.authenticate('')).toBeUndefined();
    expect(await tokens.authenticate('rdmcp_nope')).toBeUndefined();
    expect(await tokens.authenticate(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeUndefined();
    expect(await tokens.authenticate(token.replace('_T1_', '_T2_'))).toBeUndefined();
  });

  it('revoking ends a token at once, and only in its own workspace; a last-used write never revives it', async () => {
    const one = await tokens.create({ teamId: 'T1' }, { label: 'a', createdBy: 'U1' });
    const other = await tokens.create({ teamId: 'T2' }, { label: 'b', createdBy: 'U2' });
    // Another workspace's id finds nothing there.
    expect(await tokens.revoke('T2', one.record.tokenId)).toBeUndefined();
    expect(await tokens.authenticate(one.token)).toBeDefined();
    expect(await tokens.revoke('T1', one.record.tokenId)).toMatchObject({ label: 'a' });
    expect(await tokens.authenticate(one.token)).toBeUndefined();
    expect(await tokens.list('T1')).toEqual([]);
    expect(await tokens.authenticate(other.token)).toBeDefined();
  });

  it('writes the last-used time at most once a minute', async () => {
    const { token } = await tokens.create({ teamId: 'T1' }, { label: 'a', createdBy: 'U1' });
    const first = await tokens.authenticate(token);
    expect(first?.lastUsedAtMs).toBe(clock.now());
    clock.advance(MCP_TOKEN_LIMITS.touchEveryMs - 1);
    expect((await tokens.authenticate(token))?.lastUsedAtMs).toBe(first?.lastUsedAtMs);
    clock.advance(1);
    expect((await tokens.authenticate(token))?.lastUsedAtMs).toBe(clock.now());
    expect((await tokens.list('T1'))[0]?.lastUsedAtMs).toBe(clock.now());
  });

  it('holds at most the limit per workspace; another workspace is not counted', async () => {
    for (let i = 0; i < MCP_TOKEN_LIMITS.perWorkspace; i += 1) {
      await tokens.create({ teamId: 'T1' }, { label: `t${i}`, createdBy: 'U1' });
      clock.advance(1);
    }
    await expect(tokens.create({ teamId: 'T1' }, { label: 'one more', createdBy: 'U1' })).rejects.toBeInstanceOf(McpTokenLimitError);
    await expect(tokens.create({ teamId: 'T2' }, { label: 'theirs', createdBy: 'U2' })).resolves.toBeDefined();
    expect((await tokens.list('T1')).map((t) => t.label)).toEqual(['t0', 't1', 't2', 't3', 't4']);
  });

  it('keeps an org-wide install’s ids with the token, and cuts a long label', async () => {
    const { token } = await tokens.create(
      { teamId: 'T1', enterpriseId: 'E1', isEnterpriseInstall: true },
      { label: 'x'.repeat(200), createdBy: 'U1' },
    );
    const record = await tokens.authenticate(token);
    expect(record).toMatchObject({ enterpriseId: 'E1', isEnterpriseInstall: true });
    expect(record?.label).toHaveLength(MCP_TOKEN_LIMITS.labelChars);
  });
});
