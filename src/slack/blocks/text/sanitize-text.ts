/**
 * Text as it goes to or comes from Slack, shared by the renderers (slack/blocks) and the
 * argument parsers (slack/commands). A leaf: it imports nothing.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** One scan that clean text (most of it) passes, instead of three replaces. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const MAY_NEED_SANITIZING = /[\r\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uD800-\uDFFF]/;

/** Any value → a string safe to put into JSON for Slack (no control chars, no lone surrogates). */
export function sanitizeText(value: unknown): string {
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  if (!MAY_NEED_SANITIZING.test(text)) return text;
  return text.replace(/\r\n?/g, '\n').replace(CONTROL_CHARS, '').replace(LONE_SURROGATE, '\uFFFD');
}
