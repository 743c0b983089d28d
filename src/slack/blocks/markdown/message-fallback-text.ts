/**
 * The top-level `text` of a message with blocks: shown in notifications and read by screen
 * readers. Derived from the message's first text; escaped mrkdwn (Slack parses it too).
 */
import type { KnownBlock } from '@slack/types';
import type { AnswerLanguage } from '../../../language/answer-language.js';
import { messageWords } from '../../../language/message-words.js';
import { ZWSP, escapeMrkdwn } from '../escape.js';
import { clampText } from '../clamp-text.js';
import { tableCellText } from '../table-cell-text.js';

/** Short enough for a notification line. */
const FALLBACK_WORDS_CHARS = 150;

/** mrkdwn → readable words: links to labels, markers and fences removed, whitespace collapsed. */
function mrkdwnToWords(mrkdwn: string): string {
  return mrkdwn
    .replace(/<([^<>|]*)\|([^<>]*)>/g, '$2')
    .replace(/<([^<>]*)>/g, '$1')
    .replace(/```/g, ' ')
    .replace(new RegExp(`${ZWSP}[*_~]|[*_~]${ZWSP}`, 'g'), '')
    .replace(/[\u200B\u2060]/g, '')
    .replace(/^\s*>\s?/gm, '')
    .replace(/`/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function firstWords(blocks: readonly KnownBlock[], language: AnswerLanguage): string {
  for (const b of blocks) {
    if (b.type === 'header') return escapeMrkdwn(b.text.text);
    if (b.type === 'section' && b.text) {
      const words = b.text.type === 'mrkdwn' ? mrkdwnToWords(b.text.text) : escapeMrkdwn(b.text.text);
      if (words !== '') return words;
    }
    if (b.type === 'data_table') return escapeMrkdwn(b.caption);
    if (b.type === 'table' && b.rows[0])
      return escapeMrkdwn(messageWords(language).tableFallback(b.rows[0].map((c) => tableCellText(c).trim())));
  }
  for (const b of blocks) {
    if (b.type === 'context') {
      const el = b.elements.find((e) => e.type === 'mrkdwn' || e.type === 'plain_text');
      if (el && 'text' in el) return mrkdwnToWords(el.text);
    }
  }
  return '';
}

/** First words of the blocks (≤ 150 chars, cut at a word boundary), plus "(part i of n)". */
export function messageFallbackText(
  blocks: readonly KnownBlock[],
  part?: { part: number; of: number },
  language: AnswerLanguage = 'en',
): string {
  let words = firstWords(blocks, language);
  if (words.length > FALLBACK_WORDS_CHARS) {
    const cut = words.lastIndexOf(' ', FALLBACK_WORDS_CHARS);
    words = cut > FALLBACK_WORDS_CHARS / 2 ? `${words.slice(0, cut)}…` : clampText(words, FALLBACK_WORDS_CHARS);
  }
  if (words === '') words = messageWords(language).defaultFallback;
  return part ? `${words}${messageWords(language).partOf(part.part, part.of)}` : words;
}
