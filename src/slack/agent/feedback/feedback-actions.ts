/**
 * The feedback buttons under final answers and the "Tell us what was wrong" button in the thanks
 * after a 👎. Each acks first; the values say which answer was rated (feedback-buttons.ts).
 * @see https://docs.slack.dev/reference/block-kit/block-elements/feedback-buttons-element
 */
import type { BlockAction, ButtonAction, FeedbackButtonsAction } from '@slack/bolt';
import { readRunMetadata } from '../../../agent/sinks/run-message-metadata.js';
import type { SlackThreadMessage } from '../../../agent/sinks/slack-writer.js';
import { requestContext } from '../../kit/correlation-middleware.js';
import { decodeFeedbackValue, FEEDBACK_ACTION_ID } from './feedback-buttons.js';
import { decodeRatedAnswer, FEEDBACK_MODAL } from './feedback-messages.js';
import { renderNotice } from '../../blocks/error-card.js';
import { openFeedbackModal, recordAnswerFeedback } from './answer-feedback.js';
import { respondEphemeral } from '../../kit/deliver-card.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import type { ListenerRegistry } from '../../kit/listener-router.js';

const EXPIRED = 'This button no longer works. Ask the agent again to rate a new answer.';

export function registerFeedbackActions(app: ListenerRegistry, deps: ListenerDeps): void {
  app.action<BlockAction<FeedbackButtonsAction>>(FEEDBACK_ACTION_ID, async ({ ack, body, action, context, respond }) => {
    await ack();
    const { log } = requestContext(context, deps.logger);
    const value = decodeFeedbackValue(action.value);
    const teamId = body.team?.id ?? body.user.team_id;
    const channelId = body.channel?.id ?? body.container?.channel_id;
    const messageTs = body.container?.message_ts ?? body.message?.ts;
    if (!value || !teamId || typeof channelId !== 'string' || typeof messageTs !== 'string') {
      log.warn('feedback click without an answer to rate', { hasValue: value !== null });
      return respondEphemeral(respond, renderNotice(EXPIRED));
    }
    // Our run metadata on the answer's message (write-final-answer.ts), when Slack sent it.
    const meta = body.message
      ? readRunMetadata({ ts: messageTs, metadata: body.message.metadata as SlackThreadMessage['metadata'] })
      : undefined;
    const runId = meta?.run_id;
    const assistantMessageId = meta?.assistant_message_id;
    await recordAnswerFeedback(deps, {
      value,
      teamId,
      channelId,
      messageTs,
      userId: body.user.id,
      ...(runId ? { runId } : {}),
      ...(assistantMessageId ? { assistantMessageId } : {}),
      respond,
      log,
    });
  });

  app.action<BlockAction<ButtonAction>>(FEEDBACK_MODAL.openActionId, async ({ ack, body, action, client, context, respond }) => {
    await ack();
    const { log } = requestContext(context, deps.logger);
    const answer = decodeRatedAnswer(action.value);
    if (!answer || !body.trigger_id) return respondEphemeral(respond, renderNotice(EXPIRED));
    try {
      await openFeedbackModal(client, body.trigger_id, answer);
    } catch (error) {
      log.warn('feedback modal did not open', { error });
      await respondEphemeral(respond, renderNotice('The form did not open. Please click the button again.', ':warning:'));
    }
  });
}
