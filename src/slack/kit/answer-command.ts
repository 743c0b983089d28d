/**
 * How a slash command shows its result: ephemeral on its response_url by default; `--public`
 * posts in the channel (through the response_url when the bot is not a member there).
 */
import type { SlackMessage } from '../../slack-api/slack-message.js';
import type { CommandContext } from './command-context.js';
import { postInChannel, respondEphemeral } from './deliver-card.js';

export type Visibility = 'ephemeral' | 'public';

export async function answerCommand(ctx: CommandContext, card: SlackMessage, visibility: Visibility): Promise<void> {
  if (visibility === 'public') {
    const posted = await postInChannel({ client: ctx.client, channel: ctx.command.channel_id, respond: ctx.respond }, card);
    ctx.log.info('posted in channel', { channel: ctx.command.channel_id, via: posted.via });
    return;
  }
  await respondEphemeral(ctx.respond, card);
}

/** The failure-reply target of a command: its response_url, and chat.postEphemeral if that fails. */
export function commandFailureTarget(ctx: CommandContext): {
  respond: CommandContext['respond'];
  log: CommandContext['log'];
  correlationId: string;
  postEphemeral: { client: CommandContext['client']; channel: string; user: string };
  fromUserInput: true;
} {
  return {
    fromUserInput: true,
    respond: ctx.respond,
    log: ctx.log,
    correlationId: ctx.correlationId,
    postEphemeral: { client: ctx.client, channel: ctx.command.channel_id, user: ctx.command.user_id },
  };
}
