/** "Share in channel" on a data card's own button row (card-actions.ts). */
import { ACTION_IDS, actionIdPattern } from '../../blocks/action-ids.js';
import type { ListenerRegistry } from '../listener-router.js';
import type { ListenerDeps } from '../listener-deps.js';
import { buttonListener, type ButtonClick } from '../button-interaction.js';
import { shareCard } from './share-card.js';

export function registerCardShareActions(app: ListenerRegistry, deps: ListenerDeps): void {
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.cardShare),
    buttonListener(deps, shareCard, { action: 'sharing the card', retryAs: ACTION_IDS.cardShare }),
  );
}
