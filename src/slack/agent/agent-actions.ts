/**
 * Buttons of agent runs: Cancel on a run's reply, "Ask the agent" on document cards, and the
 * /research replay list's Replay and Older. Each handler acks first, then hands over.
 */
import type { BlockAction, ButtonAction } from '@slack/bolt';
import type { ListenerRegistry } from '../kit/listener-router.js';
import { requestContext } from '../kit/correlation-middleware.js';
import { ACTION_IDS, actionIdPattern } from '../blocks/action-ids.js';
import { CANCEL_ACTION_ID } from './cards/agent-render-context.js';
import { decodeReplayMessage, decodeReplayPage, REPLAY_ACTION_IDS, replayActionPattern } from './replay/replay-buttons.js';
import { decodeDocButton } from '../kit/button-values.js';
import { renderNotice } from '../blocks/error-card.js';
import { respondEphemeral } from '../kit/deliver-card.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { askAboutDocument } from './runs/ask-about-document.js';
import { cancelAgentRunClick } from './runs/cancel-agent-run.js';
import { replayAnswer, showReplayList, type ReplayRequest } from './replay/replay.js';

const EXPIRED = 'This button no longer works. Run the command again.';

type ButtonClick = BlockAction<ButtonAction>;

function where(body: ButtonClick, context: Record<string, unknown>): { teamId?: string; channelId?: string; userId: string } {
  const teamId = body.team?.id ?? body.user.team_id ?? (typeof context.teamId === 'string' ? context.teamId : undefined);
  return { userId: body.user.id, ...(teamId ? { teamId } : {}), ...(body.channel?.id ? { channelId: body.channel.id } : {}) };
}

export function registerAgentActions(app: ListenerRegistry, deps: ListenerDeps): void {
  /** What Replay and Older hand over; undefined when the click names no workspace or channel. */
  const replayRequestOf = (
    conversationId: string,
    click: { body: ButtonClick; context: Record<string, unknown>; client: ReplayRequest['client']; respond: ReplayRequest['respond'] },
  ): ReplayRequest | undefined => {
    const { log, correlationId, workspace } = requestContext(click.context, deps.logger);
    const { teamId, channelId, userId } = where(click.body, click.context);
    if (!teamId || !channelId) return undefined;
    return { teamId, channelId, userId, conversationId, client: click.client, respond: click.respond, log, correlationId, workspace };
  };

  app.action<ButtonClick>(CANCEL_ACTION_ID, async ({ ack, body, action, client, context }) => {
    await ack();
    const { log } = requestContext(context, deps.logger);
    const { teamId, channelId, userId } = where(body, context);
    if (!action.value || !teamId || !channelId) return log.warn('cancel click without a run id or channel');
    const threadTs = typeof body.message?.thread_ts === 'string' ? body.message.thread_ts : undefined;
    await cancelAgentRunClick(deps, { runId: action.value, teamId, channelId, userId, client, log, ...(threadTs ? { threadTs } : {}) });
  });

  app.action<ButtonClick>(actionIdPattern(ACTION_IDS.searchAsk), async ({ ack, body, action, client, context, respond }) => {
    await ack();
    const { log, correlationId, workspace } = requestContext(context, deps.logger);
    const { teamId, channelId, userId } = where(body, context);
    const doc = decodeDocButton(action.value);
    if (!doc || !teamId || !channelId) return respondEphemeral(respond, renderNotice(EXPIRED));
    const ephemeral = body.container?.is_ephemeral === true || !body.message;
    const card =
      ephemeral || !body.message
        ? undefined
        : { ts: body.message.ts, ...(typeof body.message.thread_ts === 'string' ? { threadTs: body.message.thread_ts } : {}) };
    await askAboutDocument(deps, {
      teamId,
      channelId,
      userId,
      ...(body.user.team_id ? { userTeamId: body.user.team_id } : {}),
      doc: { docId: doc.d, docTitle: doc.t ?? doc.d },
      clickId: action.action_ts,
      client,
      respond,
      log,
      correlationId,
      workspace,
      ...(card ? { card } : {}),
    });
  });

  app.action<ButtonClick>(replayActionPattern(REPLAY_ACTION_IDS.replay), async ({ ack, body, action, client, context, respond }) => {
    await ack();
    const value = decodeReplayMessage(action.value);
    const request = value && replayRequestOf(value.conversationId, { body, context, client, respond });
    if (!value || !request) return respondEphemeral(respond, renderNotice(EXPIRED));
    await replayAnswer(deps, request, value.assistantMessageId);
  });

  app.action<ButtonClick>(REPLAY_ACTION_IDS.older, async ({ ack, body, action, client, context, respond }) => {
    await ack();
    const value = decodeReplayPage(action.value);
    const request = value && replayRequestOf(value.conversationId, { body, context, client, respond });
    if (!value || !request) return respondEphemeral(respond, renderNotice(EXPIRED));
    await showReplayList(deps, request, { replace: true, beforeMessageId: value.beforeMessageId });
  });
}
