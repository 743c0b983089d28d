/**
 * Slack entity-encodes only `&`, `<` and `>` in the text it sends (slash-command text, message
 * text); renderers and argument parsers both decode them once. A leaf: it imports nothing.
 * @see https://docs.slack.dev/messaging/formatting-message-text
 */

const ENTITY_DECODE: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>' };

/** Decodes Slack's three entities once (`&amp;lt;` → `&lt;`, not `<`). */
export function decodeSlackEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(?:amp|lt|gt);/g, (m) => ENTITY_DECODE[m] ?? m);
}
