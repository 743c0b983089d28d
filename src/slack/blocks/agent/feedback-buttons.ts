/**
 * Slack's 👍/👎 under a final answer: `feedback_buttons` in a `context_actions` block. Each
 * button's value names the vote, our run and the service conversation, so the click handler
 * knows what was rated without reading the store; the message itself comes with the click.
 * @see https://docs.slack.dev/reference/block-kit/block-elements/feedback-buttons-element
 * @see https://docs.slack.dev/reference/block-kit/blocks/context-actions-block
 */
import type { ContextActionsBlock } from '@slack/types';
import { z } from 'zod';
import { decodeJson, jsonOf } from '../button-values.js';
import { SLACK_LIMITS } from '../limits.js';

export const FEEDBACK_ACTION_ID = 'rd.answer.feedback';

export type FeedbackVoteValue = 'positive' | 'negative';

export interface FeedbackValue {
  vote: FeedbackVoteValue;
  runId: string;
  /** The service conversation, as decimal text ('' when the run never had one). */
  conversationId: string;
}

/** Ids are ours or the service's and short; longer ones are cut so the value always fits. */
const ID_BUDGET = 200;
const cutId = (id: string): string => id.slice(0, ID_BUDGET);

const feedbackValueJson = jsonOf(z.object({ f: z.enum(['p', 'n']), r: z.string().min(1).max(ID_BUDGET), c: z.string().max(ID_BUDGET) }));

export function encodeFeedbackValue(v: FeedbackValue): string {
  const encoded = JSON.stringify({ f: v.vote === 'positive' ? 'p' : 'n', r: cutId(v.runId), c: cutId(v.conversationId) });
  // Two ids of ID_BUDGET chars cannot reach the limit; the check documents why the cut is enough.
  return encoded.length <= SLACK_LIMITS.buttonValueChars ? encoded : JSON.stringify({ f: 'n', r: '?', c: '' });
}

export function decodeFeedbackValue(value: string | undefined): FeedbackValue | null {
  const v = decodeJson(feedbackValueJson, value);
  return v && { vote: v.f === 'p' ? 'positive' : 'negative', runId: v.r, conversationId: v.c };
}

export function feedbackButtonsBlock(answer: { runId: string; conversationId: string }): ContextActionsBlock {
  const value = (vote: FeedbackVoteValue): string => encodeFeedbackValue({ vote, ...answer });
  return {
    type: 'context_actions',
    elements: [
      {
        type: 'feedback_buttons',
        action_id: FEEDBACK_ACTION_ID,
        positive_button: { text: { type: 'plain_text', text: '👍' }, value: value('positive'), accessibility_label: 'Good answer' },
        negative_button: { text: { type: 'plain_text', text: '👎' }, value: value('negative'), accessibility_label: 'Bad answer' },
      },
    ],
  };
}
