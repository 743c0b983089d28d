/**
 * Issue 28, defects 1 and 2: who manages a research-service connection, end to end through the
 * real app, the Slack emulator and the service emulator, on Redis. An org-wide installation's
 * connection is the organisation's: only an org admin or org owner (users.info
 * `enterprise_user.is_admin` / `is_owner`) may connect, change or remove it, and App Home of every
 * workspace of the org says so. A workspace's own connection is its admins' and owners'; installing
 * the app again grants nothing. Forged clicks and submissions (a view id of someone who may) are
 * refused as the buttons are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harborWorkspace, northwindOrg } from '../../src/emulators/slack/index.js';
import { ACTION_IDS, CONNECT_MODAL } from '../../src/slack/blocks/action-ids.js';
import type { WorkspaceRef } from '../../src/workspaces/workspace-ref.js';
import { eventually } from './features-helpers.js';
import { startHarness, type Harness } from './harness.js';
import { installOAuth } from './multi-workspace-helpers.js';

const ORG_KEY = 'northwind-org-key-3333';
const CREDIT_OWN_KEY = 'credit-own-account-4444';
const ORG_NEW_KEY = 'northwind-new-key-5555';
const HARBOR_KEY = 'harbor-admin-key-6666';
const HARBOR_MEMBER_KEY = 'harbor-member-key-7777';

const { equities, credit } = northwindOrg;
/** The Equities admin is also an admin of the Northwind org (the emulator's users data). */
const orgAdmin = equities.adminUserId;
const creditAdmin = credit.adminUserId;
const orgRef: WorkspaceRef = { teamId: equities.teamId, enterpriseId: northwindOrg.enterpriseId, isEnterpriseInstall: true };
const harborRef: WorkspaceRef = { teamId: harborWorkspace.teamId };

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ store: 'redis', oauth: { serviceKeys: [ORG_KEY, CREDIT_OWN_KEY, ORG_NEW_KEY, HARBOR_KEY, HARBOR_MEMBER_KEY] } });
}, 30_000);

afterAll(async () => {
  await h?.close();
});

const homeOf = (user: string) => h.slack.homeViews.get(user);
const homeText = (user: string) => JSON.stringify(homeOf(user)?.view.blocks ?? []);
const viewText = (viewId: string) => JSON.stringify(h.slack.views.get(viewId)?.view ?? {});
const keyValues = (key: string) => ({ [CONNECT_MODAL.blocks.apiKey]: { [CONNECT_MODAL.actions.apiKey]: key } });
const keyHintOf = async (ref: WorkspaceRef) => (await h.desk.workspaces.connection(ref))?.keyHint;

/** Opens the user's Home and waits until it shows the connection section's state. */
async function openHomeUntil(user: string, shows: string): Promise<string> {
  await h.slack.openHome(user);
  return h.slack.waitFor(() => (homeText(user).includes(shows) ? homeText(user) : undefined), 10_000);
}

/** Clicks Connect (or Change key) on the user's Home; the modal it opens. */
async function openConnectModal(user: string) {
  const home = homeOf(user);
  if (!home) throw new Error(`no Home for ${user}`);
  const before = new Set(h.slack.openModals(user).map((v) => v.id));
  await h.slack.clickViewAction({ view_id: home.id, action_id: ACTION_IDS.homeConnect, user_id: user });
  return h.slack.waitFor(() => h.slack.openModals(user).find((v) => !before.has(v.id)));
}

/** Connects `key` through the Home tab's modal, as the user would. */
async function connectFromHome(user: string, key: string): Promise<void> {
  const modal = await openConnectModal(user);
  await h.slack.submitView({ view_id: modal.id, user_id: user, values: keyValues(key) });
  await h.slack.waitFor(
    () => (h.slack.views.get(modal.id)?.view.callback_id === CONNECT_MODAL.connectedCallbackId ? true : undefined),
    15_000,
  );
}

/**
 * `forger` presses Disconnect on `owner`'s Home view (a payload Slack would never send them, as a
 * forger could). Resolves once the app answered either way: the forger's Home says who may, or the
 * connection is gone.
 */
async function forgeDisconnect(owner: string, forger: string, ref: WorkspaceRef, refusal: string): Promise<void> {
  const home = homeOf(owner);
  if (!home) throw new Error(`no Home for ${owner}`);
  await h.slack.clickViewAction({ view_id: home.id, action_id: ACTION_IDS.homeDisconnect, user_id: forger });
  await eventually(async () => (homeText(forger).includes(refusal) || (await keyHintOf(ref)) === undefined ? true : undefined), 15_000);
}

