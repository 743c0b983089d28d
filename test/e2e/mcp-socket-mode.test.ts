/**
 * The MCP server in Socket Mode: the app has no /slack/events there, but its HTTP server (health)
 * serves /mcp too. A single-workspace deployment (the environment's bot token and service key):
 * a token made on App Home reaches the tools; Slack-signed requests are refused, since Socket Mode
 * has no signing secret to check them with.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signSlackRequest } from '../../src/emulators/slack/index.js';
import { ACTION_IDS, MCP_TOKEN_MODAL } from '../../src/slack/blocks/action-ids.js';
import { E2E_SECRETS, type Harness, startHarness } from './harness.js';
import { freePort } from './support/app-process.js';

let h: Harness;
const homeText = (user: string) => JSON.stringify(h.slack.homeViews.get(user)?.view.blocks ?? []);

beforeAll(async () => {
  // Socket Mode's HTTP server reports the port it was given: a free one, so the test knows it.
  h = await startHarness({ deliveryMode: 'socket', deskOverrides: { port: await freePort() } });
}, 30_000);

afterAll(async () => {
  await h?.close();
});

it('serves /mcp on the health port: a token from App Home lists and calls the tools; a Slack-signed request gets 401', async () => {
  const admin = h.slack.adminUserId;
  await h.slack.openHome(admin);
  const home = await h.slack.waitFor(
    () => (homeText(admin).includes(ACTION_IDS.homeMcpTokenCreate) ? h.slack.homeViews.get(admin) : undefined),
    10_000,
  );
  await h.slack.clickViewAction({ view_id: home.id, action_id: ACTION_IDS.homeMcpTokenCreate, user_id: admin });
  const form = await h.slack.waitFor(
    () => h.slack.openModals(admin).find((m) => m.view.callback_id === MCP_TOKEN_MODAL.callbackId),
    10_000,
  );
  await h.slack.submitView({
    view_id: form.id,
    user_id: admin,
    values: { [MCP_TOKEN_MODAL.blocks.label]: { [MCP_TOKEN_MODAL.actions.label]: 'IDE' } },
  });
  const token = /rdmcp_[A-Za-z0-9_-]+/.exec(JSON.stringify(h.slack.openModals(admin).find((m) => m.id === form.id)?.view.blocks))?.[0];
  expect(token).toBeDefined();

  const url = `http://127.0.0.1:${h.desk.port}/mcp`;
  const client = new Client({ name: 'socket-mode-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  expect((await client.listTools()).tools).toHaveLength(6);
  const concepts = (await client.callTool({ name: 'trending_concepts', arguments: { limit: 2 } })) as CallToolResult;
  expect(concepts.isError).toBeFalsy();
  expect((concepts.structuredContent as { concepts: unknown[] }).concepts.length).toBeGreaterThan(0);
  await client.close();

  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  const timestamp = Math.floor(Date.now() / 1000);
  const signed = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': signSlackRequest(E2E_SECRETS.signingSecret, timestamp, body),
    },
    body,
  });
  expect(signed.status).toBe(401);
  expect(((await signed.json()) as { error: { message: string } }).error.message).toContain('use a token');
}, 60_000);
