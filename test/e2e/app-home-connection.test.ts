/**
 * A workspace that connects its own research-service account from App Home, through the real app
 * and the Slack emulator. The directory is a small test double (multi mode) over the single-team
 * one: not connected until the connect modal sends a good key. Before that every command but
 * help answers how to connect; after it the service answers; Disconnect undoes it. The double's
 * key check can be held open, as a slow service would, to see the modal answer before it ends.
 */
import type { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResearchService } from '../../src/service/types.js';
import { ACTION_IDS, CONNECT_MODAL } from '../../src/slack/blocks/action-ids.js';
import { WHO_MAY_CONNECT } from '../../src/slack/home/connection-section.js';
import { createSingleWorkspace } from '../../src/workspaces/single-workspace.js';
import { ConnectionNotPermittedError, ConnectionRejectedError, WorkspaceNotConnectedError } from '../../src/workspaces/workspace-errors.js';
import type { ConnectionSummary, Workspaces } from '../../src/workspaces/workspaces.js';
import { allText, command } from './command-helpers.js';
import { startHarness, type Harness } from './harness.js';

const GOOD_KEY = 'sk-good-key-7f3a';
const OTHER_GOOD_KEY = 'sk-other-key-9b2c';
const BAD_KEY = 'sk-refused-key-0000';
const TYPED_BASE_URL = 'https://research.mine.example';

interface TestDirectory {
  workspaces: Workspaces;
  /** The service and client behind the double, set once the harness has them. */
  use(service: ResearchService, client: WebClient): void;
  /** Holds the next checks (who may connect, then the key) open until the returned function is called. */
  holdChecks(): () => void;
}

/** Multi mode over the single-team directory: a connection exists only after connect() with a good key. */
function buildTestDirectory(): TestDirectory {
  let service: ResearchService | undefined;
  let client: WebClient | undefined;
  let connection: ConnectionSummary | undefined;
  let held: Promise<void> = Promise.resolve();
  const base = createSingleWorkspace({ service: {} as ResearchService, client: {} as WebClient, baseUrl: 'unused', startedAtMs: 0 });
  const workspaces: Workspaces = {
    ...base,
    mode: 'multi',
    allowCustomBaseUrl: true,
    defaultBaseUrl: 'https://service.example',
    service: async (ref) => {
      if (!connection || !service) throw new WorkspaceNotConnectedError(ref.teamId);
      return service;
    },
    slackClient: async () => client as WebClient,
    connection: async () => connection,
    connectionRights: async (_ref, actor) => ({ owner: 'workspace', mayManage: actor.workspaceAdmin }),
    connect: async (_ref, request) => {
      await held;
      // As the real directory: who connects first, then the key.
      if (!request.by.workspaceAdmin) throw new ConnectionNotPermittedError();
      if (request.apiKey !== GOOD_KEY && request.apiKey !== OTHER_GOOD_KEY) {
        throw new ConnectionRejectedError('api_key', 'The research service refused this key.');
      }
      connection = {
        connectedBy: request.by.id,
        connectedAtMs: Date.UTC(2026, 10, 20),
        keyHint: `…${request.apiKey.slice(-4)}`,
        baseUrl: request.baseUrl ?? 'https://service.example',
      };
      return connection;
    },
    disconnect: async (_ref, by) => {
      if (!by.workspaceAdmin) throw new ConnectionNotPermittedError();
      connection = undefined;
    },
  };
  return {
    workspaces,
    use: (s, c) => {
      service = s;
      client = c;
    },
    holdChecks: () => {
      let release = (): void => undefined;
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        release();
        held = Promise.resolve();
      };
    },
  };
}

