/** Buttons of watchlists: Remove on a watch row (card or App Home) and the card's Refresh. */
import type { ListenerRegistry } from '../kit/listener-router.js';
import { ACTION_IDS, actionIdPattern } from '../blocks/action-ids.js';
import { refreshWatchList, removeWatch } from './watch-buttons.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { buttonInteraction, buttonListener, runButton, type ButtonClick } from '../kit/button-interaction.js';

export function registerWatchActions(app: ListenerRegistry, deps: ListenerDeps): void {
  app.action<ButtonClick>(actionIdPattern(ACTION_IDS.watchRemove), async (args) => {
    await args.ack();
    // A row on the Home tab arrives in a view container; on the watches card, in a message.
    const fromHome = args.body.container?.type === 'view' || args.body.view?.type === 'home';
    const click = { ...buttonInteraction(args, deps.logger), fromHome };
    await runButton(deps, click, (d) => removeWatch(d, click), { action: 'removing the watch' });
  });
  app.action<ButtonClick>(actionIdPattern(ACTION_IDS.watchList), buttonListener(deps, refreshWatchList, { action: 'listing the watches' }));
}
