/**
 * Issue 13's acceptance, end to end through the real app, the Slack emulator and the service
 * emulator, on Redis: the app is installed into two workspaces and an Enterprise Grid org through
 * the emulator's OAuth flow, each connects its own service key from App Home, runs commands and an
 * agent run; no Slack call of one goes out with another's token, no state key of one lies under
 * another's prefix; uninstalling one deletes its data and leaves the others untouched.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harborWorkspace, northwindOrg } from '../../src/emulators/slack/index.js';
import { installationKeys, workspaceKeyPrefixes, workspaceSingleKeys } from '../../src/store/keys.js';
import { eventIdFor, runIdForEvent, waitForRunEnd } from './agent-helpers.js';
import { allText, nextEphemeral, splitCommand } from './command-helpers.js';
import { eventually } from './features-helpers.js';
import { startHarness, type Harness } from './harness.js';
import { connectFromHome, installOAuth } from './multi-workspace-helpers.js';

/** One workspace as a test sees it: who uses it, where, with which service key. */
interface Desk {
  name: string;
  teamId: string;
  /** The installation: the team, or the org for the org-wide install. */
  installationId: string;
  userId: string;
  adminUserId: string;
  channelId: string;
  serviceKey: string;
}

let h: Harness;
let first: Desk;
const harbor: Desk = {
  name: 'Harbor Capital',
  teamId: harborWorkspace.teamId,
  installationId: harborWorkspace.teamId,
  userId: harborWorkspace.userId,
  adminUserId: harborWorkspace.adminUserId,
  channelId: harborWorkspace.researchChannelId,
  serviceKey: 'harbor-service-key-2222',
};
const equities: Desk = {
  name: 'Northwind Equities',
  teamId: northwindOrg.equities.teamId,
  installationId: northwindOrg.enterpriseId,
  userId: northwindOrg.equities.userId,
  adminUserId: northwindOrg.equities.adminUserId,
  channelId: northwindOrg.equities.researchChannelId,
  serviceKey: 'northwind-service-key-3333',
};
const credit: Desk = {
  ...equities,
  name: 'Northwind Credit',
  teamId: northwindOrg.credit.teamId,
  userId: northwindOrg.credit.userId,
  adminUserId: northwindOrg.credit.adminUserId,
  channelId: northwindOrg.credit.researchChannelId,
};

const homeText = (user: string) => JSON.stringify(h.slack.homeViews.get(user)?.view.blocks ?? []);

/** A slash command as a user of the desk's workspace, in its channel; the ephemeral answer. */
async function commandIn(desk: Desk, line: string) {
  return nextEphemeral(
    h,
    async () => {
      const result = await h.slack.sendCommand({ ...splitCommand(line), channel_id: desk.channelId, user_id: desk.userId });
      expect(result.outcome).toBe('acked');
    },
    { channel: desk.channelId, user: desk.userId, timeoutMs: 15_000 },
  );
}

/** The admin connects the desk's service key from App Home, as a person would. */
async function connectDesk(desk: Desk): Promise<void> {
  await connectFromHome(h, desk.adminUserId, desk.serviceKey);
}

/** A question for the agent by mention in the desk's channel; resolves once its run ended, with the run. */
async function agentRunIn(desk: Desk) {
  const { ts } = await h.slack.postMessage({
    text: `@${h.slack.botName} what drove NVDA's data center revenue?`,
    channel_id: desk.channelId,
    user_id: desk.userId,
  });
  const eventId = await h.slack.waitFor(() => {
    try {
      return eventIdFor(h, ts, 'app_mention');
    } catch {
      return undefined;
    }
  });
  const run = await waitForRunEnd(h, runIdForEvent(h, desk.channelId, eventId, desk.teamId), 30_000);
  return { run, threadTs: ts };
}

const fingerprintOf = (token: string) => createHash('sha256').update(token).digest('hex').slice(0, 8);

/** Every key of the app in the harness's Redis prefix (the store strips the prefix). */
const allKeys = () => h.store.keys('');

const ownersOf = (key: string, desks: Desk[]) =>
  desks.filter(
    (d) =>
      workspaceKeyPrefixes(d.teamId).some((p) => key.startsWith(p)) ||
      workspaceSingleKeys(d.teamId).includes(key) ||
      installationKeys(d.installationId).single.includes(key) ||
      installationKeys(d.installationId).prefixes.some((p) => key.startsWith(p)),
  );

