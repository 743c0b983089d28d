/**
 * Watchlists: `/research watch …` and `/research watches` (parsed by the research slice, answered
 * here through its hooks), Remove on a watch row (card or App Home), the card's Refresh, and
 * Slack's message_metadata_posted for alerts.
 */
import { ACTION_IDS, actionIdPattern } from '../blocks/action-ids.js';
import { buttonInteraction, buttonListener, runButton, type ButtonClick } from '../kit/button-interaction.js';
import type { FeatureHooks, RegisterSlice } from '../kit/feature-hooks.js';
import { metadataPostedListener } from '../kit/posting/pushed-metadata.js';
import { recordPushedAlert } from './record-pushed-alert.js';
import { handleListWatches, handleWatch } from './watch-commands.js';
import { refreshWatchList, removeWatch } from './watch-buttons.js';

export const registerWatch: RegisterSlice = (app, deps, hooks) => {
  app.action<ButtonClick>(actionIdPattern(ACTION_IDS.watchRemove), async (args) => {
    await args.ack();
    // A row on the Home tab arrives in a view container; on the watches card, in a message.
    const fromHome = args.body.container?.type === 'view' || args.body.view?.type === 'home';
    const click = { ...buttonInteraction(args, deps.logger), fromHome };
    await runButton(deps, click, (d) => removeWatch(d, click, hooks), { action: 'removing the watch' });
  });
  app.action<ButtonClick>(actionIdPattern(ACTION_IDS.watchList), buttonListener(deps, refreshWatchList, { action: 'listing the watches' }));
  // Slack's push of a posted alert's metadata: its ts settles an alert left pending by a crash.
  app.event(
    'message_metadata_posted',
    metadataPostedListener((pushed) => recordPushedAlert(deps, pushed)),
  );
};

/** The `/research` subcommands this slice answers. */
export const watchHooks = {
  watch: handleWatch,
  watches: handleListWatches,
} satisfies Pick<FeatureHooks['research'], 'watch' | 'watches'>;
