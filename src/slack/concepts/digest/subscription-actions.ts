/** Pause, Resume and Remove on digest subscription rows (App Home and the subscriptions card). */
import type { Middleware, SlackActionMiddlewareArgs } from '@slack/bolt';
import { buttonInteraction, runButton, type ButtonClick } from '../../kit/button-interaction.js';
import type { FeatureHooks } from '../../kit/feature-hooks.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { changeSubscription, type SubscriptionChange } from './subscription-buttons.js';

const CHANGE_WORDS: Record<SubscriptionChange, string> = {
  pause: 'pausing the digest',
  resume: 'resuming the digest',
  remove: 'removing the digest',
};

export function subscriptionListener(
  deps: ListenerDeps,
  change: SubscriptionChange,
  hooks: Pick<FeatureHooks, 'publishHome'>,
): Middleware<SlackActionMiddlewareArgs<ButtonClick>> {
  return async (args) => {
    await args.ack();
    // A row on the Home tab arrives in a view container; on the subscriptions card, in a message.
    const fromHome = args.body.container?.type === 'view' || args.body.view?.type === 'home';
    const click = { ...buttonInteraction(args, deps.logger), fromHome };
    await runButton(deps, click, (d) => changeSubscription(d, click, change, hooks), { action: CHANGE_WORDS[change] });
  };
}
