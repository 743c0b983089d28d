import { SlackApiError } from '../errors.js';
import type { ApiContext, ApiMethod, ApiResult } from './api-context.js';
import { requireChannel } from './chat.js';

function target(ctx: ApiContext) {
  const channel = requireChannel(ctx);
  const ts = ctx.args.need('timestamp', 'bad_timestamp');
  const message = ctx.state.findMessage(channel.id, ts);
  if (message === undefined) throw new SlackApiError('message_not_found');
  const name = ctx.args.need('name', 'invalid_name').replace(/^:|:$/g, '');
  return { message, name };
}

/** @see https://docs.slack.dev/reference/methods/reactions.add */
function add(ctx: ApiContext): ApiResult {
  const { message, name } = target(ctx);
  const bot = ctx.auth.bot.userId;
  let reaction = message.reactions.find((r) => r.name === name);
  if (reaction?.users.includes(bot)) throw new SlackApiError('already_reacted');
  if (reaction === undefined) {
    reaction = { name, users: [], count: 0 };
    message.reactions.push(reaction);
  }
  reaction.users.push(bot);
  reaction.count += 1;
  ctx.state.changed({ kind: 'reaction', channel: message.channel });
  return { ok: true };
}

function remove(ctx: ApiContext): ApiResult {
  const { message, name } = target(ctx);
  const bot = ctx.auth.bot.userId;
  const reaction = message.reactions.find((r) => r.name === name);
  if (reaction === undefined || !reaction.users.includes(bot)) throw new SlackApiError('no_reaction');
  reaction.users = reaction.users.filter((u) => u !== bot);
  reaction.count -= 1;
  if (reaction.count === 0) message.reactions = message.reactions.filter((r) => r !== reaction);
  ctx.state.changed({ kind: 'reaction', channel: message.channel });
  return { ok: true };
}

export const reactionMethods: Record<string, ApiMethod> = {
  'reactions.add': { handler: add, token: 'bot' },
  'reactions.remove': { handler: remove, token: 'bot' },
};
