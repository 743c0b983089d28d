/**
 * The tenants of the fence suite: the app installed through the emulator's OAuth into the seed
 * workspace, Harbor Capital and the Northwind org (Equities and Credit, one org-wide install),
 * each connecting its own service key from App Home as an admin would. People are named by the
 * role they play against an owner: a member or an admin of another workspace, of the org's other
 * workspace, or another member of the owner's own workspace.
 */
import { harborWorkspace, northwindOrg, workspaceSeed } from '../../../src/emulators/slack/index.js';
import { eventIdFor, runIdForEvent, waitForRunEnd } from '../agent-helpers.js';
import { nextEphemeral, splitCommand } from '../command-helpers.js';
import { startHarness, type Harness } from '../harness.js';
import { connectFromHome, installOAuth } from '../multi-workspace-helpers.js';

export interface Person {
  /** Who they are, for test names. */
  name: string;
  teamId: string;
  userId: string;
  /** Their workspace's #research, where they type. */
  channelId: string;
  isAdmin: boolean;
}

export interface Workspace {
  name: string;
  teamId: string;
  enterpriseId?: string;
  member: Person;
  admin: Person;
  channelId: string;
  serviceKey?: string;
}

function workspace(w: Omit<Workspace, 'member' | 'admin'>, memberId: string, adminId: string): Workspace {
  const person = (userId: string, isAdmin: boolean): Person => ({
    name: `${w.name} ${isAdmin ? 'admin' : 'member'}`,
    teamId: w.teamId,
    userId,
    channelId: w.channelId,
    isAdmin,
  });
  return { ...w, member: person(memberId, false), admin: person(adminId, true) };
}

export const harbor = workspace(
  {
    name: 'Harbor Capital',
    teamId: harborWorkspace.teamId,
    channelId: harborWorkspace.researchChannelId,
    serviceKey: 'tenant-harbor-key-2222',
  },
  harborWorkspace.userId,
  harborWorkspace.adminUserId,
);
export const equities = workspace(
  {
    name: 'Northwind Equities',
    teamId: northwindOrg.equities.teamId,
    enterpriseId: northwindOrg.enterpriseId,
    channelId: northwindOrg.equities.researchChannelId,
    serviceKey: 'tenant-northwind-key-3333',
  },
  northwindOrg.equities.userId,
  northwindOrg.equities.adminUserId,
);
/** The org's other workspace: the org-wide install's one connection serves it, so it has no key of its own. */
export const credit = workspace(
  {
    name: 'Northwind Credit',
    teamId: northwindOrg.credit.teamId,
    enterpriseId: northwindOrg.enterpriseId,
    channelId: northwindOrg.credit.researchChannelId,
  },
  northwindOrg.credit.userId,
  northwindOrg.credit.adminUserId,
);

/** The playground's first workspace, installed through OAuth like the others here. */
export const seed = workspace(
  {
    name: 'Research Desk Playground',
    teamId: workspaceSeed.teamId,
    channelId: workspaceSeed.defaultChannelId,
    serviceKey: 'tenant-seed-key-1111',
  },
  workspaceSeed.defaultUserId,
  workspaceSeed.adminUserId,
);

/** The admin connects the workspace's service key from App Home, as a person would. */
async function connectWorkspace(h: Harness, w: Workspace): Promise<void> {
  await connectFromHome(h, w.admin.userId, w.serviceKey ?? '');
}

/** Starts the app on Redis and installs and connects every workspace. */
export async function startTenantWorld(): Promise<Harness> {
  const h = await startHarness({
    store: 'redis',
    oauth: { serviceKeys: [seed.serviceKey ?? '', harbor.serviceKey ?? '', equities.serviceKey ?? ''] },
  });
  for (const where of [{ teamId: seed.teamId }, { teamId: harbor.teamId }, { enterpriseId: northwindOrg.enterpriseId }]) {
    const done = await installOAuth(h, where);
    if (done.status !== 200) throw new Error(`install of ${JSON.stringify(where)} answered ${done.status}`);
  }
  for (const w of [seed, harbor, equities]) await connectWorkspace(h, w);
  return h;
}

/** A slash command typed by `who` (in their #research unless `channelId`); the ephemeral answer. */
export async function commandAs(h: Harness, who: Person, line: string, channelId = who.channelId) {
  return nextEphemeral(
    h,
    async () => {
      const result = await h.slack.sendCommand({ ...splitCommand(line), channel_id: channelId, user_id: who.userId });
      if (result.outcome !== 'acked') throw new Error(`${line} was not acked: ${result.outcome}`);
    },
    { channel: channelId, user: who.userId, timeoutMs: 20_000 },
  );
}

/** `who` asks the agent by mention; resolves with the ended run. */
export async function agentRunBy(h: Harness, who: Person, question: string) {
  const { ts } = await h.slack.postMessage({ text: `@${h.slack.botName} ${question}`, channel_id: who.channelId, user_id: who.userId });
  const eventId = await h.slack.waitFor(() => {
    try {
      return eventIdFor(h, ts, 'app_mention');
    } catch {
      return undefined;
    }
  });
  return waitForRunEnd(h, runIdForEvent(h, who.channelId, eventId, who.teamId), 60_000);
}
