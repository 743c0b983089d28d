/**
 * "Ask the agent" on a document's Work Object — on its unfurl (container `message_attachment`) or
 * in its side panel (container `entity_detail`). Slack sends it as a block action whose container
 * names the message the link was shared in (`channel_id`, `message_ts`, `thread_ts`) and the
 * entity (`external_ref`, `entity_url`); the agent slice runs it (FeatureHooks.askAboutDocument)
 * in that message's thread. A side panel's action may come without a response_url: refusals are
 * then told with chat.postEphemeral in the same conversation. Opened outside a message (nowhere
 * to answer), the panel says so.
 * @see https://docs.slack.dev/messaging/work-objects-implementation (Adding actions to Work Objects)
 */
import type { AllMiddlewareArgs, BlockAction, ButtonAction, RespondArguments, RespondFn, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { KnownBlock } from '@slack/types';
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import { toSlackCallError } from '../../../slack-api/slack-call-error.js';
import { requestContext } from '../../kit/correlation-middleware.js';
import { decodeDocButton } from '../../kit/button-values.js';
import type { FeatureHooks } from '../../kit/feature-hooks.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { ASK_NEEDS_A_CONVERSATION, entityDetailsErrorOf } from './entity-details-error.js';
import { presentDetails } from './entity-details-requested.js';

type EntityClick = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** Where a Work Object's action came from, read from its container. */
export interface EntityActionOrigin {
  kind: 'entity_detail' | 'message_attachment' | 'other';
  channelId?: string;
  messageTs?: string;
  threadTs?: string;
}

export function entityActionOrigin(body: { container?: unknown; channel?: { id?: string } }): EntityActionOrigin {
  const c = (typeof body.container === 'object' && body.container !== null ? body.container : {}) as Record<string, unknown>;
  const kind = c.type === 'entity_detail' || c.type === 'message_attachment' ? c.type : 'other';
  const channelId = str(c.channel_id) ?? str(body.channel?.id);
  const messageTs = str(c.message_ts);
  const threadTs = str(c.thread_ts);
  return { kind, ...(channelId ? { channelId } : {}), ...(messageTs ? { messageTs } : {}), ...(threadTs ? { threadTs } : {}) };
}

/** Tells the clicker privately in the conversation, as a response_url would. */
function ephemeralResponder(client: WebClient, where: { channel: string; user: string; threadTs?: string }, log: Logger): RespondFn {
  const respond = async (message: string | RespondArguments): Promise<unknown> => {
    const m = (typeof message === 'string' ? { text: message } : message) as { text?: string; blocks?: KnownBlock[] };
    try {
      return await client.chat.postEphemeral({
        channel: where.channel,
        user: where.user,
        text: m.text ?? '',
        ...(m.blocks ? { blocks: m.blocks } : {}),
        ...(where.threadTs ? { thread_ts: where.threadTs } : {}),
      });
    } catch (error) {
      const failure = toSlackCallError('chat.postEphemeral', error);
      log.warn('a Work Object action’s reply could not be posted', { slack_error: failure.code });
      return undefined;
    }
  };
  // Bolt's respond resolves to the response_url's fetch answer, which no caller reads.
  return respond as unknown as RespondFn;
}

export function askFromEntity(deps: ListenerDeps, hooks: Pick<FeatureHooks, 'askAboutDocument'>): (args: EntityClick) => Promise<void> {
  return async ({ ack, body, action, client, context, respond }) => {
    await ack();
    const { log, correlationId, workspace } = requestContext(context, deps.logger);
    const origin = entityActionOrigin(body);
    const doc = decodeDocButton(action.value);
    const teamId = body.team?.id ?? workspace.teamId;
    if (!doc || !origin.channelId || !origin.messageTs) {
      log.info('ask from a Work Object refused: no document or no conversation', { origin: origin.kind, doc: doc !== null });
      const error = doc ? ASK_NEEDS_A_CONVERSATION : entityDetailsErrorOf(undefined);
      if (body.trigger_id) await presentDetails(client, body.trigger_id, { error }, log);
      return;
    }
    const where = { channel: origin.channelId, user: body.user.id, ...(origin.threadTs ? { threadTs: origin.threadTs } : {}) };
    await hooks.askAboutDocument(deps, {
      teamId,
      channelId: origin.channelId,
      userId: body.user.id,
      ...(body.user.team_id ? { userTeamId: body.user.team_id } : {}),
      doc: { docId: doc.d, docTitle: doc.t ?? doc.d },
      card: { ts: origin.messageTs, ...(origin.threadTs ? { threadTs: origin.threadTs } : {}) },
      clickId: action.action_ts,
      client,
      respond: body.response_url ? respond : ephemeralResponder(client, where, log),
      log,
      correlationId,
      workspace,
    });
  };
}
