/**
 * A workspace that connects its own research-service account from App Home, through the real app,
 * its real workspace directory (OAuth installs, keys sealed in the store, each key checked with one
 * call to the service emulator) and the Slack emulator. Not connected until the connect modal sends
 * a key the service accepts: before that every command but help answers how to connect; after it
 * the service answers; Disconnect undoes it. A gate on the way to the service can hold the key
 * check open, as a slow service would, to see the modal answer before the check ends.
 */
import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResearchClient } from '../../src/service/research-client.js';
import { fastTestRetryPolicy } from '../../src/service/retry-policy.js';
import { ACTION_IDS, CONNECT_MODAL } from '../../src/slack/blocks/action-ids.js';
import { WHO_MAY_CONNECT } from '../../src/slack/home/connection-section.js';
import { allText, command } from './command-helpers.js';
import { E2E_OAUTH_SECRETS, startHarness, type Harness } from './harness.js';
import { installOAuth } from './multi-workspace-helpers.js';

const GOOD_KEY = 'sk-good-key-7f3a';
const OTHER_GOOD_KEY = 'sk-other-key-9b2c';
const BAD_KEY = 'sk-refused-key-0000';

/**
 * A slow network between the app and the service emulator: a request that arrives while the gate
 * is held waits there, then goes through unchanged once it is released.
 */
interface ServiceGate {
  url: string;
  forwardTo(url: string): void;
  /** Holds the requests that arrive from now on until the returned function is called. */
  hold(): () => void;
  close(): Promise<void>;
}

async function startServiceGate(): Promise<ServiceGate> {
  let target: URL | undefined;
  let held: Promise<void> = Promise.resolve();
  const server = createServer((req, res) => {
    void held.then(() => {
      if (!target) {
        res.writeHead(502).end();
        return;
      }
      const upstream = forward(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forwardTo: (url) => {
      target = new URL(url);
    },
    hold: () => {
      let release = (): void => undefined;
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        release();
        held = Promise.resolve();
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('connecting the research service from App Home', () => {
  let h: Harness;
  let gate: ServiceGate;
  /** The service's address as a person might type it: the deployment's own, with a trailing slash. */
  let typedBaseUrl: string;

  beforeAll(async () => {
    gate = await startServiceGate();
    typedBaseUrl = `${gate.url}/`;
    h = await startHarness({
      deliveryMode: 'http',
      // The service accepts these keys (and its own); any other is refused with 401.
      oauth: { serviceKeys: [GOOD_KEY, OTHER_GOOD_KEY] },
      // The harness's OAuth directory, with the service behind the gate and the base URL field offered.
      deskOverrides: {
        multiWorkspace: {
          encryptionKeys: [E2E_OAUTH_SECRETS.encryptionKey],
          serviceAccounts: {
            defaultBaseUrl: gate.url,
            allowCustomBaseUrl: true,
            create: (credentials) => createResearchClient({ ...credentials, retry: fastTestRetryPolicy, logger: h.logger }),
          },
        },
      },
    });
    gate.forwardTo(h.service.url);
    expect((await installOAuth(h, { teamId: h.slack.teamId })).status).toBe(200);
  });
  afterAll(async () => {
    await h?.close();
    await gate?.close();
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
  const keyValues = (key: string, baseUrl = typedBaseUrl) => ({
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
    const release = gate.hold();
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
    expect(viewText(modal.id)).toContain('did not accept this key');
    // The service URL is kept as typed (not the default it means); the key is not.
    expect(viewText(modal.id)).toContain(`"initial_value":"${typedBaseUrl}"`);
    expect(viewText(modal.id)).not.toContain(BAD_KEY);
  });

  it('a member who submits the form is told who may connect, in the form', async () => {
    const admin = h.slack.adminUserId;
    const modal = h.slack.openModals(admin).at(-1);
    if (!modal) throw new Error('no open connect modal');
    const release = gate.hold();
    const submitted = await h.slack.submitView({ view_id: modal.id, values: keyValues(GOOD_KEY), user_id: h.slack.defaultUserId });
    expect(submitted.viewAction).toBe('update');
    release();
    await h.slack.waitFor(() => (viewText(modal.id).includes('Only a workspace admin or owner') ? true : undefined));
    expect(await h.desk.workspaces.connection({ teamId: h.slack.teamId })).toBeUndefined();
  });

  it('the good key: the modal says it is checking, then Connected ✓, and Home shows the connection', async () => {
    const admin = h.slack.adminUserId;
    const modal = h.slack.openModals(admin).at(-1);
    if (!modal) throw new Error('no open connect modal');
    const release = gate.hold();
    const ok = await h.slack.submitView({ view_id: modal.id, values: keyValues(`  ${GOOD_KEY}  `), user_id: admin });
    expect(ok.viewAction).toBe('update');
    expect(viewText(modal.id)).toContain('Checking the key');
    expect(homeText(admin)).not.toContain('key …7f3a');
    release();

    await h.slack.waitFor(() => (h.slack.views.get(modal.id)?.view.callback_id === CONNECT_MODAL.connectedCallbackId ? true : undefined));
    expect(viewText(modal.id)).toContain('Connected ✓');
    expect(viewText(modal.id)).toContain(gate.url);
    await h.slack.waitFor(() => (homeText(admin).includes(`Connected by <@${admin}>`) ? true : undefined));
    expect(homeText(admin)).toContain('key …7f3a');
    expect(homeText(admin)).toContain(ACTION_IDS.homeDisconnect);
  });

  it('a modal closed while its key is checked: the key is saved all the same, logged at info, and Home shows it', async () => {
    const admin = h.slack.adminUserId;
    const modal = await openConnectModal(admin);
    expect(modal.view.title).toMatchObject({ text: 'Change the key' });
    const release = gate.hold();
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
