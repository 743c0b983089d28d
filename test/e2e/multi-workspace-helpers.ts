/**
 * Installing the app the way a browser does, over real HTTP: the app's /slack/install page (which
 * sets the OAuth state cookie), the Slack emulator's approval (Allow or Cancel), then the app's
 * /slack/oauth_redirect with the cookie. For harnesses started with `oauth` (harness.ts).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { preparePlaygroundInstalls } from '../../src/playground/playground-installs.js';
import { ACTION_IDS, CONNECT_MODAL } from '../../src/slack/blocks/action-ids.js';
import { E2E_OAUTH_SECRETS, E2E_SECRETS, type Harness } from './harness.js';

export interface InstallOutcome {
  status: number;
  html: string;
}

type Where = { teamId: string } | { enterpriseId: string };

/** Runs the whole install flow for a workspace (or an org, org-wide) and returns the app's last page. */
export async function installOAuth(
  h: Pick<Harness, 'desk' | 'slack'>,
  where: Where,
  options: { deny?: boolean; userId?: string } = {},
): Promise<InstallOutcome> {
  const appUrl = `http://127.0.0.1:${h.desk.port}`;
  const start = await fetch(`${appUrl}/slack/install`);
  const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const authorizeUrl = /id="add-to-slack" href="([^"]+)"/.exec(await start.text())?.[1]?.replaceAll('&amp;', '&');
  if (!authorizeUrl) throw new Error('the install page has no Add to Slack link');
  const location = await h.slack.approveInstall({
    authorizeUrl,
    ...where,
    ...(options.deny ? { deny: true } : {}),
    // Who approves on Slack's page: the workspace's admin unless a test names someone else.
    ...(options.userId ? { userId: options.userId } : {}),
  });
  const done = await fetch(location, { headers: { cookie } });
  return { status: done.status, html: await done.text() };
}

/**
 * The playground's first workspace (T0EMUTEAM1): installed with the harness's bot token and
 * connected to the service emulator at start, as `npm start` does it (playground-installs.ts).
 */
export async function seedFirstWorkspace(h: Pick<Harness, 'slack' | 'store' | 'service' | 'desk'>): Promise<void> {
  const installs = await preparePlaygroundInstalls({
    slack: h.slack,
    store: h.store,
    dir: await mkdtemp(path.join(tmpdir(), 'rd-playground-installs-')),
    botToken: E2E_SECRETS.botToken,
    demoApiKey: h.service.apiKey,
    encryptionKeys: [E2E_OAUTH_SECRETS.encryptionKey],
    publicUrl: h.slack.url,
  });
  await installs.seedFirstWorkspace();
  installs.appStarted(`http://127.0.0.1:${h.desk.port}`);
}

/** An admin connects the workspace's (or org's) service key from App Home, as a person would. */
export async function connectFromHome(h: Pick<Harness, 'slack'>, admin: string, serviceKey: string): Promise<void> {
  const homeText = () => JSON.stringify(h.slack.homeViews.get(admin)?.view.blocks ?? []);
  await h.slack.openHome(admin);
  const home = await h.slack.waitFor(
    () => (homeText().includes(ACTION_IDS.homeConnect) ? h.slack.homeViews.get(admin) : undefined),
    10_000,
  );
  const opened = h.slack.openModals(admin).length;
  await h.slack.clickViewAction({ view_id: home.id, action_id: ACTION_IDS.homeConnect, user_id: admin });
  const modal = await h.slack.waitFor(() => (h.slack.openModals(admin).length > opened ? h.slack.openModals(admin).at(-1) : undefined));
  await h.slack.submitView({
    view_id: modal.id,
    user_id: admin,
    values: { [CONNECT_MODAL.blocks.apiKey]: { [CONNECT_MODAL.actions.apiKey]: serviceKey } },
  });
  await h.slack.waitFor(() => (homeText().includes(`Connected by <@${admin}>`) ? true : undefined), 15_000);
}
