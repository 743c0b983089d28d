/**
 * Issue 32, part 4: Research Desk's tools for Slackbot and any MCP client, end to end. The app
 * between the Slack and service emulators on Redis, installed into two workspaces through the
 * emulator's OAuth, each connected to the service with its own key (the service emulator accepts
 * each and logs which one a request carried). Tokens are made and revoked on App Home through the
 * Slack emulator; the MCP SDK's own client (Client + StreamableHTTPClientTransport) lists and
 * calls the tools; Slack identity auth is sent as Slack signs it (X-Slack-Signature over the body).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harborWorkspace, signSlackRequest } from '../../src/emulators/slack/index.js';
import { ACTION_IDS, MCP_TOKEN_MODAL } from '../../src/slack/blocks/action-ids.js';
import { allText, nextEphemeral, splitCommand } from './command-helpers.js';
import { eventually, startReplica } from './features-helpers.js';
import { E2E_SECRETS, type Harness, startHarness } from './harness.js';
import { connectFromHome, installOAuth } from './multi-workspace-helpers.js';

const FIRST_KEY = 'first-service-key-1111';
const HARBOR_KEY = 'harbor-service-key-2222';

let h: Harness;
let appUrl: string;
let first: { teamId: string; admin: string; member: string; channelId: string };
const harbor = { teamId: harborWorkspace.teamId, admin: harborWorkspace.adminUserId, member: harborWorkspace.userId };

const homeText = (user: string) => JSON.stringify(h.slack.homeViews.get(user)?.view.blocks ?? []);
const toolText = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

/** The admin creates a token on App Home, as a person would; returns the token the form shows once. */
async function createTokenOnHome(admin: string, label: string): Promise<string> {
  await h.slack.openHome(admin);
  const home = await h.slack
    .waitFor(() => (homeText(admin).includes(ACTION_IDS.homeMcpTokenCreate) ? h.slack.homeViews.get(admin) : undefined), 10_000)
    .catch((error: unknown) => {
      throw new Error(`no Create token on ${admin}'s Home: ${homeText(admin).slice(-1500)}\n${h.logs.slice(-15).join('\n')}`, {
        cause: error,
      });
    });
  const tokenForm = () => h.slack.openModals(admin).find((m) => m.view.callback_id === MCP_TOKEN_MODAL.callbackId);
  await h.slack.clickViewAction({ view_id: home.id, action_id: ACTION_IDS.homeMcpTokenCreate, user_id: admin });
  const modal = await h.slack
    .waitFor(() => tokenForm(), 10_000)
    .catch((error: unknown) => {
      throw new Error(`no token form for ${admin}: ${homeText(admin).slice(0, 600)}\n${h.logs.slice(-10).join('\n')}`, { cause: error });
    });
  const submitted = await h.slack.submitView({
    view_id: modal.id,
    user_id: admin,
    values: { [MCP_TOKEN_MODAL.blocks.label]: { [MCP_TOKEN_MODAL.actions.label]: label } },
  });
  expect(submitted.viewAction).toBe('update');
  const shown = JSON.stringify(h.slack.openModals(admin).find((m) => m.id === modal.id)?.view.blocks ?? []);
  const token = /rdmcp_[A-Za-z0-9_-]+/.exec(shown)?.[0];
  if (!token) throw new Error(`no token in the created view: ${shown}`);
  // The Home tab lists it by label, never the token itself.
  await h.slack.waitFor(() => (homeText(admin).includes(label) ? true : undefined), 10_000);
  expect(homeText(admin)).not.toContain(token);
  return token;
}

async function mcpClient(token?: string, base = appUrl): Promise<Client> {
  const client = new Client({ name: 'research-desk-e2e', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
    ...(token ? { requestInit: { headers: { Authorization: `Bearer ${token}` } } } : {}),
  });
  await client.connect(transport);
  return client;
}

/** A raw JSON-RPC POST to /mcp, with the headers given. */
async function postMcp(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${appUrl}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A tools/call as Slackbot sends it with Slack identity auth: signed with the app's signing secret. */
function slackSigned(body: unknown, secret = E2E_SECRETS.signingSecret): { text: string; headers: Record<string, string> } {
  const text = JSON.stringify(body);
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    text,
    headers: { 'x-slack-request-timestamp': String(timestamp), 'x-slack-signature': signSlackRequest(secret, timestamp, text) },
  };
}

/** The service emulator's key index of the requests since `from` (which key each carried). */
const keysUsedSince = (from: number) => [...new Set(h.service.requestLog.slice(from).map((e) => e.keyIndex))];

