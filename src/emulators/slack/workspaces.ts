import type { SlackChannel } from './slack-channel.js';
import type { SlackUser } from './slack-user.js';
import { workspaceSeed } from './workspace-seed.js';

/**
 * The workspaces beside the seed: a standalone one and an Enterprise Grid org with two. None has
 * the app installed until an OAuth install (or a test) adds it. Ids are fixed so tests can import them.
 */

/** The bot user and bot id an installation gets (Slack gives each installation its own). */
export interface BotIdentity {
  userId: string;
  botId: string;
}

export interface WorkspaceInfo {
  id: string;
  name: string;
  domain: string;
  enterpriseId?: string;
  /** The bot of a workspace-level installation here. */
  bot: BotIdentity;
  defaultUserId: string;
  adminUserId: string;
}

export interface EnterpriseInfo {
  id: string;
  name: string;
  domain: string;
  /** The bot of an org-wide installation: one user for every workspace of the org (a W… id, as Slack's). */
  bot: BotIdentity;
  teamIds: string[];
}

export const harborWorkspace = {
  teamId: 'T0EMUTEAM2',
  teamName: 'Harbor Capital',
  teamDomain: 'harbor-capital',
  botUserId: 'U0EMU2BOT1',
  botId: 'B0EMU2BOT1',
  userId: 'U0EMU2USR1',
  adminUserId: 'U0EMU2ADM1',
  researchChannelId: 'C0EMU2RSCH',
  marketsChannelId: 'C0EMU2MRKT',
  dmId: 'D0EMU2DM01',
} as const;

export const northwindOrg = {
  enterpriseId: 'E0EMUORG01',
  name: 'Northwind Group',
  domain: 'northwind-group',
  botUserId: 'W0EMUORGBT',
  botId: 'B0EMUORGBT',
  sharedChannelId: 'C0EMUORGSH',
  /** The org's admin (users.info `enterprise_user.is_admin`): Equities' admin. */
  orgAdminUserId: 'U0EMUOAADM',
  equities: {
    teamId: 'T0EMUORGA1',
    teamName: 'Northwind Equities',
    teamDomain: 'northwind-equities',
    botUserId: 'U0EMUOABOT',
    botId: 'B0EMUOABOT',
    userId: 'U0EMUOAUSR',
    adminUserId: 'U0EMUOAADM',
    researchChannelId: 'C0EMUOARSH',
  },
  credit: {
    teamId: 'T0EMUORGB1',
    teamName: 'Northwind Credit',
    teamDomain: 'northwind-credit',
    botUserId: 'U0EMUOBBOT',
    botId: 'B0EMUOBBOT',
    userId: 'U0EMUOBUSR',
    adminUserId: 'U0EMUOBADM',
    researchChannelId: 'C0EMUOBRSH',
  },
} as const;

/**
 * Another organisation, reached only through a Slack Connect channel shared with the seed
 * workspace. The app is not installed there and cannot be: it is not in `workspaces`.
 * @see https://docs.slack.dev/apis/slack-connect/
 */
export const externalOrg = {
  teamId: 'T0EMUEXTRN',
  teamName: 'Meridian Partners',
  teamDomain: 'meridian-partners',
  userId: 'U0EMUEXTU1',
  sharedChannelId: 'C0EMUCONNX',
} as const;

export const enterprises: readonly EnterpriseInfo[] = [
  {
    id: northwindOrg.enterpriseId,
    name: northwindOrg.name,
    domain: northwindOrg.domain,
    bot: { userId: northwindOrg.botUserId, botId: northwindOrg.botId },
    teamIds: [northwindOrg.equities.teamId, northwindOrg.credit.teamId],
  },
];

/** Every workspace, the seed first. */
export const workspaces: readonly WorkspaceInfo[] = [
  {
    id: workspaceSeed.teamId,
    name: workspaceSeed.teamName,
    domain: workspaceSeed.teamDomain,
    bot: { userId: workspaceSeed.botUserId, botId: workspaceSeed.botId },
    defaultUserId: workspaceSeed.defaultUserId,
    adminUserId: workspaceSeed.adminUserId,
  },
  {
    id: harborWorkspace.teamId,
    name: harborWorkspace.teamName,
    domain: harborWorkspace.teamDomain,
    bot: { userId: harborWorkspace.botUserId, botId: harborWorkspace.botId },
    defaultUserId: harborWorkspace.userId,
    adminUserId: harborWorkspace.adminUserId,
  },
  ...[northwindOrg.equities, northwindOrg.credit].map((w) => ({
    id: w.teamId,
    name: w.teamName,
    domain: w.teamDomain,
    enterpriseId: northwindOrg.enterpriseId,
    bot: { userId: w.botUserId, botId: w.botId },
    defaultUserId: w.userId,
    adminUserId: w.adminUserId,
  })),
];

export function findWorkspace(teamId: string | undefined): WorkspaceInfo | undefined {
  return workspaces.find((w) => w.id === teamId);
}

