/**
 * Slack's 👍/👎 under a final answer: `feedback_buttons` in a `context_actions` block. Each
 * button's value names the vote and the service conversation, and the click brings the message
 * (channel, ts, and our run metadata), so the handler knows what was rated without reading the
 * store. The value holds nothing run-specific, so a replay renders exactly like the original.
 * @see https://docs.slack.dev/reference/block-kit/block-elements/feedback-buttons-element
 * @see https://docs.slack.dev/reference/block-kit/blocks/context-actions-block
 */
import type { ContextActionsBlock } from '@slack/types';
import { z } from 'zod';
import { decodeJson, jsonOf } from '../../kit/button-values.js';
import { SLACK_LIMITS } from '../../blocks/limits.js';
import type { AnswerLanguage } from '../../../language/answer-language.js';

/** What a screen reader says for each button, in the answer's language. */
const LABELS: Record<AnswerLanguage, { positive: string; negative: string }> = {
  en: { positive: 'Good answer', negative: 'Bad answer' },
  zh: { positive: '回答有帮助', negative: '回答没有帮助' },
};

export const FEEDBACK_ACTION_ID = 'rd.answer.feedback';

export type FeedbackVoteValue = 'positive' | 'negative';

export interface FeedbackValue {
  vote: FeedbackVoteValue;
  /** The service conversation, as decimal text ('' when the run never had one). */
  conversationId: string;
}

/** Conversation ids are the service's and short; a longer one is cut so the value always fits. */
const ID_BUDGET = 200;

// The id is cut in code points, each up to two UTF-16 units.
const feedbackValueJson = jsonOf(z.object({ f: z.enum(['p', 'n']), c: z.string().max(2 * ID_BUDGET) }));

/** The value of one button: the id cut (in code points) until the JSON fits Slack's 2,000 characters. */
export function encodeFeedbackValue(v: FeedbackValue): string {
  const f = v.vote === 'positive' ? 'p' : 'n';
  for (let budget = ID_BUDGET; ; budget = Math.floor(budget / 2)) {
    const encoded = JSON.stringify({ f, c: [...v.conversationId].slice(0, budget).join('') });
    if (encoded.length <= SLACK_LIMITS.buttonValueChars || budget === 0) return encoded;
  }
}

export function decodeFeedbackValue(value: string | undefined): FeedbackValue | null {
  const v = decodeJson(feedbackValueJson, value);
  return v && { vote: v.f === 'p' ? 'positive' : 'negative', conversationId: v.c };
}

export function feedbackButtonsBlock(answer: { conversationId: string }, language: AnswerLanguage = 'en'): ContextActionsBlock {
  const value = (vote: FeedbackVoteValue): string => encodeFeedbackValue({ vote, conversationId: answer.conversationId });
  const labels = LABELS[language];
  return {
    type: 'context_actions',
    elements: [
      {
        type: 'feedback_buttons',
        action_id: FEEDBACK_ACTION_ID,
        positive_button: { text: { type: 'plain_text', text: '👍' }, value: value('positive'), accessibility_label: labels.positive },
        negative_button: { text: { type: 'plain_text', text: '👎' }, value: value('negative'), accessibility_label: labels.negative },
      },
    ],
  };
}
