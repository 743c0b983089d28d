/**
 * Buttons of search and passage cards (Summary, Key passages, Prev/Next, Share in channel, Open)
 * and the Retry button of error cards. "Ask the agent" belongs to the agent's actions.
 */
import type { ListenerRegistry } from '../kit/listener-router.js';
import { ACTION_IDS, actionIdPattern } from '../blocks/action-ids.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { buttonListener, type ButtonClick } from '../kit/button-interaction.js';
import { retryClick } from '../kit/retry-button.js';
import { shareSearch, showKeyPassages, showSummary, turnSearchPage } from './search-buttons.js';

/** Each search-card button: its handler and how a failure names what the user asked for. */
const SEARCH_BUTTONS = [
  { id: ACTION_IDS.searchSummary, handler: showSummary, action: 'the summary' },
  { id: ACTION_IDS.searchPassages, handler: showKeyPassages, action: 'the key passages' },
  { id: ACTION_IDS.searchPrev, handler: turnSearchPage, action: 'the previous page' },
  { id: ACTION_IDS.searchNext, handler: turnSearchPage, action: 'the next page' },
  { id: ACTION_IDS.searchShare, handler: shareSearch, action: 'sharing the results' },
] as const;

export function registerSearchActions(app: ListenerRegistry, deps: ListenerDeps): void {
  for (const button of SEARCH_BUTTONS) {
    app.action<ButtonClick>(
      actionIdPattern(button.id),
      buttonListener(deps, button.handler, { action: button.action, retryAs: button.id }),
    );
  }
  // A link button opens its URL in the client; Slack still sends the click, which needs an ack.
  app.action<ButtonClick>(actionIdPattern(ACTION_IDS.searchOpen), async ({ ack }) => {
    await ack();
  });
  app.action<ButtonClick>(actionIdPattern(ACTION_IDS.errorRetry), buttonListener(deps, retryClick, { action: 'the retry' }));
}
