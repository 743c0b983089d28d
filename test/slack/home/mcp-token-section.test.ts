/**
 * App Home's MCP clients section: admins see their tokens (never the token itself) with Revoke,
 * and Create until the limit; others see who may. Hostile labels stay inert; the whole tab, every
 * list at its longest and five tokens, stays within Slack's 100 blocks.
 */
import { describe, expect, it } from 'vitest';
import { ACTION_IDS } from '../../../src/slack/blocks/action-ids.js';
import { renderAppHome } from '../../../src/slack/home/app-home-view.js';
import { renderMcpTokenSection } from '../../../src/slack/home/mcp-token-section.js';
import { renderMcpTokenCreated } from '../../../src/slack/home/mcp-token-modal.js';
import type { McpTokenRecord } from '../../../src/store/mcp-tokens.js';
import { findViewViolations } from '../blocks/limit-violations.js';

const T = Date.parse('2026-11-28T09:00:00.000Z');
const token = (i: number, label = `client ${i}`): McpTokenRecord => ({
  tokenId: `id${i}`,
  teamId: 'T1',
  label,
  createdBy: 'U1',
  createdAtMs: T,
  ...(i % 2 ? { lastUsedAtMs: T + 60_000 } : {}),
});

describe('renderMcpTokenSection', () => {
  it('shows an admin each token with Revoke (its public id) and Create while below the limit', () => {
    const blocks = renderMcpTokenSection({ mayManage: true, tokens: [token(0), token(1)], limit: 5 });
    const text = JSON.stringify(blocks);
    expect(text).toContain(ACTION_IDS.homeMcpTokenCreate);
    expect(text).toContain(`${ACTION_IDS.homeMcpTokenRevoke}:0`);
    expect(text).toContain('"value":"id1"');
    expect(text).toContain('never used');
    expect(text).toContain('last used 2026-11-28');
    expect(blocks).toHaveLength(4);
  });

  it('offers no Create at the limit, and says why', () => {
    const text = JSON.stringify(renderMcpTokenSection({ mayManage: true, tokens: [0, 1, 2, 3, 4].map((i) => token(i)), limit: 5 }));
    expect(text).not.toContain(ACTION_IDS.homeMcpTokenCreate);
    expect(text).toContain('revoke one to create another');
  });

  it('shows a member who may create tokens, and no button', () => {
    const text = JSON.stringify(renderMcpTokenSection({ mayManage: false }));
    expect(text).toContain('A workspace admin or owner creates and revokes tokens');
    expect(text).not.toContain('rd.home.mcp_token');
  });

  it('keeps a hostile label inert', () => {
    const text = JSON.stringify(renderMcpTokenSection({ mayManage: true, tokens: [token(0, '<!channel> *x* <@U9>')], limit: 5 }));
    expect(text).not.toContain('<!channel>');
    expect(text).not.toContain('<@U9>');
    const created = JSON.stringify(renderMcpTokenCreated(`rdmcp_T1_${'A'.repeat(43)}`, { label: '<!here>' }));
    expect(created).not.toContain('<!here>');
    expect(created).toContain(`rdmcp_T1_${'A'.repeat(43)}`);
  });

  it('fits the Home tab within 100 blocks with every list at its longest and five tokens', () => {
    const home = renderAppHome({
      subscriptions: Array.from({ length: 30 }, (_, i) => ({
        teamId: 'T1',
        channelId: `C${i}`,
        cadence: 'daily',
        time: '09:00',
        timeZone: 'UTC',
        createdBy: 'U1',
        createdAtMs: T,
      })) as never,
      recentRuns: Array.from({ length: 20 }, (_, i) => ({
        runId: `r${i}`,
        question: `q${i}`,
        status: 'completed' as const,
        startedAtMs: T,
      })),
      status: { reachable: false, lastError: 'timeout', checkedAtMs: T },
      feedback: { positive: 1, negative: 2 },
      documents: Array.from({ length: 40 }, () => ({ type: 'divider' as const })),
      connection: { mode: 'single' },
      externalAccess: { allowed: true, mayChange: true },
      notice: 'refused',
      mcpTokens: { mayManage: true, tokens: [0, 1, 2, 3, 4].map((i) => token(i)), limit: 5 },
    });
    expect(home.blocks.length).toBeLessThanOrEqual(100);
    // Nothing cut: the last section (service status) is there.
    expect(JSON.stringify(home)).toContain('Last error: timeout');
    expect(JSON.stringify(home)).toContain(`${ACTION_IDS.homeMcpTokenRevoke}:4`);
    expect(findViewViolations(home)).toEqual([]);
  });
});
