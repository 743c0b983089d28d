/**
 * Remove on a watch row (the watches card or App Home), and the card's Refresh. The changed
 * list is shown where the click came from: the Home tab is published again, a card is replaced.
 */
import { z } from 'zod';
import { renderNotice } from '../blocks/error-card.js';
import type { ButtonInteraction } from '../kit/button-interaction.js';
import { homeTargetOf } from '../kit/home-target.js';
import { EXPIRED_BUTTON } from '../kit/button-replies.js';
import { respondEphemeral, respondReplacing } from '../kit/deliver-card.js';
import { refuseClick } from '../kit/refuse-click.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import type { FeatureHooks } from '../kit/feature-hooks.js';
import { watchListCard } from './watch-commands.js';
import { mayRemoveWatch, watchChannelRefusal, watchRemovalRefusal } from './watch-permission.js';

const removeValue = z.object({ t: z.string().min(1), ch: z.string().min(1), w: z.string().min(1) });
const listValue = z.object({ ch: z.string().min(1) });

function parseValue<T>(schema: z.ZodType<T>, value: string | undefined): T | null {
  try {
    const r = schema.safeParse(JSON.parse(value ?? ''));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

export type WatchClick = ButtonInteraction & { fromHome: boolean };

export async function removeWatch(deps: ListenerDeps, click: WatchClick, hooks: Pick<FeatureHooks, 'publishHome'>): Promise<void> {
  const value = parseValue(removeValue, click.value);
  // The team in the value must be the clicker's: a button never reaches across workspaces.
  if (!value || click.teamId === undefined || value.t !== click.teamId) return refuseClick(deps, click, hooks, EXPIRED_BUTTON);
  const watch = await deps.stores.watches.get(value.t, value.ch, value.w);
  if (!(await mayRemoveWatch(click.client, click.userId, watch))) {
    click.log.info('watch removal refused: not its creator nor an admin', { channel: value.ch, watchId: value.w });
    return refuseClick(deps, click, hooks, watch ? watchRemovalRefusal(watch) : EXPIRED_BUTTON, ':no_entry:');
  }
  // An admin removes others' watches only where they may see them; one's own watch may always go.
  const refusal = watch && watch.createdBy !== click.userId ? await channelRefusal(click, value.ch) : null;
  if (refusal !== null) return refuseClick(deps, click, hooks, refusal, ':lock:');
  const existed = await deps.stores.watches.remove(value.t, value.ch, value.w);
  click.log.info('watch removed from a button', { channel: value.ch, watchId: value.w, existed, fromHome: click.fromHome });
  if (click.fromHome) return hooks.publishHome(deps, homeTargetOf({ ...click, teamId: click.teamId }));
  await replaceWithWatchList(deps, { ...click, teamId: click.teamId }, value.ch, 'The watch was removed. ');
}

export async function refreshWatchList(deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  const value = parseValue(listValue, click.value);
  if (!value || click.teamId === undefined) return respondEphemeral(click.respond, renderNotice(EXPIRED_BUTTON));
  await replaceWithWatchList(deps, { ...click, teamId: click.teamId }, value.ch);
}

/** The channel named by a button's value is checked like a typed one: a value can be forged. */
function channelRefusal(click: ButtonInteraction, channelId: string): Promise<string | null> {
  return watchChannelRefusal({
    client: click.client,
    userId: click.userId,
    channelId,
    ...(click.channelId ? { fromChannelId: click.channelId } : {}),
    log: click.log,
  });
}

/** The channel's list in place of the card; `done` first says what was done when the list may not be shown. */
async function replaceWithWatchList(
  deps: ListenerDeps,
  click: ButtonInteraction & { teamId: string },
  channelId: string,
  done = '',
): Promise<void> {
  const refusal = await channelRefusal(click, channelId);
  if (refusal !== null) return respondEphemeral(click.respond, renderNotice(`${done}${refusal}`, ':lock:'));
  await respondReplacing(click.respond, await watchListCard(deps, click.teamId, click.userId, channelId));
}
