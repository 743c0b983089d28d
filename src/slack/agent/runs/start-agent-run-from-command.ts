/**
 * `/research ask <question>`: a slash command leaves no message to thread under, so the question
 * is posted in the channel for everyone ("<@user> asked: …") and the run lives in its thread.
 */
import { renderAskedQuestion } from '../cards/render-thread-root.js';
import { renderNotice } from '../../blocks/error-card.js';
import type { CommandContext } from '../../kit/command-context.js';
import { respondEphemeral } from '../../kit/deliver-card.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { askerTeamIdOf } from '../../kit/permissions/external-user.js';
import { postThreadRoot } from './post-thread-root.js';
import { startAgentRun } from './start-agent-run.js';
import type { StartAgentRunResult } from './start-agent-run-result.js';

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
  const threadTs = await postThreadRoot(
    deps,
    {
      teamId: command.team_id,
      channelId: command.channel_id,
      client: ctx.client,
      respond: ctx.respond,
      log: ctx.log,
      correlationId: ctx.correlationId,
      action: 'your question',
      notInChannel: NOT_IN_CHANNEL,
    },
    renderAskedQuestion(command.user_id, question),
  );
  if (!threadTs) return undefined;
  // A slash command does not name the user's team: users.info says whether they are of another organisation.
  const installing = { teamId: command.team_id, ...(ctx.workspace.enterpriseId ? { enterpriseId: ctx.workspace.enterpriseId } : {}) };
  const askerTeamId = await askerTeamIdOf(ctx.client, installing, { channelId: command.channel_id, userId: command.user_id }, ctx.log);
  return startAgentRun(deps, {
    teamId: command.team_id,
    ...(askerTeamId ? { askerTeamId } : {}),
    workspace: ctx.workspace,
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