beforeAll(async () => {
  h = await startHarness({ store: 'redis', oauth: { serviceKeys: [FIRST_KEY, HARBOR_KEY] } });
  appUrl = `http://127.0.0.1:${h.desk.port}`;
  first = { teamId: h.slack.teamId, admin: h.slack.adminUserId, member: h.slack.defaultUserId, channelId: h.slack.defaultChannelId };
  for (const where of [{ teamId: first.teamId }, { teamId: harbor.teamId }]) expect((await installOAuth(h, where)).status).toBe(200);
  await connectFromHome(h, first.admin, FIRST_KEY);
  await connectFromHome(h, harbor.admin, HARBOR_KEY);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('the MCP server at /mcp', () => {
  let firstToken: string;
  let harborToken: string;
  let firstKeyIndex: number | undefined;

  it('an admin creates a token on App Home, shown once; a member sees who may and is refused with a note', async () => {
    firstToken = await createTokenOnHome(first.admin, 'Claude Desktop (Ana)');
    harborToken = await createTokenOnHome(harbor.admin, 'Harbor agent');
    expect(firstToken).toMatch(/^rdmcp_/);
    // Stored hashed: no key or value of the store holds the token.
    const keys = await h.store.keys('mcp-token:');
    expect(keys.length).toBe(2);
    for (const key of keys) {
      expect(key).not.toContain(firstToken);
      expect(await h.store.get(key)).not.toContain(firstToken.slice(-20));
    }
    expect(h.logs.join('\n')).not.toContain(firstToken.slice(-20));

    await h.slack.openHome(first.member);
    await h.slack.waitFor(() => (homeText(first.member).includes('MCP clients') ? true : undefined), 10_000);
    expect(homeText(first.member)).toContain('A workspace admin or owner creates and revokes tokens');
    expect(homeText(first.member)).not.toContain(ACTION_IDS.homeMcpTokenCreate);
    // A forged click on the admin's button, as the member.
    const adminHome = h.slack.homeViews.get(first.admin);
    if (!adminHome) throw new Error('no admin Home');
    await h.slack.clickViewAction({ view_id: adminHome.id, action_id: ACTION_IDS.homeMcpTokenCreate, user_id: first.member });
    await h.slack.waitFor(() => (homeText(first.member).includes('Only a workspace admin or owner can create') ? true : undefined), 10_000);
  }, 60_000);

  it('lists the tools to the SDK client', async () => {
    const client = await mcpClient(firstToken);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'ask_research_agent',
      'company_financials',
      'earnings_calendar',
      'get_agent_answer',
      'search_research',
      'trending_concepts',
    ]);
    for (const tool of tools) expect(tool.outputSchema, tool.name).toBeDefined();
    await client.close();
  });

  it('answers each tool with the slash commands’ data, as text and structured content, with the workspace’s own key', async () => {
    const client = await mcpClient(firstToken);
    const from = h.service.requestLog.length;
    const search = (await client.callTool({
      name: 'search_research',
      arguments: { query: 'NVDA data center', limit: 3 },
    })) as CallToolResult;
    expect(search.isError).toBeFalsy();
    const found = search.structuredContent as { totalCount: number; documents: Array<{ title: string }> };
    expect(found.documents.length).toBeGreaterThan(0);
    expect(toolText(search)).toContain(found.documents[0]?.title);
    firstKeyIndex = keysUsedSince(from)[0];
    expect(keysUsedSince(from)).toEqual([firstKeyIndex]);

    const card = await nextEphemeral(
      h,
      async () => {
        await h.slack.sendCommand({ ...splitCommand('/research NVDA data center'), channel_id: first.channelId, user_id: first.member });
      },
      { channel: first.channelId, user: first.member, timeoutMs: 15_000 },
    );
    expect(allText(card)).toContain(found.documents[0]?.title.slice(0, 40));

    const statement = (await client.callTool({
      name: 'company_financials',
      arguments: { symbol: 'US:NVDA', statement: 'income' },
    })) as CallToolResult;
    expect(statement.isError).toBeFalsy();
    const figures = statement.structuredContent as { symbol: string; periods: string[]; keyFigures: Record<string, number | null> };
    expect(figures.symbol).toBe('US:NVDA');
    expect(figures.periods.length).toBeGreaterThan(0);
    expect(typeof figures.keyFigures.revenue).toBe('number');
    expect(toolText(statement)).toContain('|');

    const concepts = (await client.callTool({ name: 'trending_concepts', arguments: { limit: 3 } })) as CallToolResult;
    expect(concepts.isError).toBeFalsy();
    const trending = concepts.structuredContent as { concepts: Array<{ name: string }> };
    expect(trending.concepts.length).toBeGreaterThan(0);
    expect(toolText(concepts)).toContain(trending.concepts[0]?.name);

    const earnings = (await client.callTool({
      name: 'earnings_calendar',
      arguments: { markets: ['us'], week: '2025-05-28' },
    })) as CallToolResult;
    expect(earnings.isError, toolText(earnings)).toBeFalsy();
    expect(earnings.structuredContent).toMatchObject({
      startDate: '2025-05-26',
      endDate: '2025-06-01',
      markets: ['us'],
      reportCount: 1,
      reports: [{ symbol: 'US:AMD', timing: 'after_close', timingLabel: 'After close' }],
      failedMarkets: [],
    });
    expect(toolText(earnings)).toContain('Earnings calendar · US · week of 2025-05-26 to 2025-06-01 · 1 report');
    expect(toolText(earnings)).toMatch(/\| After close \| AMD \| US:AMD \|/);
    const badWeek = (await client.callTool({ name: 'earnings_calendar', arguments: { week: 'fortnight' } })) as CallToolResult;
    expect(badWeek.isError).toBe(true);
    expect(toolText(badWeek)).toMatch(/Unknown week “fortnight”.*this, next, last/);
    expect(keysUsedSince(from).filter((k) => k !== firstKeyIndex)).toEqual([]);
    await client.close();
  }, 60_000);

  it('asks the agent, then reads its answer by id through another replica of the app (same Redis)', async () => {
    const client = await mcpClient(firstToken);
    const asked = (await client.callTool({
      name: 'ask_research_agent',
      arguments: { question: 'What drove NVDA data center revenue?' },
    })) as CallToolResult;
    expect(asked.isError, toolText(asked)).toBeFalsy();
    const { questionId, status } = asked.structuredContent as { questionId: string; status: string };
    expect(status).toBe('running');
    await client.close();

    // Another app process on the same store: it knows the question from the store alone.
    const replica = await startReplica(h, 'mcp-replica');
    const reader = await mcpClient(firstToken, `http://127.0.0.1:${replica.desk.port}`);
    const answer = await eventually(async () => {
      const read = (await reader.callTool({ name: 'get_agent_answer', arguments: { questionId } })) as CallToolResult;
      const content = read.structuredContent as { status: string; answer?: string };
      return content.status === 'completed' ? content : undefined;
    }, 30_000);
    expect(answer.answer?.length).toBeGreaterThan(50);

    // Harbor's token never finds the first workspace's question.
    const other = await mcpClient(harborToken);
    const fenced = (await other.callTool({ name: 'get_agent_answer', arguments: { questionId } })) as CallToolResult;
    expect(fenced.isError).toBe(true);
    expect(toolText(fenced)).toContain('No question');
    await reader.close();
    await other.close();
    await replica.stop();
  }, 60_000);

  it('answers bad inputs with tool errors that say what to fix', async () => {
    const client = await mcpClient(firstToken);
    const unknown = (await client.callTool({
      name: 'company_financials',
      arguments: { symbol: 'ZZZZ', statement: 'income' },
    })) as CallToolResult;
    expect(unknown.isError).toBe(true);
    expect(toolText(unknown)).toContain('ZZZZ');
    const statement = (await client.callTool({
      name: 'company_financials',
      arguments: { symbol: 'US:NVDA', statement: 'weather' },
    })) as CallToolResult;
    expect(statement.isError).toBe(true);
    expect(toolText(statement)).toMatch(/income|balance|cash/);
    const empty = (await client.callTool({ name: 'search_research', arguments: { query: '  ' } })) as CallToolResult;
    expect(empty.isError).toBe(true);
    expect(toolText(empty)).toContain('Give the words to search for');
    const date = (await client.callTool({ name: 'search_research', arguments: { query: 'NVDA', since: 'last week' } })) as CallToolResult;
    expect(date.isError).toBe(true);
    expect(toolText(date)).toContain('YYYY-MM-DD');
    const id = (await client.callTool({ name: 'get_agent_answer', arguments: { questionId: 'nope' } })) as CallToolResult;
    expect(id.isError).toBe(true);
    expect(toolText(id)).toContain('questionId that ask_research_agent returned');
    await client.close();
  });

  it('one workspace’s token reaches only its own service key', async () => {
    const client = await mcpClient(harborToken);
    const from = h.service.requestLog.length;
    const result = (await client.callTool({ name: 'trending_concepts', arguments: {} })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const used = keysUsedSince(from);
    expect(used.length).toBe(1);
    expect(used).not.toContain(firstKeyIndex);
    await client.close();
    // A token edited to name the other workspace is no token of it (the hash covers the whole token).
    const forged = firstToken.replace(first.teamId, harbor.teamId);
    const refused = await postMcp({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { authorization: `Bearer ${forged}` });
    expect(refused.status).toBe(401);
  });

  it('refuses a request without identity, with a bad token, or with a bad Slack signature: 401 with WWW-Authenticate', async () => {
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const none = await postMcp(list);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer realm=/);
    expect(((await none.json()) as { error: { message: string } }).error.message).toContain('Home tab');
    const bad = await postMcp(list, { authorization: 'Bearer rdmcp_T0000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toContain('error="invalid_token"');
    // A team id in a header, or in _meta, without Slack's signature is nobody's word.
    const call = {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'trending_concepts', arguments: {}, _meta: { slack: { team_id: first.teamId, user_id: first.member } } },
    };
    expect((await postMcp(call, { 'x-slack-team-id': first.teamId })).status).toBe(401);
    const wrongSecret = slackSigned(call, 'not-the-signing-secret');
    expect((await postMcp(wrongSecret.text, wrongSecret.headers)).status).toBe(401);
    await expect(mcpClient('rdmcp_nope')).rejects.toThrow();
  });

  it('Slack identity auth: a signed tools/call acts for the team in its _meta.slack, once', async () => {
    const call = {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'trending_concepts', arguments: { limit: 2 }, _meta: { slack: { team_id: harbor.teamId, user_id: harbor.member } } },
    };
    const signed = slackSigned(call);
    const from = h.service.requestLog.length;
    const res = await postMcp(signed.text, signed.headers);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: CallToolResult };
    expect(body.result.isError).toBeFalsy();
    expect(keysUsedSince(from)).not.toContain(firstKeyIndex);
    // The same signed bytes again: a replay.
    expect((await postMcp(signed.text, signed.headers)).status).toBe(401);
    // Signed, but naming no team: refused.
    const anonymous = slackSigned({ ...call, id: 4, params: { name: 'trending_concepts', arguments: {} } });
    expect((await postMcp(anonymous.text, anonymous.headers)).status).toBe(401);
    // Signed for a workspace the app is not installed in: a tool error that says so, no service call.
    const stranger = slackSigned({
      ...call,
      id: 6,
      params: { ...call.params, _meta: { slack: { team_id: 'T0NOTINSTALLED', user_id: 'U1' } } },
    });
    const before = h.service.requestLog.length;
    const strangerRes = await postMcp(stranger.text, stranger.headers);
    expect(strangerRes.status).toBe(200);
    const strangerBody = (await strangerRes.json()) as { result: CallToolResult };
    expect(strangerBody.result.isError).toBe(true);
    expect(toolText(strangerBody.result)).toMatch(/install/i);
    expect(h.service.requestLog.length).toBe(before);
    // A signed tools/list needs no team (the catalogue is the same for all).
    const list = slackSigned({ jsonrpc: '2.0', id: 5, method: 'tools/list' });
    expect((await postMcp(list.text, list.headers)).status).toBe(200);
  });

  it('a revoked token gets 401; a member cannot revoke', async () => {
    await h.slack.openHome(first.admin);
    const home = await h.slack.waitFor(
      () => (homeText(first.admin).includes(ACTION_IDS.homeMcpTokenRevoke) ? h.slack.homeViews.get(first.admin) : undefined),
      10_000,
    );
    const revokeId = `${ACTION_IDS.homeMcpTokenRevoke}:0`;
    // The member's forged click changes nothing.
    await h.slack.clickViewAction({ view_id: home.id, action_id: revokeId, user_id: first.member });
    await h.slack.waitFor(
      () => (homeText(first.member).includes('Only a workspace admin or owner can create or revoke') ? true : undefined),
      10_000,
    );
    expect((await postMcp({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { authorization: `Bearer ${firstToken}` })).status).toBe(200);

    await h.slack.clickViewAction({ view_id: home.id, action_id: revokeId, user_id: first.admin });
    await h.slack.waitFor(() => (!homeText(first.admin).includes('Claude Desktop (Ana)') ? true : undefined), 10_000);
    const refused = await postMcp({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { authorization: `Bearer ${firstToken}` });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
    // Harbor's token is untouched.
    expect((await postMcp({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { authorization: `Bearer ${harborToken}` })).status).toBe(200);
  });
});
