/** Expand on the concepts card and on digests: the concept in full, in the card's thread. */
import type { ListenerRegistry } from '../kit/listener-router.js';
import { ACTION_IDS, actionIdPattern } from '../blocks/action-ids.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { buttonListener, type ButtonClick } from '../kit/button-interaction.js';
import { expandConcept } from './concept-buttons.js';

export function registerConceptActions(app: ListenerRegistry, deps: ListenerDeps): void {
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.conceptExpand),
    buttonListener(deps, expandConcept, { action: 'the concept details', retryAs: ACTION_IDS.conceptExpand }),
  );
}
