/**
 * A passage of service text (Markdown with LaTeX, tables and emoji codes) as mrkdwn for a
 * card: cut to length at a boundary first (clampSnippet, on the source, so no formula or row
 * is split), formulas as Unicode, Markdown (tables included) as Slack shows it. Emoji codes
 * (`:rocket:`) stay as codes outside code blocks, where Slack draws them.
 */
import { clampSnippet } from '../clamp-snippet.js';
import { markdownToMrkdwn } from './markdown-pieces.js';

/** Spaces and tabs collapsed, line breaks kept (tables need them), at most one blank line. */
function normaliseSpace(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Service text → mrkdwn, at most `maxSourceChars` of the source shown. */
export function snippetToMrkdwn(text: string | undefined, maxSourceChars: number): string {
  const source = clampSnippet(normaliseSpace(text ?? ''), maxSourceChars);
  return markdownToMrkdwn(source).trim(); // markdownToMrkdwn reads formulas as Unicode
}