beforeAll(async () => {
  h = await startHarness({
    store: 'redis',
    oauth: { serviceKeys: ['first-service-key-1111', harbor.serviceKey, equities.serviceKey] },
  });
  first = {
    name: 'Research Desk Playground',
    teamId: h.slack.teamId,
    installationId: h.slack.teamId,
    userId: h.slack.defaultUserId,
    adminUserId: h.slack.adminUserId,
    channelId: h.slack.defaultChannelId,
    serviceKey: 'first-service-key-1111',
  };
}, 30_000);

afterAll(async () => {
  await h?.close();
});

describe('the app installed into two workspaces and an org', () => {
  it('installs through the OAuth flow: each install ends on a page that says what to do next', async () => {
    for (const where of [{ teamId: first.teamId }, { teamId: harbor.teamId }, { enterpriseId: northwindOrg.enterpriseId }]) {
      const done = await installOAuth(h, where);
      expect(done.status).toBe(200);
      expect(done.html).toContain('Research Desk is installed in');
      expect(done.html).toContain('Connect research service');
    }
    expect(await h.desk.stores.state.keys('install:')).toEqual(
      expect.arrayContaining([`install:${first.teamId}`, `install:${harbor.teamId}`, `install:${northwindOrg.enterpriseId}`]),
    );
    // Sealed: no token in clear in the store. The pattern is a whole token's shape (the
    // emulator's `xoxb-<12 digits>-…`, `xoxe.xoxb-1-…`, `xoxe-1-…`), not a bare `xoxb`: four
    // random base64url characters of the ciphertext spell `xoxe` about once in 8,000 installs.
    for (const key of await h.desk.stores.state.keys('install:')) {
      const stored = await h.desk.stores.state.get(key);
      expect(stored).toMatch(/^v1\./);
      expect(stored).not.toMatch(/xoxb-\d{12}-|xoxe\.xoxb-1-|xoxe-1-/);
    }
  });

  it('until a workspace connects its service account, its commands say how (and who can)', async () => {
    const answer = await commandIn(harbor, '/research NVDA');
    expect(allText(answer)).toContain('has not connected Research Desk to the research service yet');
    expect(allText(answer)).toContain('Home tab');
  });

  it('each workspace (and the org once) connects its own key from App Home', async () => {
    for (const desk of [first, harbor, equities]) await connectDesk(desk);
    // The org-wide install has one connection: Northwind Credit shares it.
    await h.slack.openHome(credit.adminUserId);
    await h.slack.waitFor(
      () => (homeText(credit.adminUserId).includes(`Connected by <@${equities.adminUserId}>`) ? true : undefined),
      10_000,
    );
    for (const key of [first.serviceKey, harbor.serviceKey, equities.serviceKey]) expect(h.logs.join('\n')).not.toContain(key);
  });

  it('commands answer in every workspace, each calling the service with its own key', async () => {
    // The service emulator's accepted keys, in order: its own, then first, Harbor, Northwind.
    const keyIndexOf = (desk: Desk) => h.service.apiKeys.indexOf(desk.serviceKey);
    for (const desk of [first, harbor, equities, credit]) {
      const from = h.service.requestLog.length;
      const answer = await commandIn(desk, '/research NVDA');
      expect(allText(answer), desk.name).toContain('Research for');
      const used = new Set(h.service.requestLog.slice(from).map((entry) => entry.keyIndex));
      expect([...used], desk.name).toEqual([keyIndexOf(desk)]);
    }
    // The channel the org's two workspaces share answers a user of either, with the org's installation.
    const shared = { ...credit, channelId: northwindOrg.sharedChannelId };
    expect(allText(await commandIn(shared, '/research NVDA'))).toContain('Research for');
  });

  it('an agent run completes in every workspace, in its own thread', async () => {
    for (const desk of [first, harbor, equities]) {
      const { run, threadTs } = await agentRunIn(desk);
      expect(run.status, desk.name).toBe('completed');
      expect(run.teamId).toBe(desk.teamId);
      expect(run.runId.startsWith(`${desk.teamId}-`)).toBe(true);
      const replies = h.slack.threadReplies(desk.channelId, threadTs).filter((m) => m.bot_id !== undefined);
      expect(replies.length, desk.name).toBeGreaterThan(0);
    }
  });

  it('no Slack call of one installation went out with another’s token, nor reached another’s channels', () => {
    const channelTeams = new Map<string, string[]>();
    for (const channel of h.slack.channels()) {
      for (const team of channel.shared_team_ids ?? [channel.team_id ?? h.slack.teamId]) {
        channelTeams.set(channel.id, [...(channelTeams.get(channel.id) ?? []), team]);
      }
    }
    const installationTeams: Record<string, string[]> = {
      [first.teamId]: [first.teamId],
      [harbor.teamId]: [harbor.teamId],
      [northwindOrg.enterpriseId]: [equities.teamId, credit.teamId],
    };
    const byFingerprint = new Map<string, Set<string>>();
    const appCalls = h.slack.calls.filter((c) => c.token === 'bot' && c.tokenFingerprint !== undefined);
    expect(appCalls.length).toBeGreaterThan(20);
    for (const call of appCalls) {
      const team = call.teamId ?? '';
      byFingerprint.set(call.tokenFingerprint ?? '', new Set([...(byFingerprint.get(call.tokenFingerprint ?? '') ?? []), team]));
      const channel = typeof call.args.channel === 'string' ? call.args.channel : undefined;
      if (channel && channelTeams.has(channel)) {
        expect(
          channelTeams.get(channel)?.some((t) => installationTeams[team]?.includes(t)),
          `${call.method} in ${channel} with ${team}'s token`,
        ).toBe(true);
      }
    }
    // One token, one installation; and the emulator's seed token (the single-workspace one) was never used.
    expect(byFingerprint.size).toBeGreaterThan(0);
    for (const teams of byFingerprint.values()) expect(teams.size).toBe(1);
    expect(byFingerprint.has(fingerprintOf('xoxb-e2e-bot-token-000000'))).toBe(false);
    expect(new Set(appCalls.map((c) => c.teamId))).toEqual(new Set(Object.keys(installationTeams)));
  });

  it('no state key of one workspace lies under another’s prefix', async () => {
    const desks = [first, harbor, equities, credit];
    const keys = await allKeys();
    let owned = 0;
    for (const key of keys) {
      const owners = ownersOf(key, desks).map((d) => d.teamId);
      // The org's installation keys belong to both its workspaces: the same installation.
      const distinctInstallations = new Set(ownersOf(key, desks).map((d) => (owners.length > 1 ? d.installationId : d.teamId)));
      expect(distinctInstallations.size, key).toBeLessThanOrEqual(1);
      if (owners.length > 0) owned += 1;
      // A key naming a workspace is under that workspace's prefixes (or its org's installation).
      for (const desk of desks) {
        if (key.split(/[:-]/).includes(desk.teamId)) expect(owners, key).toContain(desk.teamId);
      }
    }
    expect(owned).toBeGreaterThan(20);
    for (const desk of desks) {
      const own = keys.filter((key) => workspaceKeyPrefixes(desk.teamId).some((p) => key.startsWith(p)));
      for (const other of desks.filter((d) => d.teamId !== desk.teamId)) {
        for (const key of own) expect(key.includes(other.teamId) || key.includes(other.channelId), `${key} of ${desk.name}`).toBe(false);
      }
    }
  });

  it('uninstalling Harbor deletes its installation, key, runs and threads; the others keep theirs and keep working', async () => {
    const durable = /^(install|service-conn|run|run-progress|thread|conv|recent-runs|org-team|team-org):/;
    const before = (await allKeys()).filter((key) => durable.test(key));
    const harborKeys = before.filter((key) => ownersOf(key, [harbor]).length > 0);
    const othersKeys = before.filter((key) => ownersOf(key, [harbor]).length === 0);
    expect(harborKeys).toEqual(expect.arrayContaining([`install:${harbor.teamId}`, `service-conn:${harbor.teamId}`]));
    expect(harborKeys.some((key) => key.startsWith(`run:${harbor.teamId}-`))).toBe(true);
    expect(harborKeys.some((key) => key.startsWith(`thread:${harbor.teamId}:`))).toBe(true);

    await h.slack.uninstallApp({ teamId: harbor.teamId });
    // eventually, not h.slack.waitFor: that one takes a synchronous check (an async one resolves at once, met or not).
    await eventually(async () => {
      const left = (await allKeys()).filter((key) => ownersOf(key, [harbor]).length > 0);
      return left.length === 0 ? true : undefined;
    }, 10_000);

    const after = new Set(await allKeys());
    expect(othersKeys.length).toBeGreaterThan(0);
    for (const key of othersKeys) expect(after.has(key), key).toBe(true);
    // Harbor can no longer use the app; the first workspace and the org still can.
    await expect(
      h.slack.sendCommand({ command: '/research', text: 'NVDA', channel_id: harbor.channelId, user_id: harbor.userId }),
    ).rejects.toThrow(/not installed/);
    expect(allText(await commandIn(first, '/research NVDA'))).toContain('Research for');
    expect(allText(await commandIn(credit, '/concepts'))).not.toContain('has not connected');
    expect(h.logs.some((line) => line.includes('workspace data deleted after uninstall'))).toBe(true);
  });
});
