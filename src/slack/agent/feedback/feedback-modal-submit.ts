/**
 * Submission of the "what was wrong" modal: empty or too long text stays in the modal with a
 * message under the field; valid text is stored with the user's vote on that answer.
 */
import type { Middleware, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import { requestContext } from '../../kit/correlation-middleware.js';
import { decodeRatedAnswer, FEEDBACK_MODAL, feedbackModalErrors, parseFeedbackComment } from './feedback-messages.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import type { ListenerRegistry } from '../../kit/listener-router.js';

export function registerFeedbackViews(app: ListenerRegistry, deps: ListenerDeps): void {
  app.view(FEEDBACK_MODAL.callbackId, feedbackModalSubmit(deps));
}

export function feedbackModalSubmit(deps: ListenerDeps): Middleware<SlackViewMiddlewareArgs<ViewSubmitAction>> {
  return async ({ ack, view, body, context }) => {
    const answer = decodeRatedAnswer(view.private_metadata);
    if (!answer) {
      await ack(feedbackModalErrors('This form no longer works. Close it and click 👎 again.'));
      return;
    }
    const parsed = parseFeedbackComment(view.state.values[FEEDBACK_MODAL.blockId]?.[FEEDBACK_MODAL.inputActionId]?.value);
    if (!parsed.ok) {
      await ack(feedbackModalErrors(parsed.error));
      return;
    }
    const { log } = requestContext(context, deps.logger);
    try {
      const saved = await deps.stores.feedback.comment(answer, body.user.id, parsed.comment);
      if (!saved) {
        await ack(feedbackModalErrors('Rate the answer with 👍 or 👎 first; this note goes with your vote.'));
        return;
      }
    } catch (error) {
      log.error('feedback comment not stored', { error, runId: answer.runId });
      await ack(feedbackModalErrors('Your note could not be saved just now. Please press Send again.'));
      return;
    }
    await ack();
    log.info('answer feedback comment stored', {
      runId: answer.runId,
      conversationId: answer.conversationId,
      chars: parsed.comment.length,
    });
  };
}
