/**
 * Buttons of the features: the folder-delete confirmation, digest subscription rows (App Home
 * and the subscriptions card), the Home tab's Refresh and its research-service connection
 * buttons. Concept Expand on a digest is the concepts card's own button (concept-actions.ts);
 * Home's financials form is financials-actions.ts.
 */
import type { Middleware, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { ListenerRegistry } from '../kit/listener-router.js';
import { ACTION_IDS, actionIdPattern } from '../blocks/action-ids.js';
import { cancelFolderDelete, confirmFolderDelete } from '../folders/folder-delete-buttons.js';
import { changeSubscription, refreshHome, type SubscriptionChange } from '../concepts/digest/subscription-buttons.js';
import { disconnectService, openConnectModal } from './connection-buttons.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { buttonInteraction, buttonListener, runButton, type ButtonClick } from '../kit/button-interaction.js';

export function registerFeatureActions(app: ListenerRegistry, deps: ListenerDeps): void {
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.folderDeleteConfirm),
    buttonListener(deps, confirmFolderDelete, { action: 'deleting the folder' }),
  );
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.folderDeleteCancel),
    buttonListener(deps, cancelFolderDelete, { action: 'cancelling the folder deletion' }),
  );
  app.action<ButtonClick>(actionIdPattern(ACTION_IDS.subscriptionPause), subscriptionListener(deps, 'pause'));
  app.action<ButtonClick>(actionIdPattern(ACTION_IDS.subscriptionResume), subscriptionListener(deps, 'resume'));
  app.action<ButtonClick>(actionIdPattern(ACTION_IDS.subscriptionRemove), subscriptionListener(deps, 'remove'));
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.homeRefresh),
    buttonListener(deps, refreshHome, { action: 'refreshing the Home tab' }),
  );
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.homeConnect),
    buttonListener(deps, openConnectModal, { action: 'opening the connect form' }),
  );
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.homeDisconnect),
    buttonListener(deps, disconnectService, { action: 'disconnecting the research service' }),
  );
}

const CHANGE_WORDS: Record<SubscriptionChange, string> = {
  pause: 'pausing the digest',
  resume: 'resuming the digest',
  remove: 'removing the digest',
};

function subscriptionListener(deps: ListenerDeps, change: SubscriptionChange): Middleware<SlackActionMiddlewareArgs<ButtonClick>> {
  return async (args) => {
    await args.ack();
    // A row on the Home tab arrives in a view container; on the subscriptions card, in a message.
    const fromHome = args.body.container?.type === 'view' || args.body.view?.type === 'home';
    const click = { ...buttonInteraction(args, deps.logger), fromHome };
    await runButton(deps, click, (d) => changeSubscription(d, click, change), { action: CHANGE_WORDS[change] });
  };
}