/** `forger` submits a connect modal `owner` opened. Resolves once the modal shows the outcome. */
async function forgeConnect(owner: string, forger: string, key: string): Promise<string> {
  const modal = await openConnectModal(owner);
  await h.slack.submitView({ view_id: modal.id, user_id: forger, values: keyValues(key) });
  return h.slack.waitFor(() => {
    const v = h.slack.views.get(modal.id)?.view;
    return v?.callback_id === CONNECT_MODAL.callbackId || v?.callback_id === CONNECT_MODAL.connectedCallbackId
      ? viewText(modal.id)
      : undefined;
  }, 15_000);
}

describe('an org-wide connection is managed by org admins only', () => {
  it('the org admin connects the org key from App Home', async () => {
    expect((await installOAuth(h, { enterpriseId: northwindOrg.enterpriseId })).status).toBe(200);
    await openHomeUntil(orgAdmin, ACTION_IDS.homeConnect);
    await connectFromHome(orgAdmin, ORG_KEY);
    expect(await keyHintOf(orgRef)).toBe('…3333');
  });

  it('App Home in every workspace of the org says the connection is the organisation’s and who connected it; only the org admin gets the buttons', async () => {
    const adminHome = await openHomeUntil(orgAdmin, `Connected by <@${orgAdmin}>`);
    expect(adminHome).toContain(ACTION_IDS.homeDisconnect);
    for (const user of [creditAdmin, credit.userId, equities.userId]) {
      const text = await openHomeUntil(user, `Connected by <@${orgAdmin}>`);
      expect(text, user).toContain('organisation');
      expect(text, user).toContain('org admins');
      expect(text, user).not.toContain(ACTION_IDS.homeConnect);
      expect(text, user).not.toContain(ACTION_IDS.homeDisconnect);
    }
  });

  it('a forged Disconnect from the Credit admin (a workspace admin, not an org admin) is refused: the key stays, their Home says who may', async () => {
    await forgeDisconnect(orgAdmin, creditAdmin, orgRef, 'org admin or org owner');
    expect(await keyHintOf(orgRef)).toBe('…3333');
    expect(homeText(creditAdmin)).toContain('org admin or org owner');
  });

  it('a forged connect submission from the Credit admin is refused in the form: the org keeps its key', async () => {
    const outcome = await forgeConnect(orgAdmin, creditAdmin, CREDIT_OWN_KEY);
    expect(outcome).toContain('org admin or org owner');
    expect(await keyHintOf(orgRef)).toBe('…3333');
    for (const key of [ORG_KEY, CREDIT_OWN_KEY]) expect(h.logs.join('\n')).not.toContain(key);
  });

  it('the org admin changes the key, then disconnects it', async () => {
    await connectFromHome(orgAdmin, ORG_NEW_KEY);
    expect(await keyHintOf(orgRef)).toBe('…5555');
    const home = await openHomeUntil(orgAdmin, 'key …5555');
    expect(home).toContain(ACTION_IDS.homeDisconnect);
    const view = homeOf(orgAdmin);
    if (!view) throw new Error('no org admin Home');
    await h.slack.clickViewAction({ view_id: view.id, action_id: ACTION_IDS.homeDisconnect, user_id: orgAdmin });
    // eventually, not h.slack.waitFor: that one takes a synchronous check (an async one resolves at once, met or not).
    await eventually(async () => ((await keyHintOf(orgRef)) === undefined ? true : undefined), 15_000);
    const credits = await openHomeUntil(creditAdmin, 'Not connected yet');
    expect(credits).toContain('org admin');
    expect(credits).not.toContain(ACTION_IDS.homeConnect);
  });
});

describe('a member who installs the app again', () => {
  const admin = harborWorkspace.adminUserId;
  const member = harborWorkspace.userId;

  it('gains nothing: no buttons, and a forged Disconnect or connect submission is refused', async () => {
    expect((await installOAuth(h, { teamId: harborWorkspace.teamId })).status).toBe(200);
    await openHomeUntil(admin, ACTION_IDS.homeConnect);
    await connectFromHome(admin, HARBOR_KEY);
    expect(await keyHintOf(harborRef)).toBe('…6666');

    // The member approves the install again: Slack makes them the installation's user.
    expect((await installOAuth(h, { teamId: harborWorkspace.teamId }, { userId: member })).status).toBe(200);
    const memberHome = await openHomeUntil(member, `Connected by <@${admin}>`);
    expect(memberHome).not.toContain(ACTION_IDS.homeConnect);
    expect(memberHome).not.toContain(ACTION_IDS.homeDisconnect);

    await openHomeUntil(admin, ACTION_IDS.homeDisconnect);
    await forgeDisconnect(admin, member, harborRef, 'workspace admin or owner');
    expect(await keyHintOf(harborRef)).toBe('…6666');
    expect(homeText(member)).toContain('workspace admin or owner');

    const outcome = await forgeConnect(admin, member, HARBOR_MEMBER_KEY);
    expect(outcome).toContain('workspace admin or owner');
    expect(await keyHintOf(harborRef)).toBe('…6666');
  });
});
