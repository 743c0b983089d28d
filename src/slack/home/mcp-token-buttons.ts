/**
 * App Home's *MCP clients* buttons. Each click is a request of its own, so whether the clicker is
 * a workspace admin or owner (homeViewer, from users.info) is checked again here: Slack shows the
 * buttons only to them, but a Home tab can be stale or a payload forged. A refusal is told at the
 * top of the Home tab, published again (a Home click has no response_url).
 */
import type { ButtonInteraction } from '../kit/button-interaction.js';
import type { HomeTarget } from '../kit/home-target.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { homeViewer } from './home-viewer.js';
import { renderMcpTokenModal } from './mcp-token-modal.js';
import { type HomeSections, publishAppHome } from './publish-app-home.js';

export const MCP_TOKENS_ADMIN_ONLY = 'Only a workspace admin or owner can create or revoke tokens for MCP clients.';

function homeTargetOf(click: ButtonInteraction): HomeTarget {
  return { client: click.client, teamId: click.workspace.teamId, userId: click.userId, log: click.log, workspace: click.workspace };
}

/**
 * The click's Home target when the clicker is an admin or owner; otherwise logs `refused`, shows
 * the tab again with the admin-only notice, and gives undefined.
 */
async function adminTargetOf(
  deps: ListenerDeps,
  click: ButtonInteraction,
  sections: HomeSections,
  refused: string,
): Promise<HomeTarget | undefined> {
  const target = homeTargetOf(click);
  if ((await homeViewer(deps, target)).isAdmin) return target;
  click.log.info(refused, { user: click.userId });
  await publishAppHome(deps, target, { notice: MCP_TOKENS_ADMIN_ONLY }, sections);
  return undefined;
}

/** Opens the form for a new token (an admin's click only). */
export const openMcpTokenModal =
  (sections: HomeSections) =>
  async (deps: ListenerDeps, click: ButtonInteraction): Promise<void> => {
    if (!(await adminTargetOf(deps, click, sections, 'MCP token form refused: not an admin of this workspace'))) return;
    if (!click.triggerId) {
      click.log.warn('MCP token button without a trigger id; form not opened');
      return;
    }
    await click.client.views.open({ trigger_id: click.triggerId, view: renderMcpTokenModal() });
  };

/** Revokes the workspace's token the button names (its public id), then shows the tab without it. */
export const revokeMcpToken =
  (sections: HomeSections) =>
  async (deps: ListenerDeps, click: ButtonInteraction): Promise<void> => {
    const target = await adminTargetOf(deps, click, sections, 'MCP token revoke refused: not an admin of this workspace');
    if (!target) return;
    // Looked up among this workspace's tokens only: another workspace's id finds nothing.
    const revoked = click.value ? await deps.stores.mcpTokens.revoke(target.teamId, click.value) : undefined;
    if (!revoked) {
      click.log.info('MCP token to revoke not found', { team: target.teamId });
      await publishAppHome(deps, target, { notice: 'That token was already revoked.' }, sections);
      return;
    }
    click.log.info('MCP token revoked by an admin', { team: target.teamId, tokenId: revoked.tokenId });
    await publishAppHome(deps, target, {}, sections);
  };
