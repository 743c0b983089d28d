/**
 * Escaping of untrusted (service or user) text for Slack surfaces.
 *
 * Rules (https://docs.slack.dev/messaging/formatting-message-text):
 * - Only `&`, `<`, `>` are entity-encoded. Every control token (`<@U…>`, `<!here>`,
 *   `<!subteam^…>`, `<url|label>`) needs a literal `<`, so once `<` is escaped no token — and no
 *   mention or broadcast — can form, whatever spacing or pre-escaping the input used. Slack does
 *   not re-parse entities into tokens.
 * - Input that arrives pre-escaped (`&lt;!here&gt;`, as Slack itself sends slash-command text)
 *   is decoded once first, so it renders as the characters the author meant, then re-escaped.
 * - Defence in depth: the bare words `@here`, `@channel`, `@everyone` get a WORD JOINER (U+2060)
 *   after the `@`. We never set `link_names`, but a client or a future API default that links
 *   bare words would otherwise turn service text into a broadcast. The joiner is invisible.
 * - Control characters (except tab and newline) are dropped and lone surrogates replaced, so
 *   JSON sent to Slack is always well-formed UTF-8.
 */

import { decodeSlackEntities } from './text/decode-slack-entities.js';
import { sanitizeText } from './text/sanitize-text.js';

const BROADCAST_WORD = /@(here|channel|everyone)\b/gi;
const WORD_JOINER = '\u2060';
/** Zero-width space: a non-word character invisible in every client. */
export const ZWSP = '\u200B';

function encodeEntities(text: string): string {
  // Clean text (most of it) passes with one scan instead of three replaces (a CPU profile's find).
  // Stryker disable next-line ConditionalExpression,Regex: equivalent, a fast path; the replaces give clean text back unchanged.
  if (!/[&<>]/.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Makes `@here`-style words inert without visibly changing them. */
function defuseBroadcastWords(text: string): string {
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, a fast path; every broadcast word holds '@'.
  if (!text.includes('@')) return text;
  return text.replace(BROADCAST_WORD, (_m, word: string) => `@${WORD_JOINER}${word}`);
}

/** Untrusted text → mrkdwn that displays literally and can never mention or broadcast. */
export function escapeMrkdwn(value: unknown): string {
  return defuseBroadcastWords(encodeEntities(decodeSlackEntities(sanitizeText(value))));
}

/**
 * Untrusted text → text for a `markdown` block or `markdown_text`. Same entity rule as mrkdwn
 * (entities are not re-parsed there either), plus link syntax `[x](y)` is broken with
 * a zero-width space so service text cannot smuggle links; emphasis is left alone (harmless).
 */
export function escapeForMarkdownBlock(value: unknown): string {
  return escapeMrkdwn(value).replace(/\]\(/g, `]${ZWSP}(`);
}

/**
 * Untrusted text for `plain_text` objects and table `raw_text` cells. Slack is not documented
 * to parse these for tokens (nor documented not to), so a zero-width space after any `<` that
 * starts a token (`<!`, `<@`, `<#`) keeps them inert without changing what people read.
 */
export function plainText(value: unknown): string {
  return defuseBroadcastWords(decodeSlackEntities(sanitizeText(value))).replace(/<(?=[!@#])/g, `<${ZWSP}`);
}

/** http(s) URL normalised by WHATWG URL, or undefined. `|` is percent-encoded (it splits link tokens). */
export function safeUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined; // blank text too
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password) return undefined;
  // WHATWG serialisation percent-encodes whitespace, `<` and `>` (a host refuses them), so only `|` could split the token.
  return url.href.replace(/\|/g, '%7C');
}

/** `<url|label>` for http(s) URLs; otherwise just the escaped label. Newlines in labels become spaces. */
export function mrkdwnLink(url: unknown, label: unknown): string {
  const text = escapeMrkdwn(sanitizeText(label).replace(/\s+/g, ' ').trim());
  const href = safeUrl(url);
  if (!href) return text;
  return `<${href.replace(/&/g, '&amp;')}|${text || escapeMrkdwn(new URL(href).host)}>`;
}

const FULLWIDTH: Record<string, string> = { '*': '＊', _: '＿', '~': '～' };
const SLACK_TOKEN = /(<[^<>]*>)/;

/**
 * Wraps already-escaped mrkdwn in an emphasis marker so it renders next to CJK text.
 *
 * Slack only honours `*`, `_`, `~` at a word boundary, and treats CJK characters as word
 * characters, so `中文*粗体*中文` shows literal asterisks. Our rule: (1) put a zero-width space
 * on both sides of the markers (a non-word character that is invisible), (2) trim whitespace
 * just inside the markers (Slack ignores `* x *`), (3) replace the same marker inside the text
 * with its full-width form (`*ST康美` stays readable and cannot close the emphasis early),
 * leaving `<…>` link tokens untouched. Empty input yields an empty string.
 */
function emphasise(mrkdwn: string, marker: '*' | '_' | '~'): string {
  const inner = mrkdwn
    .trim()
    .split(SLACK_TOKEN)
    .map((part) => (part.startsWith('<') ? part : part.split(marker).join(FULLWIDTH[marker])))
    .join('')
    .replace(/\n+/g, ' ');
  return inner ? `${ZWSP}${marker}${inner}${marker}${ZWSP}` : '';
}

export const bold = (mrkdwn: string): string => emphasise(mrkdwn, '*');
export const italic = (mrkdwn: string): string => emphasise(mrkdwn, '_');
export const strike = (mrkdwn: string): string => emphasise(mrkdwn, '~');

/** Inline code for already-escaped mrkdwn; backticks inside become a look-alike (U+02CB). */
export function inlineCode(mrkdwn: string): string {
  const inner = mrkdwn.replace(/`/g, 'ˋ').replace(/\n+/g, ' ').trim();
  return inner ? `\`${inner}\`` : '';
}
