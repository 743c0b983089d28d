/**
 * The name and title of a report shared as a file. The name comes from the report's title, made
 * safe for any file system and for Slack (letters and digits of any script, single dashes,
 * bounded length); the title is plain text with mentions and broadcast words defused.
 */
import { plainText } from '../../blocks/escape.js';
import { clampPlainText } from '../../blocks/clamp-text.js';
import { defuseTokens } from '../../blocks/markdown/inline-to-mrkdwn.js';

const MAX_NAME_CHARS = 80;
/** Slack shows file titles up to 255 characters. */
const MAX_TITLE_CHARS = 250;
const FALLBACK_NAME = 'research-report';

export function reportFileName(title: string | undefined): string {
  // Lower case first: it can add combining marks (İ → i̇), which are kept after their letter
  // (Devanagari and Thai need them) but never start the name.
  const stem = (title ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^[-\p{M}]+|-+$/gu, '');
  const clamped = [...stem].slice(0, MAX_NAME_CHARS).join('').replace(/-+$/, '');
  return `${clamped || FALLBACK_NAME}.md`;
}

export function reportFileTitle(title: string | undefined): string {
  const clean = defuseTokens(plainText(title ?? ''))
    .replace(/\s+/g, ' ')
    .trim();
  return clampPlainText(clean || 'Research report', MAX_TITLE_CHARS);
}
