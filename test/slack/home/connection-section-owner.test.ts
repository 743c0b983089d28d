/** App Home's "Research service" section for an organisation's connection, and a refused change's notice (pure). */
import { describe, expect, it } from 'vitest';
import { ACTION_IDS } from '../../../src/slack/blocks/action-ids.js';
import {
  type HomeConnection,
  ORG_CONNECTION_TEXT,
  ORG_WHO_MAY_CHANGE,
  ORG_WHO_MAY_CONNECT,
  renderConnectionSection,
  WHO_MAY_CHANGE,
} from '../../../src/slack/home/connection-section.js';
import type { ConnectionSummary } from '../../../src/workspaces/workspaces.js';

const buildSummary = (over: Partial<ConnectionSummary> = {}): ConnectionSummary => ({
  connectedBy: 'U0ORGADM1',
  connectedAtMs: Date.UTC(2026, 10, 20, 9, 30),
  keyHint: '…3333',
  baseUrl: 'https://research.example.com',
  ...over,
});

const text = (input: HomeConnection) => JSON.stringify(renderConnectionSection(input));

describe('the organisation’s connection on App Home', () => {
  it('a member of any workspace of the org: whose it is, who connected it, who manages it, no buttons', () => {
    const input: HomeConnection = { mode: 'multi', owner: 'organisation', connection: buildSummary(), mayManage: false };
    expect(text(input)).toContain('Connected by <@U0ORGADM1>');
    expect(text(input)).toContain(ORG_CONNECTION_TEXT);
    expect(text(input)).toContain(ORG_WHO_MAY_CHANGE);
    expect(text(input)).not.toContain(ACTION_IDS.homeConnect);
    expect(text(input)).not.toContain(ACTION_IDS.homeDisconnect);
    expect(renderConnectionSection(input).length).toBeLessThanOrEqual(4);
  });

  it('an org admin: the buttons, and Disconnect warns that every workspace of the org stops', () => {
    const input: HomeConnection = { mode: 'multi', owner: 'organisation', connection: buildSummary(), mayManage: true };
    expect(text(input)).toContain(ACTION_IDS.homeDisconnect);
    expect(text(input)).toContain('every workspace of the organisation until someone connects it again');
  });

  it('not connected: org admins can connect it for every workspace', () => {
    const input: HomeConnection = { mode: 'multi', owner: 'organisation', mayManage: false };
    expect(text(input)).toContain(ORG_WHO_MAY_CONNECT);
    expect(text(input)).not.toContain(ACTION_IDS.homeConnect);
  });

  it('a workspace’s own connection tells a member who may change it', () => {
    const input: HomeConnection = { mode: 'multi', connection: buildSummary(), mayManage: false };
    expect(text(input)).toContain(WHO_MAY_CHANGE);
    expect(text(input)).not.toContain(ORG_CONNECTION_TEXT);
  });

  it('a refused change: its reason above who may, escaped', () => {
    const input: HomeConnection = {
      mode: 'multi',
      owner: 'organisation',
      connection: buildSummary(),
      mayManage: false,
      notice: 'No <!channel> here',
    };
    const blocks = renderConnectionSection(input);
    expect(blocks.length).toBeLessThanOrEqual(4);
    expect(text(input)).toContain(':no_entry: No &lt;!channel&gt; here');
    expect(text(input)).not.toContain('<!channel>');
  });
});