export function findEnterprise(enterpriseId: string | undefined): EnterpriseInfo | undefined {
  return enterprises.find((e) => e.id === enterpriseId);
}

/** A user's workspace: users without a team are the seed workspace's (as before there were several). */
export function teamOfUser(user: Pick<SlackUser, 'team_id'>): string {
  return user.team_id ?? workspaceSeed.teamId;
}

/** The workspaces a channel belongs to: its own, or every one it is shared with. */
export function teamsOfChannel(channel: Pick<SlackChannel, 'team_id' | 'shared_team_ids'>): string[] {
  return channel.shared_team_ids ?? [channel.team_id ?? workspaceSeed.teamId];
}

function person(id: string, name: string, realName: string, teamId: string, isAdmin: boolean): SlackUser {
  return { id, name, real_name: realName, is_admin: isAdmin, is_owner: false, is_bot: false, tz: 'Europe/London', team_id: teamId };
}

/** A person of a Northwind workspace: an org user, and with `orgAdmin` an admin of the org itself. */
function orgPerson(id: string, name: string, realName: string, teamId: string, isAdmin: boolean, orgAdmin = false): SlackUser {
  return {
    ...person(id, name, realName, teamId, isAdmin),
    enterprise_id: northwindOrg.enterpriseId,
    ...(orgAdmin ? { org_role: { is_admin: true, is_owner: false } } : {}),
  };
}

function bot(id: string, realName: string, teamId: string): SlackUser {
  return {
    id,
    name: 'research_desk',
    real_name: realName,
    is_admin: false,
    is_owner: false,
    is_bot: true,
    tz: 'Europe/London',
    team_id: teamId,
  };
}

export function otherWorkspaceUsers(botName: string): SlackUser[] {
  const h = harborWorkspace;
  const { equities: a, credit: b } = northwindOrg;
  return [
    person(h.userId, 'sam', 'Sam Harbor', h.teamId, false),
    person(h.adminUserId, 'harbor.admin', 'Harbor Admin', h.teamId, true),
    bot(h.botUserId, botName, h.teamId),
    orgPerson(a.userId, 'nia', 'Nia Equities', a.teamId, false),
    // The org's admin (Slack: an Org Admin) is also Equities' admin; Credit's admin is its workspace's only.
    orgPerson(a.adminUserId, 'equities.admin', 'Equities Admin', a.teamId, true, true),
    bot(a.botUserId, botName, a.teamId),
    orgPerson(b.userId, 'cole', 'Cole Credit', b.teamId, false),
    orgPerson(b.adminUserId, 'credit.admin', 'Credit Admin', b.teamId, true),
    bot(b.botUserId, botName, b.teamId),
    // The org-wide installation's bot: an org user, present in both workspaces.
    { ...bot(northwindOrg.botUserId, botName, a.teamId), enterprise_id: northwindOrg.enterpriseId },
    person(externalOrg.userId, 'riley.meridian', 'Riley Meridian', externalOrg.teamId, false),
  ];
}

export function otherWorkspaceChannels(created: number): SlackChannel[] {
  const h = harborWorkspace;
  const { equities: a, credit: b } = northwindOrg;
  const channel = (id: string, name: string, teamId: string): SlackChannel => ({
    id,
    name,
    is_im: false,
    is_private: false,
    created,
    team_id: teamId,
  });
  return [
    channel(h.researchChannelId, 'research', h.teamId),
    channel(h.marketsChannelId, 'markets', h.teamId),
    { id: h.dmId, name: h.userId, is_im: true, is_private: true, user: h.userId, created, team_id: h.teamId },
    channel(a.researchChannelId, 'research', a.teamId),
    channel(b.researchChannelId, 'research', b.teamId),
    // Shared between the org's workspaces: created in Equities, reachable from both.
    {
      ...channel(northwindOrg.sharedChannelId, 'northwind-research', a.teamId),
      shared_team_ids: [a.teamId, b.teamId],
      enterprise_id: northwindOrg.enterpriseId,
    },
    // Slack Connect: the seed workspace's channel, shared with another organisation's workspace.
    {
      ...channel(externalOrg.sharedChannelId, 'meridian-connect', workspaceSeed.teamId),
      is_ext_shared: true,
      connected_team_ids: [externalOrg.teamId],
    },
  ];
}

/**
 * The workspace that hosts a Slack Connect channel a user of another organisation is in: where
 * their events go and whose app answers them. Undefined for a user of an installable workspace.
 */
export function connectHostOf(channels: Iterable<SlackChannel>, user: Pick<SlackUser, 'team_id'>): string | undefined {
  const team = teamOfUser(user);
  if (findWorkspace(team) !== undefined) return undefined;
  for (const c of channels) if (c.is_ext_shared && c.connected_team_ids?.includes(team)) return c.team_id ?? workspaceSeed.teamId;
  return undefined;
}
