/**
 * Buttons of search and passage cards (Summary, Key passages, Prev/Next, Share in channel, Open)
 * and the Retry button of error cards. "Ask the agent" belongs to the agent's actions.
 */
import type { App } from '@slack/bolt';
import { ACTION_IDS, actionIdPattern } from '../../blocks/action-ids.js';
import type { ListenerDeps } from '../listener-deps.js';
import { buttonListener, type ButtonClick } from './button-interaction.js';
import { retryClick } from './retry-button.js';
import { shareSearch, showKeyPassages, showSummary, turnSearchPage } from './search-buttons.js';

export function registerSearchActions(app: App, deps: ListenerDeps): void {
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.searchSummary),
    buttonListener(deps, showSummary, { action: 'the summary', retryAs: ACTION_IDS.searchSummary }),
  );
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.searchPassages),
    buttonListener(deps, showKeyPassages, { action: 'the key passages', retryAs: ACTION_IDS.searchPassages }),
  );
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.searchPrev),
    buttonListener(deps, turnSearchPage, { action: 'the previous page', retryAs: ACTION_IDS.searchPrev }),
  );
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.searchNext),
    buttonListener(deps, turnSearchPage, { action: 'the next page', retryAs: ACTION_IDS.searchNext }),
  );
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.searchShare),
    buttonListener(deps, shareSearch, { action: 'sharing the results', retryAs: ACTION_IDS.searchShare }),
  );
  // A link button opens its URL in the client; Slack still sends the click, which needs an ack.
  app.action<ButtonClick>(actionIdPattern(ACTION_IDS.searchOpen), async ({ ack }) => {
    await ack();
  });
  app.action<ButtonClick>(actionIdPattern(ACTION_IDS.errorRetry), buttonListener(deps, retryClick, { action: 'the retry' }));
}
