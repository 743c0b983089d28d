/**
 * Research: `/research` (search, news, passages, tags; its other subcommands are handed to their
 * slices through the hooks), the search and passage cards' buttons, document link unfurls (Work
 * Objects, their side panel and "Ask the agent") and the
 * "Research this message" and "Summarize" message shortcuts.
 */
import type { BlockAction, ButtonAction, MessageShortcut } from '@slack/bolt';
import { ACTION_IDS, actionIdPattern } from '../blocks/action-ids.js';
import { buttonListener, type ButtonClick } from '../kit/button-interaction.js';
import type { FeatureHooks, RegisterSlice } from '../kit/feature-hooks.js';
import { MESSAGE_SHORTCUT_IDS } from '../kit/message-shortcut-ids.js';
import { researchCommand, runResearchCommand } from './research-command.js';
import { shareSearch, showKeyPassages, showSummary, turnSearchPage } from './search-buttons.js';
import { searchResearch } from './operations/search-research-operation.js';
import { sharePassagesCard } from './share-passages-card.js';
import { researchMessage } from './shortcuts/research-message.js';
import { summarizeMessage } from './shortcuts/summarize-message.js';
import { linkShared } from './unfurls/link-shared.js';
import { askFromEntity } from './unfurls/ask-from-entity.js';
import { entityDetailsRequested } from './unfurls/entity-details-requested.js';

/** Each search-card button: its handler and how a failure names what the user asked for. */
const SEARCH_BUTTONS = [
  { id: ACTION_IDS.searchSummary, handler: showSummary, action: 'the summary' },
  { id: ACTION_IDS.searchPassages, handler: showKeyPassages, action: 'the key passages' },
  { id: ACTION_IDS.searchPrev, handler: turnSearchPage, action: 'the previous page' },
  { id: ACTION_IDS.searchNext, handler: turnSearchPage, action: 'the next page' },
  { id: ACTION_IDS.searchShare, handler: shareSearch, action: 'sharing the results' },
] as const;

export const registerResearch: RegisterSlice = (app, deps, hooks) => {
  app.command('/research', researchCommand(deps, hooks.research));
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
  app.event('link_shared', linkShared(deps));
  // Work Objects: a document's side panel, and its "Ask the agent" (unfurl and panel).
  app.event('entity_details_requested', entityDetailsRequested(deps));
  app.action<BlockAction<ButtonAction>>(actionIdPattern(ACTION_IDS.entityAsk), askFromEntity(deps, hooks));
  app.shortcut<MessageShortcut>({ callback_id: MESSAGE_SHORTCUT_IDS.research, type: 'message_action' }, researchMessage(deps));
  app.shortcut<MessageShortcut>({ callback_id: MESSAGE_SHORTCUT_IDS.summarize, type: 'message_action' }, summarizeMessage(deps));
};

/** What the research slice offers the others (wired in src/slack/register-listeners.ts). */
export const researchHooks = {
  command: runResearchCommand,
  sharedCard: sharePassagesCard,
  retryableButtons: Object.fromEntries(SEARCH_BUTTONS.map(({ id, handler, action }) => [id, { handler, action }])),
  searchResearch,
} satisfies {
  command: typeof runResearchCommand;
  sharedCard: NonNullable<FeatureHooks['sharedCards']['/research']>;
  retryableButtons: FeatureHooks['retryableButtons'];
  searchResearch: FeatureHooks['operations']['searchResearch'];
};
