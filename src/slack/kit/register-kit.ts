/**
 * What the kit itself listens to: the events dedupe (first, so no slice sees a redelivery), the
 * admin's switch for users of other organisations (external-access-middleware.ts), Retry on
 * any error card and Share in channel on any data card. Both ask the hooks for the slice that owns
 * the command or button.
 */
import { ACTION_IDS, actionIdPattern } from '../blocks/action-ids.js';
import { buttonListener, type ButtonClick } from './button-interaction.js';
import { dedupeEventsMiddleware } from './dedupe-events-middleware.js';
import { externalAccessMiddleware } from './external-access-middleware.js';
import { messageShortcutFence } from './message-shortcut-fence.js';
import type { RegisterSlice } from './feature-hooks.js';
import { retryClick } from './retry-button.js';
import { shareCard } from './share/share-card.js';

export const registerKit: RegisterSlice = (app, deps, hooks) => {
  app.use(dedupeEventsMiddleware(deps));
  app.use(externalAccessMiddleware(deps));
  app.use(messageShortcutFence(deps));
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.errorRetry),
    buttonListener(deps, (d, click) => retryClick(d, click, hooks), { action: 'the retry' }),
  );
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.cardShare),
    buttonListener(deps, (d, click) => shareCard(d, click, hooks), { action: 'sharing the card', retryAs: ACTION_IDS.cardShare }),
  );
};
