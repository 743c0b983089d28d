/**
 * "Save as canvas" under a finished answer: its value names the answer (the service conversation
 * and our run), so the click can read the answer's events again and save the report, its tables
 * and its sources as a canvas (../canvas/save-answer-canvas.ts). A replayed answer's run id is
 * `replay-<assistant message id>`, so its button names the same answer as the original's.
 * @see https://docs.slack.dev/reference/block-kit/block-elements/button-element
 */
import type { ActionsBlock } from '@slack/types';
import { z } from 'zod';
import { ACTION_IDS } from '../../blocks/action-ids.js';
import { actions, button } from '../../blocks/card-parts.js';
import { SLACK_LIMITS } from '../../blocks/limits.js';
import { decodeJson, jsonOf } from '../../kit/button-values.js';
import type { AnswerLanguage } from '../../../language/answer-language.js';

export const ANSWER_ACTIONS_BLOCK_ID = 'rd_answer_actions';

const LABELS: Record<AnswerLanguage, string> = { en: 'Save as canvas', zh: '保存为画布' };

export interface SavedAnswerValue {
  conversationId: string;
  runId: string;
}

const valueJson = jsonOf(z.object({ c: z.string().min(1).max(400), r: z.string().max(400) }));

export function encodeSavedAnswerValue(v: SavedAnswerValue): string | undefined {
  const value = JSON.stringify({ c: v.conversationId, r: v.runId });
  return value.length <= SLACK_LIMITS.buttonValueChars && v.conversationId.length <= 400 && v.runId.length <= 400 ? value : undefined;
}

export function decodeSavedAnswerValue(value: string | undefined): SavedAnswerValue | null {
  const v = decodeJson(valueJson, value);
  return v && { conversationId: v.c, runId: v.r };
}

/** The row under a finished answer; undefined before the answer has a conversation to name. */
export function saveCanvasBlock(answer: SavedAnswerValue, language: AnswerLanguage = 'en'): ActionsBlock | undefined {
  const value = answer.conversationId === '' ? undefined : encodeSavedAnswerValue(answer);
  if (value === undefined) return undefined;
  return actions([button({ text: LABELS[language], actionId: ACTION_IDS.answerCanvas, value })], ANSWER_ACTIONS_BLOCK_ID);
}
