// The emulator's workspaces as the page uses them (GET /api/workspaces): which one a link names,
// how the switcher groups them, who acts in each and what "Remove app" removes. Pure functions.

/** The workspace a `?workspace=` id names: a T… id itself, an org's E… id its first workspace; else undefined. */
export function resolveWorkspaceId(workspaces, id) {
  if (!id) return undefined;
  return (workspaces.find((w) => w.id === id) ?? workspaces.find((w) => w.enterprise_id === id))?.id;
}

/** Groups for the switcher, in the emulator's order: standalone workspaces alone, an org's under its name. */
export function groupWorkspaces(workspaces) {
  const groups = [];
  for (const workspace of workspaces) {
    const org = workspace.enterprise_id;
    const last = groups.at(-1);
    if (org && last?.enterpriseId === org) last.workspaces.push(workspace);
    else groups.push({ enterpriseId: org, label: org ? (workspace.enterprise_name ?? org) : undefined, workspaces: [workspace] });
  }
  return groups;
}

/**
 * Who the page acts as in a workspace: the seed's default user (as before there were several), else
 * the workspace's admin, who may install the app and connect it; failing that its first person.
 */
export function defaultActingUserId({ workspaceId, seedTeamId, seedUserId, users }) {
  if (workspaceId === seedTeamId && seedUserId) return seedUserId;
  const people = users.filter((u) => !u.is_bot);
  return (people.find((u) => u.is_admin) ?? people[0])?.id;
}

/** What "Remove app" uninstalls: the org's installation when the app serves the workspace org-wide. */
export function uninstallTarget(workspace) {
  return workspace.is_enterprise_install && workspace.enterprise_id ? workspace.enterprise_id : workspace.id;
}

/** The bot user that speaks for the app in a workspace: the org-wide one (W…) for an org-wide install. */
export function workspaceBotUserId(workspace, users, fallback) {
  const bots = users.filter((u) => u.is_bot);
  const orgWide = workspace?.is_enterprise_install;
  return (bots.find((u) => u.id.startsWith('W') === Boolean(orgWide)) ?? bots[0])?.id ?? fallback;
}
