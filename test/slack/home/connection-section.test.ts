/** App Home's "Research service" section: single mode, connected, not connected, member or manager (pure). */
import { describe, expect, it } from 'vitest';
import { ACTION_IDS } from '../../../src/slack/blocks/action-ids.js';
import { renderAppHome } from '../../../src/slack/home/app-home-view.js';
import { NOT_CONNECTED_TEXT, WHO_MAY_CONNECT, type HomeConnection } from '../../../src/slack/home/connection-section.js';
import { keyHintOf } from '../../../src/store/service-connections.js';
import type { ConnectionSummary } from '../../../src/workspaces/workspaces.js';

const buildSummary = (over: Partial<ConnectionSummary> = {}): ConnectionSummary => ({
  connectedBy: 'U0ADMIN1',
  connectedAtMs: Date.UTC(2026, 10, 20, 9, 30),
  keyHint: '…9f3a',
  baseUrl: 'https://research.example.com',
  ...over,
});

function homeText(connection: HomeConnection): string {
  return JSON.stringify(renderAppHome({ subscriptions: [], recentRuns: [], status: { reachable: true }, connection }).blocks);
}
const actionIds = (connection: HomeConnection): string[] =>
  [...homeText(connection).matchAll(/"action_id":"([^"]+)"/g)].map((m) => m[1] ?? '').filter((id) => id.startsWith('rd.home.'));

describe('App Home research service section', () => {
  it('single mode: connected by the operator, no buttons', () => {
    const text = homeText({ mode: 'single' });
    expect(text).toContain('Research service');
    expect(text).toContain('Connected by the operator (SERVICE_API_KEY)');
    expect(actionIds({ mode: 'single' })).not.toContain(ACTION_IDS.homeConnect);
    expect(actionIds({ mode: 'single' })).not.toContain(ACTION_IDS.homeDisconnect);
  });

  it('connected, for a manager: who, when, key hint and URL, with Change key and a confirmed Disconnect', () => {
    const connection: HomeConnection = { mode: 'multi', connection: buildSummary(), mayManage: true };
    const text = homeText(connection);
    expect(text).toContain('Connected by <@U0ADMIN1> on 2026-11-20');
    expect(text).toContain('key …9f3a');
    expect(text).toContain('https://research.example.com');
    expect(actionIds(connection)).toEqual(expect.arrayContaining([ACTION_IDS.homeConnect, ACTION_IDS.homeDisconnect]));
    expect(text).toContain('Disconnect the research service?');
  });

  it('a short key gets no hint (four characters would be half of it), and Home names no key for it', () => {
    expect(keyHintOf('demo-key')).toBe('');
    expect(keyHintOf('harbor-key-123')).toBe('…-123');
    for (const keyHint of ['', '…']) {
      const text = homeText({ mode: 'multi', connection: buildSummary({ keyHint }), mayManage: true });
      expect(text).toContain('Connected by <@U0ADMIN1> on 2026-11-20 · https://research.example.com');
      expect(text).not.toContain('key …');
    }
  });

  it('connected, for a member: the same line, no buttons', () => {
    const connection: HomeConnection = { mode: 'multi', connection: buildSummary(), mayManage: false };
    expect(homeText(connection)).toContain('key …9f3a');
    expect(actionIds(connection)).not.toContain(ACTION_IDS.homeConnect);
    expect(actionIds(connection)).not.toContain(ACTION_IDS.homeDisconnect);
  });

  it('not connected: a manager gets Connect, a member reads who can connect', () => {
    const manager: HomeConnection = { mode: 'multi', mayManage: true };
    const member: HomeConnection = { mode: 'multi', mayManage: false };
    expect(homeText(manager)).toContain(NOT_CONNECTED_TEXT);
    expect(homeText(manager)).toContain('Connect research service');
    expect(actionIds(manager)).toContain(ACTION_IDS.homeConnect);
    expect(homeText(member)).toContain(WHO_MAY_CONNECT);
    expect(actionIds(member)).not.toContain(ACTION_IDS.homeConnect);
  });

  it('escapes what a connector typed: the base URL cannot become a link or a broadcast', () => {
    const connection: HomeConnection = {
      mode: 'multi',
      connection: buildSummary({ baseUrl: 'https://x.example/<!channel>|<https://evil.example|click>', keyHint: '<@U1>' }),
      mayManage: false,
    };
    const text = homeText(connection);
    expect(text).not.toContain('<!channel>');
    expect(text).not.toContain('<https://evil.example|click>');
    expect(text).not.toContain('<@U1>');
  });
});
