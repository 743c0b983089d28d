/**
 * `/concepts subscribe | unsubscribe | subscriptions`: digest subscriptions per channel, kept in
 * the state store. The command listener has acked and parsed; these check, store and answer
 * (ephemerally, to the person who typed the command).
 */
import { digestCron } from '../../../schedules/digest-schedule.js';
import { DigestScheduleError } from '../../../schedules/digest-schedule-error.js';
import { toSlackCallError } from '../../../slack-api/slack-call-error.js';
import type { DigestSubscription } from '../../../store/records.js';
import type { ChannelRef } from '../../kit/commands/channel-ref.js';
import type { SubscribeArgs } from '../parse-concepts-args.js';
import { renderNotice } from '../../blocks/error-card.js';
import { renderSubscribed, renderSubscriptionList, renderUnsubscribed } from './subscriptions-card.js';
import { commandFailureTarget } from '../../kit/answer-command.js';
import type { CommandContext } from '../../kit/command-context.js';
import { respondEphemeral } from '../../kit/deliver-card.js';
import { withFailureReply } from '../../kit/failure-reply.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { channelCheckFailure, checkDigestChannel, describeChannelProblem, resolveChannelRef } from '../../kit/check-digest-channel.js';
import { mayChangeSubscription, subscriptionChangeRefusal } from './subscription-change-permission.js';

function failureOptions(ctx: CommandContext, action: string) {
  return { ...commandFailureTarget(ctx), action };
}

export async function handleSubscribe(deps: ListenerDeps, ctx: CommandContext, args: SubscribeArgs): Promise<void> {
  await withFailureReply(
    async () => {
      const schedule = {
        cadence: args.cadence,
        time: args.time,
        timeZone: args.timeZone,
        ...(args.weekday === undefined ? {} : { weekday: args.weekday }),
      };
      try {
        // The parser already checked each field; this is the scheduler's own view of the whole.
        digestCron(schedule);
      } catch (error) {
        if (!(error instanceof DigestScheduleError)) throw error;
        await respondEphemeral(ctx.respond, renderNotice(`${error.message}.`, ':warning:'));
        return;
      }
      const check = await checkDigestChannel(ctx.client, args.channel, ctx.command.channel_id);
      if (!check.ok) {
        // Slack failing to answer (rate limit, outage) is worth a warning; a channel we cannot use is not.
        const slackFailed = check.reason === 'rate_limited' || check.reason === 'slack_error';
        ctx.log[slackFailed ? 'warn' : 'info']('digest subscription refused: channel not postable', {
          reason: check.reason,
          code: check.code,
        });
        await respondEphemeral(ctx.respond, renderNotice(describeChannelProblem(check), ':warning:'));
        return;
      }
      const teamId = ctx.command.team_id;
      const existing = await deps.stores.subscriptions.get(teamId, check.channelId);
      // Replacing a channel's subscription changes someone else's schedule: same rule as removing it.
      if (!(await mayChangeSubscription(ctx.client, ctx.command.user_id, existing))) {
        ctx.log.info('digest subscription refused: not the subscriber nor an admin', { channel: check.channelId });
        await respondEphemeral(ctx.respond, renderNotice(subscriptionChangeRefusal(check.channelId), ':no_entry:'));
        return;
      }
      const subscription: DigestSubscription = {
        teamId,
        channelId: check.channelId,
        ...schedule,
        top: args.top,
        createdBy: ctx.command.user_id,
        createdAtMs: deps.clock(),
        paused: false,
      };
      await deps.stores.subscriptions.put(subscription);
      ctx.log.info('digest subscription saved', {
        channel: check.channelId,
        cadence: args.cadence,
        at: args.time,
        tz: args.timeZone,
        replaced: existing !== null,
      });
      await respondEphemeral(ctx.respond, renderSubscribed(subscription, existing !== null));
    },
    failureOptions(ctx, 'the digest subscription'),
  );
}

export async function handleUnsubscribe(deps: ListenerDeps, ctx: CommandContext, args: { channel: ChannelRef | null }): Promise<void> {
  await withFailureReply(
    async () => {
      let channelId: string | undefined;
      try {
        channelId = await resolveChannelRef(ctx.client, args.channel, ctx.command.channel_id);
      } catch (error) {
        // A failed lookup (rate limit, outage) is not "no such channel": say what happened.
        const failure = toSlackCallError('conversations.list', error);
        ctx.log.warn('channel lookup failed', { error: failure });
        const label = args.channel?.name ? `#${args.channel.name}` : 'that channel';
        await respondEphemeral(ctx.respond, renderNotice(describeChannelProblem(channelCheckFailure(failure, label)), ':warning:'));
        return;
      }
      if (channelId === undefined) {
        const label = args.channel?.name ? `#${args.channel.name}` : 'that channel';
        await respondEphemeral(
          ctx.respond,
          renderNotice(`I could not find ${label}. Pick it from the list as you type so Slack links it.`, ':warning:'),
        );
        return;
      }
      const current = await deps.stores.subscriptions.get(ctx.command.team_id, channelId);
      if (!(await mayChangeSubscription(ctx.client, ctx.command.user_id, current))) {
        ctx.log.info('digest unsubscribe refused: not the subscriber nor an admin', { channel: channelId });
        await respondEphemeral(ctx.respond, renderNotice(subscriptionChangeRefusal(channelId), ':no_entry:'));
        return;
      }
      const existed = await deps.stores.subscriptions.remove(ctx.command.team_id, channelId);
      ctx.log.info('digest subscription removed', { channel: channelId, existed });
      await respondEphemeral(ctx.respond, renderUnsubscribed(channelId, existed));
    },
    failureOptions(ctx, 'unsubscribing'),
  );
}

export async function handleListSubscriptions(deps: ListenerDeps, ctx: CommandContext, _args?: unknown): Promise<void> {
  await withFailureReply(
    async () => {
      const subscriptions = await deps.stores.subscriptions.listForTeam(ctx.command.team_id);
      await respondEphemeral(ctx.respond, renderSubscriptionList(subscriptions));
    },
    failureOptions(ctx, 'listing digest subscriptions'),
  );
}
