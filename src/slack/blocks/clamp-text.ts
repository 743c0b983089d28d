/**
 * Cutting text to a Slack limit with '…' without breaking what it shows: never inside a
 * grapheme (emoji sequences, flags, surrogate pairs), and for mrkdwn never inside an `&amp;`-style
 * entity or a `<url|label>` token. Lengths are UTF-16 code units (`String#length`), never fewer
 * than Slack's "characters". The limits themselves are in limits.ts.
 * @see https://docs.slack.dev/messaging/formatting-message-text
 */

export const ELLIPSIS = '…';
const ENTITY_AT_START = /^&(?:amp|lt|gt|#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,8});/i;
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Largest grapheme boundary ≤ cut (never splits a surrogate pair, emoji ZWJ sequence or flag). */
function graphemeBoundary(text: string, cut: number): number {
  const start = Math.max(0, cut - 64);
  const window = text.slice(start, Math.min(text.length, cut + 16));
  let best = start;
  for (const seg of segmenter.segment(window)) {
    const at = start + seg.index;
    if (at > cut) break;
    best = at;
  }
  if (start + window.length === cut) best = cut;
  // Never leave a high surrogate dangling, even if the window began mid-pair.
  const code = text.charCodeAt(best - 1);
  return code >= 0xd800 && code <= 0xdbff ? best - 1 : best;
}

/** Moves a cut back so it does not fall inside `&amp;`-style entities or `<url|label>` tokens. */
function mrkdwnBoundary(text: string, cut: number): number {
  let at = cut;
  const amp = text.lastIndexOf('&', at - 1);
  if (amp >= 0 && at - amp <= 12) {
    const m = ENTITY_AT_START.exec(text.slice(amp, amp + 14));
    if (m && amp + m[0].length > at) at = amp;
  }
  const open = text.lastIndexOf('<', at - 1);
  if (open >= 0) {
    const close = text.indexOf('>', open);
    if (close === -1 || close >= at) at = open;
  }
  return at;
}

function clampWith(text: string, max: number, mrkdwn: boolean): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  if (max <= ELLIPSIS.length) return ELLIPSIS.slice(0, max);
  let cut = graphemeBoundary(text, max - ELLIPSIS.length);
  if (mrkdwn) cut = mrkdwnBoundary(text, cut);
  return `${text.slice(0, cut).trimEnd()}${ELLIPSIS}`;
}

/** Clamps mrkdwn to `max` UTF-16 units with '…', at a grapheme boundary, outside entities and `<…>` tokens. */
export function clampText(text: string, max: number): string {
  return clampWith(text, max, true);
}

/** Clamps plain text (no entities or tokens to respect) at a grapheme boundary. */
export function clampPlainText(text: string, max: number): string {
  return clampWith(text, max, false);
}
