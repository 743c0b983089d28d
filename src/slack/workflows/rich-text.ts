/**
 * `slack#/types/rich_text` outputs: a rich_text block, built only from untrusted-safe parts. Slack
 * reads no markup in a rich text element's text (mentions are elements of their own), and a later
 * step may still put the text where markup is read, so every text passes plainText (no `<!channel>`,
 * `<@U…>` or bare @here/@channel can form) and every link safeUrl (http(s) only).
 * @see https://docs.slack.dev/reference/block-kit/blocks/rich-text-block
 */
import type {
  RichTextBlock,
  RichTextElement,
  RichTextLink,
  RichTextList,
  RichTextPreformatted,
  RichTextSection,
  RichTextText,
} from '@slack/types';
import { clampPlainText } from '../blocks/clamp-text.js';
import { plainText, safeUrl } from '../blocks/escape.js';
import { WORKFLOW_OUTPUT_LIMITS } from '../blocks/limits/workflow-output-limits.js';

type Style = RichTextText['style'];

/** Untrusted text as a text element (never empty: Slack refuses empty text elements). */
export function richText(value: unknown, style?: Style): RichTextText {
  const clean = clampPlainText(plainText(value), WORKFLOW_OUTPUT_LIMITS.elementChars);
  return { type: 'text', text: clean === '' ? ' ' : clean, ...(style ? { style } : {}) };
}

/** A link when the URL is http(s), else its label as text. */
export function richLink(url: unknown, label: unknown, style?: Style): RichTextLink | RichTextText {
  const href = safeUrl(url);
  if (!href) return richText(label, style);
  const text = clampPlainText(plainText(label).replace(/\s+/g, ' ').trim(), WORKFLOW_OUTPUT_LIMITS.elementChars);
  return { type: 'link', url: href, ...(text ? { text } : {}), ...(style ? { style } : {}) };
}

export const section = (...elements: RichTextElement[]): RichTextSection => ({ type: 'rich_text_section', elements });

export const bulletList = (items: RichTextSection[]): RichTextList => ({ type: 'rich_text_list', style: 'bullet', elements: items });

export const orderedList = (items: RichTextSection[]): RichTextList => ({ type: 'rich_text_list', style: 'ordered', elements: items });

/** Monospaced lines (a table with padded columns). */
export const preformatted = (lines: string[]): RichTextPreformatted => ({
  type: 'rich_text_preformatted',
  elements: [richText(lines.join('\n'))],
});

export const richTextBlock = (elements: RichTextBlock['elements']): RichTextBlock => ({ type: 'rich_text', elements });
