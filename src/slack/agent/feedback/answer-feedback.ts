/**
 * 👍/👎 on a final answer: the vote is stored once per user and answer (a repeat changes
 * nothing, a switch changes it), and the clicker is thanked privately; after a 👎 the thanks
 * offers the optional "what was wrong" modal, whose text is stored with the vote.
 */
import type { RespondFn } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import type { FeedbackValue } from './feedback-buttons.js';
import { renderFeedbackModal, renderFeedbackThanks, type RatedAnswer } from './feedback-messages.js';
import { renderNotice } from '../../blocks/error-card.js';
import { respondEphemeral } from '../../kit/deliver-card.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';

export interface FeedbackClick {
  value: FeedbackValue;
  teamId: string;
  channelId: string;
  /** The message with the buttons (the click's container). */
  messageTs: string;
  userId: string;
  /** Our run and the service's answer id, from the message's run metadata when Slack sent it. */
  runId?: string;
  assistantMessageId?: string;
  respond: RespondFn;
  log: Logger;
}

const NOT_RECORDED = 'Your feedback could not be saved just now. Please click again in a moment.';

export async function recordAnswerFeedback(deps: ListenerDeps, click: FeedbackClick): Promise<void> {
  const answer: RatedAnswer = {
    teamId: click.teamId,
    channelId: click.channelId,
    messageTs: click.messageTs,
    runId: click.runId ?? '',
    conversationId: click.value.conversationId,
  };
  let outcome: Awaited<ReturnType<ListenerDeps['stores']['feedback']['vote']>>;
  try {
    outcome = await deps.stores.feedback.vote(
      { ...answer, assistantMessageId: click.assistantMessageId ?? '' },
      click.userId,
      click.value.vote,
    );
  } catch (error) {
    click.log.error('answer feedback not recorded', { error, runId: answer.runId });
    await respondEphemeral(click.respond, renderNotice(NOT_RECORDED, ':warning:'));
    return;
  }
  click.log.info('answer feedback recorded', {
    runId: answer.runId,
    conversationId: answer.conversationId,
    vote: click.value.vote,
    previous: outcome.previous,
  });
  await respondEphemeral(click.respond, renderFeedbackThanks({ vote: click.value.vote, previous: outcome.previous }, answer));
}

/** Opens the "what was wrong" modal; the trigger id is good for 3 s, so this runs right after the ack. */
export async function openFeedbackModal(client: WebClient, triggerId: string, answer: RatedAnswer): Promise<void> {
  await client.views.open({ trigger_id: triggerId, view: renderFeedbackModal(answer) });
}
