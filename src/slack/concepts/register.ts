/**
 * Trending concepts and their digests: `/concepts` (list, subscribe, unsubscribe, subscriptions),
 * Expand on the concepts card and on digests, the subscription rows' buttons, and Slack's
 * message_metadata_posted for digests.
 */
import { ACTION_IDS, actionIdPattern } from '../blocks/action-ids.js';
import { buttonListener, type ButtonClick } from '../kit/button-interaction.js';
import type { FeatureHooks, RegisterSlice, RetryableButton } from '../kit/feature-hooks.js';
import { expandConcept } from './concept-buttons.js';
import { conceptsCommand, runConceptsCommand } from './concepts-command.js';
import { metadataPostedListener } from '../kit/posting/pushed-metadata.js';
import { trendingConcepts } from './operations/trending-concepts-operation.js';
import { recordPushedDigest } from './digest/record-pushed-digest.js';
import { subscriptionListener } from './digest/subscription-actions.js';
import { shareConceptsCard } from './share-concepts-card.js';

const EXPAND: RetryableButton = { handler: expandConcept, action: 'the concept details' };

export const registerConcepts: RegisterSlice = (app, deps, hooks) => {
  app.command('/concepts', conceptsCommand(deps));
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.conceptExpand),
    buttonListener(deps, EXPAND.handler, { action: EXPAND.action, retryAs: ACTION_IDS.conceptExpand }),
  );
  app.action<ButtonClick>(actionIdPattern(ACTION_IDS.subscriptionPause), subscriptionListener(deps, 'pause', hooks));
  app.action<ButtonClick>(actionIdPattern(ACTION_IDS.subscriptionResume), subscriptionListener(deps, 'resume', hooks));
  app.action<ButtonClick>(actionIdPattern(ACTION_IDS.subscriptionRemove), subscriptionListener(deps, 'remove', hooks));
  // Slack's push of a posted digest's metadata: its ts settles a claim left pending by a crash.
  app.event(
    'message_metadata_posted',
    metadataPostedListener((pushed) => recordPushedDigest(deps, pushed)),
  );
};

/** What the concepts slice offers the others (wired in src/slack/register-listeners.ts). */
export const conceptsHooks = {
  command: runConceptsCommand,
  sharedCard: shareConceptsCard,
  retryableButtons: { [ACTION_IDS.conceptExpand]: EXPAND },
  trendingConcepts,
} satisfies {
  command: FeatureHooks['commands']['/concepts'];
  sharedCard: NonNullable<FeatureHooks['sharedCards']['/concepts']>;
  retryableButtons: FeatureHooks['retryableButtons'];
  trendingConcepts: FeatureHooks['operations']['trendingConcepts'];
};
