/**
 * `/research watch …` and `/research watches`: watchlists per channel (or per user, in a DM),
 * kept in the state store and polled by src/schedules/watch-poller.ts. The command listener has
 * acked and parsed; these check the channel, store and answer ephemerally.
 */
import { toSlackCallError } from '../../slack-api/slack-call-error.js';
import type { WatchRecord } from '../../store/records.js';
import { WATCH_LIMITS, watchIdOf } from '../../store/watches.js';
import type { ChannelRef } from '../kit/commands/channel-ref.js';
import { WATCH_EXAMPLE, type WatchArgs } from '../kit/commands/parse-watch-args.js';
import { renderNotice } from '../blocks/error-card.js';
import { describeWatchTarget } from '../kit/cards/watch-rows.js';
import { renderWatchAdded, renderWatchList } from './cards/watches-card.js';
import type { CommandContext } from '../kit/command-context.js';
import { respondEphemeral } from '../kit/deliver-card.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { refusedToExternalUser } from '../kit/permissions/refuse-external-user.js';
import { watchChannelRefusal } from './watch-permission.js';
import {
  type ChannelPurpose,
  channelCheckFailure,
  checkDigestChannel,
  describeChannelProblem,
  resolveChannelRef,
} from '../kit/check-digest-channel.js';

const WATCH_CHANNEL: ChannelPurpose = { posts: 'watch alerts', example: WATCH_EXAMPLE, again: 'add the watch again' };

/** A DM's id starts with D: a watch added there is the user's own. */
const isDm = (channelId: string): boolean => channelId.startsWith('D');

export async function handleWatch(deps: ListenerDeps, ctx: CommandContext, args: Extract<WatchArgs, { kind: 'watch' }>): Promise<void> {
  if (await refusedToExternalUser(deps.stores, ctx)) return;
  const check = await checkDigestChannel(ctx.client, args.channel, ctx.command.channel_id);
  if (!check.ok) {
    ctx.log.info('watch refused: channel not postable', { reason: check.reason, code: check.code });
    return respondEphemeral(ctx.respond, renderNotice(describeChannelProblem(check, undefined, WATCH_CHANNEL), ':warning:'));
  }
  const teamId = ctx.command.team_id;
  const channelId = check.channelId;
  if (await refusedChannel(ctx, channelId)) return;
  const existing = await deps.stores.watches.listForChannel(teamId, channelId);
  const watchId = watchIdOf(channelId, args.target, args.categories);
  const label = describeWatchTarget(args.target);
  if (existing.some((w) => w.watchId === watchId)) {
    return respondEphemeral(
      ctx.respond,
      renderNotice(
        `${label} is already watched there with the same categories. \`/research watches\` lists the watches.`,
        ':information_source:',
      ),
    );
  }

  const watch: WatchRecord = {
    teamId,
    watchId,
    channelId,
    scope: isDm(channelId) ? 'user' : 'channel',
    target: args.target,
    categories: args.categories,
    createdBy: ctx.command.user_id,
    createdAtMs: deps.clock(),
  };
  // The store decides the limit atomically: two adds at once cannot both take the last slot.
  const outcome = await deps.stores.watches.add(watch, WATCH_LIMITS.perChannel);
  if (outcome === 'full') {
    return respondEphemeral(
      ctx.respond,
      renderNotice(
        `That channel already has ${WATCH_LIMITS.perChannel} watches, the most one channel can have. Remove one with \`/research watches\` first.`,
        ':warning:',
      ),
    );
  }
  if (outcome === 'duplicate') {
    return respondEphemeral(
      ctx.respond,
      renderNotice(`${label} is already watched there with the same categories.`, ':information_source:'),
    );
  }
  ctx.log.info('watch added', { channel: channelId, watchId, target: args.target.kind, categories: args.categories });
  await respondEphemeral(ctx.respond, renderWatchAdded(watch));
}

export async function handleListWatches(deps: ListenerDeps, ctx: CommandContext, args: { channel: ChannelRef | null }): Promise<void> {
  if (await refusedToExternalUser(deps.stores, ctx)) return;
  let channelId: string | undefined;
  try {
    channelId = await resolveChannelRef(ctx.client, args.channel, ctx.command.channel_id);
  } catch (error) {
    const label = args.channel?.name ? `#${args.channel.name}` : 'that channel';
    return respondEphemeral(
      ctx.respond,
      renderNotice(
        describeChannelProblem(channelCheckFailure(toSlackCallError('conversations.list', error), label), undefined, WATCH_CHANNEL),
        ':warning:',
      ),
    );
  }
  if (channelId === undefined) {
    const label = args.channel?.name ? `#${args.channel.name}` : 'that channel';
    return respondEphemeral(
      ctx.respond,
      renderNotice(`I could not find ${label}. Pick it from the list as you type so Slack links it.`, ':warning:'),
    );
  }
  if (await refusedChannel(ctx, channelId)) return;
  await respondEphemeral(ctx.respond, await watchListCard(deps, ctx.command.team_id, ctx.command.user_id, channelId));
}

/** A private channel's watches are its members' (watch-permission.ts); true when refused and answered. */
async function refusedChannel(ctx: CommandContext, channelId: string): Promise<boolean> {
  const refusal = await watchChannelRefusal({
    client: ctx.client,
    userId: ctx.command.user_id,
    channelId,
    fromChannelId: ctx.command.channel_id,
    log: ctx.log,
  });
  if (refusal === null) return false;
  await respondEphemeral(ctx.respond, renderNotice(refusal, ':lock:'));
  return true;
}

/** The watches card of a channel, or of the user in a DM (their own watches only). */
export async function watchListCard(deps: ListenerDeps, teamId: string, userId: string, channelId: string) {
  const dm = isDm(channelId);
  const all = dm
    ? (await deps.stores.watches.listForTeam(teamId)).filter((w) => w.scope === 'user' && w.createdBy === userId)
    : await deps.stores.watches.listForChannel(teamId, channelId);
  return renderWatchList(all, { channelId, dm });
}
