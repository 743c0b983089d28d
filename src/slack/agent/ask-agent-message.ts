/** "Ask the agent about this": an agent run in the message's thread, with the message as the question. */
import type { AllMiddlewareArgs, MessageShortcut, SlackShortcutMiddlewareArgs } from '@slack/bolt';
import { requestContext } from '../kit/correlation-middleware.js';
import { askerTeamIdOf } from '../kit/permissions/external-user.js';
import { startAgentRun } from './runs/start-agent-run.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { shortcutTarget } from '../kit/shortcut-target.js';

type MessageShortcutArgs = SlackShortcutMiddlewareArgs<MessageShortcut> & AllMiddlewareArgs;

export function askAgentMessage(deps: ListenerDeps): (args: MessageShortcutArgs) => Promise<void> {
  return async ({ ack, shortcut, client, context }) => {
    await ack();
    const { log, workspace } = requestContext(context, deps.logger);
    const target = shortcutTarget(shortcut, client, context.teamId);
    const installing = { teamId: target.teamId, ...(workspace.enterpriseId ? { enterpriseId: workspace.enterpriseId } : {}) };
    const where = {
      channelId: target.channel,
      userId: target.user,
      ...(shortcut.user.team_id ? { payloadTeamId: shortcut.user.team_id } : {}),
    };
    const askerTeamId = await askerTeamIdOf(client, installing, where, log);
    // startAgentRun explains every refusal (empty question, busy thread, failure) to the user.
    const result = await startAgentRun(deps, {
      teamId: target.teamId,
      workspace,
      channelId: target.channel,
      threadTs: target.threadTs,
      ...(target.activeThreadTs ? { noteThreadTs: target.activeThreadTs } : {}),
      userId: target.user,
      ...(askerTeamId ? { askerTeamId } : {}),
      question: shortcut.message.text ?? '',
      requestId: `message_action:${shortcut.message_ts}:${shortcut.action_ts}`,
      client,
      log,
      ...(context.botUserId ? { botUserId: context.botUserId } : {}),
    });
    log.info('agent run from a message shortcut', { status: result.status });
  };
}
