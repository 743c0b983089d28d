/**
 * "Save as canvas" under a finished answer: its value names the answer (the service conversation
 * and the answer's message id), so the click can read the answer's events again and save the
 * report, its tables and its sources as a canvas (../canvas/save-answer-canvas.ts). Nothing in it
 * is run-specific, so a replay renders exactly like the original and saves the same canvas.
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

/** Service ids are short; longer ones are not ours and get no button. */
const ID_MAX = 400;

export interface SavedAnswerValue {
  conversationId: string;
  assistantMessageId: string;
}

const valueJson = jsonOf(z.object({ c: z.string().min(1).max(ID_MAX), m: z.string().min(1).max(ID_MAX) }));

export function encodeSavedAnswerValue(v: SavedAnswerValue): string | undefined {
  if (v.conversationId.length > ID_MAX || v.assistantMessageId.length > ID_MAX) return undefined;
  const value = JSON.stringify({ c: v.conversationId, m: v.assistantMessageId });
  return value.length <= SLACK_LIMITS.buttonValueChars ? value : undefined;
}

export function decodeSavedAnswerValue(value: string | undefined): SavedAnswerValue | null {
  const v = decodeJson(valueJson, value);
  return v && { conversationId: v.c, assistantMessageId: v.m };
}

/** The row under a finished answer; undefined until the answer's conversation and message ids are known. */
export function saveCanvasBlock(answer: SavedAnswerValue, language: AnswerLanguage = 'en'): ActionsBlock | undefined {
  if (answer.conversationId === '' || answer.assistantMessageId === '') return undefined;
  const value = encodeSavedAnswerValue(answer);
  if (value === undefined) return undefined;
  return actions([button({ text: LABELS[language], actionId: ACTION_IDS.answerCanvas, value })], ANSWER_ACTIONS_BLOCK_ID);
}
