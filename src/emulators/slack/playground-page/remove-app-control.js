// "Remove Research Desk…" in the workspace menu of an installed workspace other than the seed: after
// a confirmation, an admin's uninstall (POST /api/workspaces/:id/uninstall) as from Slack's app
// settings; the emulator then tells the app (tokens_revoked, app_uninstalled).
// @see https://docs.slack.dev/reference/events/app_uninstalled

import { failureReason } from './api.js';
import { askConfirm } from './menu.js';
import { uninstallTarget } from './workspaces.js';

function confirmFor(workspace, orgWide) {
  const where = orgWide ? `every workspace of ${workspace.enterprise_name ?? workspace.enterprise_id}` : workspace.name;
  return {
    title: { type: 'plain_text', text: 'Remove Research Desk?' },
    text: {
      type: 'plain_text',
      text: `Research Desk is removed from ${where}: its tokens stop working and it forgets this installation. You can add it again later.`,
    },
    confirm: { type: 'plain_text', text: 'Remove' },
    deny: { type: 'plain_text', text: 'Cancel' },
    style: 'danger',
  };
}

/** The menu item, or null where there is nothing to remove (not installed, or the seed workspace). */
export function removeAppMenuItem({ workspace, seedTeamId, api, toast }) {
  if (!workspace?.installed || workspace.id === seedTeamId) return null;
  const target = uninstallTarget(workspace);
  return {
    label: 'Remove Research Desk…',
    hint: target === workspace.id ? workspace.name : (workspace.enterprise_name ?? target),
    danger: true,
    onSelect: async () => {
      if (!(await askConfirm(confirmFor(workspace, target !== workspace.id), (t) => t.text))) return;
      const result = await api.uninstall(target);
      // The emulator's app_uninstalled change refreshes the page's workspaces (app.js).
      toast(
        result.ok ? `Research Desk was removed from ${workspace.name}.` : `Remove failed: ${failureReason(result)}`,
        result.ok ? 'info' : 'error',
      );
    },
  };
}
