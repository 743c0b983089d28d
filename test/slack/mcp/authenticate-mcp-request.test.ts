/**
 * Who an HTTP request to /mcp comes from: a token (its workspace, whatever the body says), or
 * Slack's signature over the body (each tools/call naming its team, accepted once), else 401 with
 * a Bearer challenge. Nothing unsigned is believed.
 */
import { describe, expect, it } from 'vitest';
import { signSlackRequest } from '../../../src/emulators/slack/index.js';
import { authenticateMcpRequest, type McpAuthOptions, mcpSignatureCheck } from '../../../src/slack/mcp/authenticate-mcp-request.js';
import type { McpTokenRecord } from '../../../src/store/mcp-tokens.js';

const SECRET = 'signing-secret-for-tests';
const NOW = Date.parse('2026-11-28T10:00:00.000Z');
const TOKEN = `rdmcp_T1_${'A'.repeat(43)}`;
const RECORD: McpTokenRecord = { tokenId: 'ab12cd34', teamId: 'T1', label: 'x', createdBy: 'U1', createdAtMs: 0 };

function options(overrides: Partial<McpAuthOptions> = {}): McpAuthOptions & { claimed: string[] } {
  const claimed: string[] = [];
  return {
    tokens: { authenticate: async (token) => (token === TOKEN ? RECORD : undefined) },
    signature: mcpSignatureCheck(SECRET),
    claims: {
      claim: async (digest) => {
        if (claimed.includes(digest)) return false;
        claimed.push(digest);
        return true;
      },
    },
    clock: () => NOW,
    claimed,
    ...overrides,
  };
}

const call = (meta?: unknown) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'x', arguments: {}, ...(meta ? { _meta: meta } : {}) },
});

function signed(body: unknown, { secret = SECRET, atMs = NOW } = {}) {
  const raw = JSON.stringify(body);
  const timestamp = Math.floor(atMs / 1000);
  return {
    raw,
    body,
    headers: { 'x-slack-request-timestamp': String(timestamp), 'x-slack-signature': signSlackRequest(secret, timestamp, raw) },
  };
}

describe('authenticateMcpRequest', () => {
  it('a known token acts for its own workspace, even when the body names another team', async () => {
    const body = call({ slack: { team_id: 'T2' } });
    const auth = await authenticateMcpRequest({ authorization: `Bearer ${TOKEN}` }, JSON.stringify(body), body, options());
    expect(auth).toEqual({ ok: true, caller: { kind: 'token', workspace: { teamId: 'T1' }, tokenId: 'ab12cd34' } });
  });

  it('refuses no credentials, an unknown token and another scheme, each with a Bearer challenge', async () => {
    const none = await authenticateMcpRequest({}, '', undefined, options());
    expect(none).toMatchObject({ ok: false, challenge: 'Bearer realm="Research Desk MCP"', reason: 'no credentials' });
    const unknown = await authenticateMcpRequest({ authorization: 'Bearer rdmcp_T1_nope' }, '', undefined, options());
    expect(unknown).toMatchObject({ ok: false, reason: 'unknown or revoked token' });
    expect(unknown.ok ? '' : unknown.challenge).toContain('error="invalid_token"');
    const basic = await authenticateMcpRequest({ authorization: 'Basic dXNlcjpwYXNz' }, '', undefined, options());
    expect(basic.ok ? '' : basic.challenge).toContain('error="invalid_request"');
    // A team id in a header is nobody's word.
    expect((await authenticateMcpRequest({ 'x-slack-team-id': 'T1' }, '', undefined, options())).ok).toBe(false);
  });

  it('a Slack-signed tools/call with its team passes once; the same bytes again are a replay', async () => {
    const o = options();
    const s = signed(call({ slack: { team_id: 'T1', user_id: 'U1' } }));
    expect(await authenticateMcpRequest(s.headers, s.raw, s.body, o)).toEqual({ ok: true, caller: { kind: 'slack' } });
    expect(await authenticateMcpRequest(s.headers, s.raw, s.body, o)).toMatchObject({ ok: false, reason: 'replayed Slack request' });
  });

  it('refuses a wrong secret, a body changed after signing, a stale or future timestamp, and a tools/call without a team', async () => {
    const body = call({ slack: { team_id: 'T1' } });
    const wrong = signed(body, { secret: 'another-secret' });
    expect((await authenticateMcpRequest(wrong.headers, wrong.raw, body, options())).ok).toBe(false);
    const s = signed(body);
    const changed = s.raw.replace('T1', 'T2');
    expect((await authenticateMcpRequest(s.headers, changed, JSON.parse(changed), options())).ok).toBe(false);
    const stale = signed(body, { atMs: NOW - 6 * 60_000 });
    expect((await authenticateMcpRequest(stale.headers, stale.raw, body, options())).ok).toBe(false);
    const future = signed(body, { atMs: NOW + 2 * 60_000 });
    expect(await authenticateMcpRequest(future.headers, future.raw, body, options())).toMatchObject({
      reason: 'Slack timestamp in the future',
    });
    const anonymous = signed(call());
    expect(await authenticateMcpRequest(anonymous.headers, anonymous.raw, anonymous.body, options())).toMatchObject({
      reason: 'signed tools/call without a Slack team',
    });
  });

  it('a signed request that calls no tool needs no team and claims nothing', async () => {
    const o = options();
    const s = signed({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(await authenticateMcpRequest(s.headers, s.raw, s.body, o)).toEqual({ ok: true, caller: { kind: 'slack' } });
    expect(o.claimed).toEqual([]);
  });

  it('without a signing secret (Socket Mode) a signed request is refused: tokens only', async () => {
    const s = signed(call({ slack: { team_id: 'T1' } }));
    expect(await authenticateMcpRequest(s.headers, s.raw, s.body, options({ signature: mcpSignatureCheck(undefined) }))).toMatchObject({
      ok: false,
      reason: 'signed request in Socket Mode',
    });
  });

  it('answers a signed call when the replay store fails, and says so', async () => {
    const s = signed(call({ slack: { team_id: 'T1' } }));
    const failing = options({ claims: { claim: () => Promise.reject(new Error('store down')) } });
    const auth = await authenticateMcpRequest(s.headers, s.raw, s.body, failing);
    expect(auth).toMatchObject({ ok: true, caller: { kind: 'slack' } });
    expect(auth.ok && auth.unscreened).toBeInstanceOf(Error);
  });
});
