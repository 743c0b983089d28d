import type { TextObject } from '@slack/types';
import { clampPlainText, clampText } from '../clamp-text.js';

/** Slack refuses an empty text object: an empty (or emptied) text shows `fallback` instead. */
export const nonEmpty = (text: string, fallback = '—'): string => (text.trim() === '' ? fallback : text);

export function clampTextObject<T extends TextObject>(obj: T, max: number): T {
  const text = nonEmpty(obj.type === 'mrkdwn' ? clampText(obj.text, max) : clampPlainText(obj.text, max));
  return { ...obj, text };
}

export const plainObj = (text: string, max: number) => ({ type: 'plain_text' as const, text: nonEmpty(clampPlainText(text, max)) });
