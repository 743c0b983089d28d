// Mentions picked in the composer: readable in the text box (`@Dana Analyst`, `#research`), sent
// the way Slack's client encodes them (`<@U123>`, `<#C123|research>`).
// @see https://docs.slack.dev/messaging/formatting-message-text#mentioning-users

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// A token counts only as a whole word: `#research` is not the start of `#research-desk`.
const tokenPattern = (label) => new RegExp(`(^|[\\s(])${escapeRegExp(label)}(?=$|[\\s.,;:!?)])`, 'g');

/** The wire form of a token. Slash commands get Slack's escaped command form, with the name after `|`. */
function encodedToken(token, forCommand) {
  const name = token.label.slice(1);
  if (token.kind === 'channel') return `<#${token.id}|${name}>`;
  return forCommand ? `<@${token.id}|${name}>` : `<@${token.id}>`;
}

/**
 * The text to send: every picked token still present, as a whole word, replaced by its encoded form.
 * tokens: [{ kind: 'user' | 'channel', id, label }]; options.command: the slash command's entry, if any
 * (a command registered with should_escape false receives names as typed, as in Slack).
 */
export function encodeComposerText(text, tokens, { command } = {}) {
  if (command && command.shouldEscape === false) return text;
  const longestFirst = [...tokens].sort((a, b) => b.label.length - a.label.length);
  let encoded = text;
  for (const token of longestFirst) {
    encoded = encoded.replace(tokenPattern(token.label), (_, lead) => `${lead}${encodedToken(token, Boolean(command))}`);
  }
  return encoded;
}

/** The text cut into plain and token segments, for drawing token highlights behind the text box. */
export function tokenSegments(text, tokens) {
  const marks = [];
  for (const token of tokens) {
    for (const match of text.matchAll(tokenPattern(token.label))) {
      const start = match.index + match[1].length;
      marks.push({ start, end: start + token.label.length, kind: token.kind });
    }
  }
  marks.sort((a, b) => a.start - b.start);
  const segments = [];
  let at = 0;
  for (const mark of marks) {
    if (mark.start < at) continue;
    if (mark.start > at) segments.push({ text: text.slice(at, mark.start) });
    segments.push({ text: text.slice(mark.start, mark.end), kind: mark.kind });
    at = mark.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at) });
  return segments;
}
