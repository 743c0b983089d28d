/**
 * What a 👍/👎 click gets back: the clicker's private thanks (after a 👎, with a button that
 * opens the optional "what was wrong" modal), the modal itself, and its field errors. The
 * answer being rated travels in the button value and the modal's private_metadata, so neither
 * the button nor the submission needs a store lookup to know which answer it is about.
 * @see https://docs.slack.dev/surfaces/modals#displaying_errors
 */
import type { ModalView } from '@slack/types';
import { z } from 'zod';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { decodeJson, jsonOf } from '../../kit/button-values.js';
import { actions, button, section } from '../../blocks/card-parts.js';
import { clampView, SLACK_LIMITS } from '../../blocks/limits.js';
import type { FeedbackVoteValue } from './feedback-buttons.js';

export const FEEDBACK_MODAL = {
  /** The "Tell us what was wrong" button in the thanks after a 👎. */
  openActionId: 'rd.answer.feedback_comment',
  callbackId: 'rd.answer.feedback_modal',
  blockId: 'feedback_comment',
  inputActionId: 'feedback_comment_input',
  /** Our own cap: enough for a few sentences, far under Slack's 3,000 for a text input. */
  maxChars: 1000,
} as const;

/** The rated answer: Slack team, channel and message, our run, the service conversation. */
export interface RatedAnswer {
  teamId: string;
  channelId: string;
  messageTs: string;
  runId: string;
  conversationId: string;
}

const idText = z.string().max(200);
const ratedAnswerJson = jsonOf(z.object({ t: idText.min(1), ch: idText.min(1), ts: idText.min(1), r: idText.min(1), c: idText }));

export function encodeRatedAnswer(a: RatedAnswer): string {
  const cut = (s: string) => s.slice(0, 200);
  return JSON.stringify({ t: cut(a.teamId), ch: cut(a.channelId), ts: cut(a.messageTs), r: cut(a.runId), c: cut(a.conversationId) });
}

export function decodeRatedAnswer(text: string | undefined): RatedAnswer | null {
  const v = decodeJson(ratedAnswerJson, text);
  return v && { teamId: v.t, channelId: v.ch, messageTs: v.ts, runId: v.r, conversationId: v.c };
}

export interface FeedbackOutcome {
  vote: FeedbackVoteValue;
  /** The vote it replaced; the same vote means the click changed nothing. */
  previous: FeedbackVoteValue | null;
}

/** The clicker's private answer to a 👍/👎. */
export function renderFeedbackThanks(outcome: FeedbackOutcome, answer: RatedAnswer): SlackMessage {
  const glyph = outcome.vote === 'positive' ? '👍' : '👎';
  if (outcome.previous === outcome.vote) {
    const text = `You already rated this answer ${glyph}; it counts once.`;
    return { text, blocks: [section(text)] };
  }
  if (outcome.vote === 'positive') {
    const text = 'Thanks for the 👍. It helps us see which answers work.';
    return { text, blocks: [section(text)] };
  }
  const text = 'Thanks for the 👎. If you have a moment, tell us what was wrong (optional).';
  return {
    text,
    blocks: [
      section(text),
      actions([button({ text: 'Tell us what was wrong', actionId: FEEDBACK_MODAL.openActionId, value: encodeRatedAnswer(answer) })]),
    ],
  };
}

export function renderFeedbackModal(answer: RatedAnswer): ModalView {
  return clampView({
    type: 'modal',
    callback_id: FEEDBACK_MODAL.callbackId,
    private_metadata: encodeRatedAnswer(answer),
    title: { type: 'plain_text', text: 'What was wrong?' },
    submit: { type: 'plain_text', text: 'Send' },
    close: { type: 'plain_text', text: 'Cancel' },
    blocks: [
      {
        type: 'input',
        block_id: FEEDBACK_MODAL.blockId,
        label: { type: 'plain_text', text: 'What was wrong with the answer?' },
        hint: { type: 'plain_text', text: `Wrong figures, missing sources, off topic … (up to ${FEEDBACK_MODAL.maxChars} characters)` },
        element: {
          type: 'plain_text_input',
          action_id: FEEDBACK_MODAL.inputActionId,
          multiline: true,
          max_length: Math.min(FEEDBACK_MODAL.maxChars, SLACK_LIMITS.plainTextInputChars),
        },
      },
    ],
  });
}

export type FeedbackCommentResult = { ok: true; comment: string } | { ok: false; error: string };

/** The submitted text, or the field error for empty or too long input. */
export function parseFeedbackComment(raw: string | null | undefined): FeedbackCommentResult {
  const comment = (raw ?? '').trim();
  if (comment === '') return { ok: false, error: 'Say in a few words what was wrong, or close this form.' };
  const length = [...comment].length;
  if (length > FEEDBACK_MODAL.maxChars) {
    return { ok: false, error: `Please keep it under ${FEEDBACK_MODAL.maxChars} characters (this is ${length}).` };
  }
  return { ok: true, comment };
}

export function feedbackModalErrors(error: string): { response_action: 'errors'; errors: Record<string, string> } {
  return { response_action: 'errors', errors: { [FEEDBACK_MODAL.blockId]: error } };
}
