/**
 * Pause, Resume and Remove on a digest subscription row (App Home or the `/concepts
 * subscriptions` card). The changed list is shown where the click came from: the Home tab is
 * published again, a message card is replaced.
 */
import { decodeSubscriptionButton } from '../../kit/button-values.js';
import { renderSubscriptionList } from './subscriptions-card.js';
import type { ButtonInteraction } from '../../kit/button-interaction.js';
import { homeTargetOf } from '../../kit/home-target.js';
import { EXPIRED_BUTTON } from '../../kit/button-replies.js';
import { respondReplacing } from '../../kit/deliver-card.js';
import { refuseClick } from '../../kit/refuse-click.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import type { FeatureHooks } from '../../kit/feature-hooks.js';
import { mayChangeSubscription, subscriptionChangeRefusal } from './subscription-change-permission.js';

export type SubscriptionChange = 'pause' | 'resume' | 'remove';

/** A click, and whether it came from the Home tab (a view) rather than a message. */
export type SubscriptionClick = ButtonInteraction & { fromHome: boolean };

export async function changeSubscription(
  deps: ListenerDeps,
  click: SubscriptionClick,
  change: SubscriptionChange,
  hooks: Pick<FeatureHooks, 'publishHome'>,
): Promise<void> {
  const value = decodeSubscriptionButton(click.value);
  // The team in the value must be the clicker's: a button never reaches across workspaces.
  if (!value || click.teamId === undefined || value.teamId !== click.teamId) return refuseClick(deps, click, hooks, EXPIRED_BUTTON);
  const { channelId } = value;
  const subs = deps.stores.subscriptions;
  if (!(await mayChangeSubscription(click.client, click.userId, await subs.get(click.teamId, channelId)))) {
    click.log.info('digest subscription change refused: not the subscriber nor an admin', { change, channel: channelId });
    return refuseClick(deps, click, hooks, subscriptionChangeRefusal(channelId), ':no_entry:');
  }
  const changed =
    change === 'pause'
      ? await subs.pause(click.teamId, channelId, `paused by a person in Slack (${click.userId})`)
      : change === 'resume'
        ? await subs.resume(click.teamId, channelId)
        : await subs.remove(click.teamId, channelId);
  click.log.info('digest subscription changed from a button', { change, channel: channelId, changed, fromHome: click.fromHome });
  await showSubscriptions(deps, click, hooks);
}

async function showSubscriptions(deps: ListenerDeps, click: SubscriptionClick, hooks: Pick<FeatureHooks, 'publishHome'>): Promise<void> {
  if (click.fromHome) {
    if (click.teamId === undefined) return;
    return hooks.publishHome(deps, homeTargetOf({ ...click, teamId: click.teamId }));
  }
  const list = await deps.stores.subscriptions.listForTeam(click.teamId ?? '');
  await respondReplacing(click.respond, renderSubscriptionList(list));
}