describe('connecting the research service from App Home', () => {
  let h: Harness;
  const directory = buildTestDirectory();

  beforeAll(async () => {
    h = await startHarness({ deliveryMode: 'http', deskOverrides: { workspaces: directory.workspaces } });
    directory.use(h.client, {} as WebClient);
  });
  afterAll(async () => {
    await h?.close();
  });

  const homeOf = (user: string) => h.slack.homeViews.get(user);
  const homeText = (user: string) => JSON.stringify(homeOf(user)?.view.blocks ?? []);

  it('before connecting: commands say how to connect, help still works', async () => {
    const search = await command(h, '/research NVDA data center');
    expect(allText(search)).toContain('has not connected Research Desk to the research service yet');
    expect(allText(search)).toContain(':electric_plug:');
    expect(allText(search)).not.toContain('Retry');
    const concepts = await command(h, '/concepts');
    expect(allText(concepts)).toContain('Connect research service');
    const help = await command(h, '/research help');
    expect(allText(help)).not.toContain('has not connected');
  });

  it('a member reads who can connect; an admin gets the Connect button', async () => {
    await h.slack.openHome(h.slack.defaultUserId);
    await h.slack.waitFor(() => (homeText(h.slack.defaultUserId).includes(WHO_MAY_CONNECT) ? true : undefined));
    expect(homeText(h.slack.defaultUserId)).not.toContain(ACTION_IDS.homeConnect);
    await h.slack.openHome(h.slack.adminUserId);
    await h.slack.waitFor(() => (homeText(h.slack.adminUserId).includes(ACTION_IDS.homeConnect) ? true : undefined));
  });

  const viewText = (viewId: string) => JSON.stringify(h.slack.views.get(viewId)?.view ?? {});
  const keyValues = (key: string, baseUrl = TYPED_BASE_URL) => ({
    [CONNECT_MODAL.blocks.apiKey]: { [CONNECT_MODAL.actions.apiKey]: key },
    [CONNECT_MODAL.blocks.baseUrl]: { [CONNECT_MODAL.actions.baseUrl]: baseUrl },
  });

  /** Clicks the Home tab's Connect (or Change key) button and returns the modal it opens. */
  async function openConnectModal(user: string) {
    const home = homeOf(user);
    if (!home) throw new Error(`no Home for ${user}`);
    const before = new Set(h.slack.openModals(user).map((v) => v.id));
    await h.slack.clickViewAction({ view_id: home.id, action_id: ACTION_IDS.homeConnect, user_id: user });
    // views.open replaces a modal still open (the last one's "Connected ✓"): a new id, not a longer stack.
    const modal = await h.slack.waitFor(() => h.slack.openModals(user).find((v) => !before.has(v.id)));
    expect(modal.view.callback_id).toBe(CONNECT_MODAL.callbackId);
    return modal;
  }

  it('the connect modal: an empty key stays with a field error; a refused key answers at once, then shows the form again with the error', async () => {
    const admin = h.slack.adminUserId;
    const modal = await openConnectModal(admin);

    const empty = await h.slack.submitView({ view_id: modal.id, values: keyValues('   '), user_id: admin });
    expect(empty.viewAction).toBe('errors');
    expect(Object.keys(h.slack.views.get(modal.id)?.errors ?? {})).toEqual([CONNECT_MODAL.blocks.apiKey]);

    // A slow service: the submission is answered with the "checking" view before the check ends.
    const release = directory.holdChecks();
    const refused = await h.slack.submitView({ view_id: modal.id, values: keyValues(BAD_KEY), user_id: admin });
    expect(refused.viewAction).toBe('update');
    expect(h.slack.views.get(modal.id)?.view.callback_id).toBe(CONNECT_MODAL.checkingCallbackId);
    expect(h.slack.views.get(modal.id)?.view.submit).toBeUndefined();
    expect(viewText(modal.id)).toContain('Checking the key');
    release();

    const form = await h.slack.waitFor(() => {
      const v = h.slack.views.get(modal.id);
      return v?.view.callback_id === CONNECT_MODAL.callbackId ? v : undefined;
    });
    expect(form.open).toBe(true);
    expect(viewText(modal.id)).toContain('refused this key');
    // The typed service URL is kept; the key is not.
    expect(viewText(modal.id)).toContain(`"initial_value":"${TYPED_BASE_URL}"`);
    expect(viewText(modal.id)).not.toContain(BAD_KEY);
  });

  it('a member who submits the form is told who may connect, in the form', async () => {
    const admin = h.slack.adminUserId;
    const modal = h.slack.openModals(admin).at(-1);
    if (!modal) throw new Error('no open connect modal');
    const release = directory.holdChecks();
    const submitted = await h.slack.submitView({ view_id: modal.id, values: keyValues(GOOD_KEY), user_id: h.slack.defaultUserId });
    expect(submitted.viewAction).toBe('update');
    release();
    await h.slack.waitFor(() => (viewText(modal.id).includes('Only a workspace admin or owner') ? true : undefined));
    expect(await directory.workspaces.connection({ teamId: h.slack.teamId })).toBeUndefined();
  });

  it('the good key: the modal says it is checking, then Connected ✓, and Home shows the connection', async () => {
    const admin = h.slack.adminUserId;
    const modal = h.slack.openModals(admin).at(-1);
    if (!modal) throw new Error('no open connect modal');
    const release = directory.holdChecks();
    const ok = await h.slack.submitView({ view_id: modal.id, values: keyValues(`  ${GOOD_KEY}  `), user_id: admin });
    expect(ok.viewAction).toBe('update');
    expect(viewText(modal.id)).toContain('Checking the key');
    expect(homeText(admin)).not.toContain('key …7f3a');
    release();

    await h.slack.waitFor(() => (h.slack.views.get(modal.id)?.view.callback_id === CONNECT_MODAL.connectedCallbackId ? true : undefined));
    expect(viewText(modal.id)).toContain('Connected ✓');
    expect(viewText(modal.id)).toContain(TYPED_BASE_URL);
    await h.slack.waitFor(() => (homeText(admin).includes(`Connected by <@${admin}>`) ? true : undefined));
    expect(homeText(admin)).toContain('key …7f3a');
    expect(homeText(admin)).toContain(ACTION_IDS.homeDisconnect);
  });

  it('a modal closed while its key is checked: the key is saved all the same, logged at info, and Home shows it', async () => {
    const admin = h.slack.adminUserId;
    const modal = await openConnectModal(admin);
    expect(modal.view.title).toMatchObject({ text: 'Change the key' });
    const release = directory.holdChecks();
    expect((await h.slack.submitView({ view_id: modal.id, values: keyValues(OTHER_GOOD_KEY), user_id: admin })).viewAction).toBe('update');
    await h.slack.closeView({ view_id: modal.id, user_id: admin });
    const updatesBefore = h.slack.calls.filter((c) => c.method === 'views.update').length;
    release();

    await h.slack.waitFor(() => (homeText(admin).includes('key …9b2c') ? true : undefined));
    // The app tried to show the outcome; Slack (the emulator) answered not_found for the closed view.
    const update = h.slack.calls.filter((c) => c.method === 'views.update').slice(updatesBefore);
    expect(update).toMatchObject([{ ok: false, error: 'not_found', args: { view_id: modal.id } }]);
    const closedLine = h.logs.find((l) => l.includes('connect modal closed before the key check finished'));
    expect(closedLine).toContain('"level":"info"');

    // The keys typed never come back: not in a log line, not in a view.
    for (const key of [GOOD_KEY, OTHER_GOOD_KEY, BAD_KEY]) {
      expect(h.logs.join('\n')).not.toContain(key);
      expect(homeText(admin)).not.toContain(key);
      expect(JSON.stringify([...h.slack.views.values()].map((v) => v.view))).not.toContain(key);
    }
  });

  it('once connected the service answers; Disconnect (admin) makes commands say how to connect again', async () => {
    const search = await command(h, '/research NVDA data center');
    expect(allText(search)).not.toContain('has not connected');

    const admin = h.slack.adminUserId;
    const home = homeOf(admin);
    if (!home) throw new Error('no admin Home');
    await h.slack.clickViewAction({ view_id: home.id, action_id: ACTION_IDS.homeDisconnect, user_id: admin });
    await h.slack.waitFor(() => (homeText(admin).includes('Not connected yet') ? true : undefined));
    const after = await command(h, '/financials US:NVDA balance');
    expect(allText(after)).toContain('has not connected Research Desk to the research service yet');
  });
});
