/**
 * App Home: the Home tab published on open (the Messages tab is the agent view, set up through the
 * hooks), its Refresh, and connecting the workspace's research-service account (buttons and modal).
 * Rows of other features shown there (digests, watches) render from src/slack/kit/cards/; their
 * buttons belong to those slices.
 */
import { ACTION_IDS, actionIdPattern } from '../blocks/action-ids.js';
import { buttonListener, type ButtonClick } from '../kit/button-interaction.js';
import type { FeatureHooks, RegisterSlice } from '../kit/feature-hooks.js';
import { appHomeOpened } from './app-home-opened.js';
import { registerConnectViews } from './connect-modal-submit.js';
import { disconnectService, openConnectModal } from './connection-buttons.js';
import { changeExternalAccess } from './external-access-button.js';
import { openMcpTokenModal, revokeMcpToken } from './mcp-token-buttons.js';
import { registerMcpTokenViews } from './mcp-token-submit.js';
import { publishAppHome } from './publish-app-home.js';
import { refreshHome } from './refresh-home.js';

export const registerHome: RegisterSlice = (app, deps, hooks) => {
  app.event('app_home_opened', appHomeOpened(deps, hooks));
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.homeRefresh),
    buttonListener(deps, refreshHome(hooks), { action: 'refreshing the Home tab' }),
  );
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.homeConnect),
    buttonListener(deps, openConnectModal, { action: 'opening the connect form' }),
  );
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.homeDisconnect),
    buttonListener(deps, disconnectService(hooks), { action: 'disconnecting the research service' }),
  );
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.homeExternalAccess),
    buttonListener(deps, changeExternalAccess(hooks), { action: 'changing access for other organisations' }),
  );
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.homeMcpTokenCreate),
    buttonListener(deps, openMcpTokenModal(hooks), { action: 'opening the MCP token form' }),
  );
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.homeMcpTokenRevoke),
    buttonListener(deps, revokeMcpToken(hooks), { action: 'revoking the MCP token' }),
  );
  registerConnectViews(app, deps, hooks);
  registerMcpTokenViews(app, deps, hooks);
};

/**
 * What the home slice offers the others (wired in src/slack/register-listeners.ts). `publishHome`
 * takes the sections other slices render as a fourth argument: the composition root passes them.
 */
export const homeHooks = { publishHome: publishAppHome } satisfies Pick<FeatureHooks, 'publishHome'>;
