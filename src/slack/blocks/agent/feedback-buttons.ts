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

// Ids are cut in code points, each up to two UTF-16 units.
const feedbackValueJson = jsonOf(
  z.object({
    f: z.enum(['p', 'n']),
    r: z
      .string()
      .min(1)
      .max(2 * ID_BUDGET),
    c: z.string().max(2 * ID_BUDGET),
  }),
);

/** The value of one button: ids cut (in code points) until the JSON fits Slack's 2,000 characters. */
export function encodeFeedbackValue(v: FeedbackValue): string {
  const f = v.vote === 'positive' ? 'p' : 'n';
  for (let budget = ID_BUDGET; ; budget = Math.floor(budget / 2)) {
    const cut = (id: string): string => [...id].slice(0, Math.max(budget, 1)).join('');
    const encoded = JSON.stringify({ f, r: cut(v.runId), c: budget === 0 ? '' : cut(v.conversationId) });
    if (encoded.length <= SLACK_LIMITS.buttonValueChars || budget === 0) return encoded;
  }
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
