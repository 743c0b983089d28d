/**
 * `/research ask <question>`: a slash command leaves no message to thread under, so the question
 * is posted in the channel for everyone ("<@user> asked: …") and the run lives in its thread.
 */
import { renderAskedQuestion } from '../../blocks/agent/render-thread-root.js';
import { renderNotice } from '../../blocks/error-card.js';
import type { CommandContext } from '../command-context.js';
import { respondEphemeral, slackErrorCode } from '../deliver-card.js';
import { replyWithFailure } from '../failure-reply.js';
import type { ListenerDeps } from '../listener-deps.js';
import { channelPostPacer } from './channel-post-pacer.js';
import { postPacedMessage } from './post-paced-messages.js';
import { startAgentRun, type StartAgentRunResult } from './start-agent-run.js';

export type AskCommand = CommandContext & { question: string };

export const ASK_USAGE = 'Ask a question after `ask`, e.g. `/research ask How did NVIDIA’s cash position change this year?`';
const NOT_IN_CHANNEL =
  'I can’t post in this channel, so the answer would have nowhere to go. Invite me with `/invite @Research Desk`, or ask me in a DM.';

/** Returns what startAgentRun did, or undefined when the question never reached it. */
export async function startAgentRunFromCommand(deps: ListenerDeps, ctx: AskCommand): Promise<StartAgentRunResult | undefined> {
  const { command } = ctx;
  // The command parser already turned Slack markup into plain text.
  const question = ctx.question.trim();
  if (question === '') {
    await respondEphemeral(ctx.respond, renderNotice(ASK_USAGE));
    return undefined;
  }
  let threadTs: string;
  try {
    const pacer = channelPostPacer(deps, { teamId: command.team_id, channelId: command.channel_id }, ctx.log);
    threadTs = await postPacedMessage(ctx.client, { channel: command.channel_id }, renderAskedQuestion(command.user_id, question), { pacer });
  } catch (error) {
    const code = slackErrorCode(error);
    if (code === 'not_in_channel' || code === 'channel_not_found') {
      ctx.log.info('cannot post the question in this channel', { slack_error: code });
      await respondEphemeral(ctx.respond, renderNotice(NOT_IN_CHANNEL, ':warning:'));
    } else {
      await replyWithFailure(error, { log: ctx.log, correlationId: ctx.correlationId, respond: ctx.respond, action: 'your question' });
    }
    return undefined;
  }
  return startAgentRun(deps, {
    teamId: command.team_id,
    channelId: command.channel_id,
    threadTs,
    userId: command.user_id,
    question,
    questionIsPlain: true,
    // The posted message is unique to this command: its ts identifies the request.
    requestId: `command:${threadTs}`,
    client: ctx.client,
    log: ctx.log,
  });
}
