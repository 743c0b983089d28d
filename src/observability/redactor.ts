/**
 * Scrubs secrets out of text before it leaves the process. Built from the configured secret
 * values (exact matches) plus the shapes of Slack tokens and bearer headers, so a secret that
 * reaches a log line or an error through some unexpected path is still masked.
 */
/** Each shape with what replaces it: a bearer header keeps its `Bearer ` prefix. */
const TOKEN_SHAPES: ReadonlyArray<readonly [RegExp, string]> = [
  [/xox[abposre]-[0-9A-Za-z-]{6,}/g, '[redacted]'],
  [/xapp-[0-9A-Za-z-]{6,}/g, '[redacted]'],
  // Research Desk's own MCP tokens (src/store/mcp-tokens.ts).
  [/rdmcp_[0-9A-Za-z_-]{6,}/g, '[redacted]'],
  [/(Bearer\s+)[^\s"',]+/gi, '$1[redacted]'],
];

/** What every TOKEN_SHAPES match contains: lines without it skip the replacements. */
const MAY_HOLD_TOKEN = /xox|xapp-|rdmcp_|bearer/i;

export type Redact = ((text: string) => string) & {
  /**
   * False when no string in this JSON text (as JSON.stringify writes it) holds anything the
   * redactor would change, nor the text read as plain text: the text need not be parsed to redact
   * it value by value, nor redacted as it is. Redactors that cannot tell leave it out.
   */
  readonly mayChangeJson?: (jsonText: string) => boolean;
};

export function createRedactor(secrets: ReadonlyArray<string | undefined>): Redact {
  // Longest first so a secret that contains another is masked whole; short values would
  // mask ordinary words, so only secrets of 6+ characters are matched literally.
  const literals = secrets.filter((s): s is string => typeof s === 'string' && s.length >= 6).sort((a, b) => b.length - a.length);
  // A value holding a secret holds it, in the JSON text, as JSON.stringify escapes it.
  const jsonLiterals = literals.map((secret) => JSON.stringify(secret).slice(1, -1));
  // A secret JSON escapes nothing of is the same text both ways: one search finds it either way.
  // Stryker disable next-line MethodExpression,ConditionalExpression: equivalent, searching every secret again finds nothing more (the filter saves the search).
  const escapedLiterals = literals.filter((secret, i) => jsonLiterals[i] !== secret);
  const mayChangeJson = (jsonText: string): boolean =>
    jsonLiterals.some((literal) => jsonText.includes(literal)) ||
    escapedLiterals.some((literal) => jsonText.includes(literal)) ||
    MAY_HOLD_TOKEN.test(jsonText);
  const redact = (text: string): string => {
    let out = text;
    // Almost every line holds no secret: looking costs no allocation, replacing does.
    // Stryker disable next-line ConditionalExpression: equivalent, split and join of a text without the secret give it back unchanged.
    for (const secret of literals) if (out.includes(secret)) out = out.split(secret).join('[redacted]');
    // Stryker disable next-line ConditionalExpression: equivalent, every TOKEN_SHAPES match holds MAY_HOLD_TOKEN (the test only saves work).
    if (!MAY_HOLD_TOKEN.test(out)) return out;
    for (const [shape, replacement] of TOKEN_SHAPES) out = out.replace(shape, replacement);
    return out;
  };
  return Object.assign(redact, { mayChangeJson });
}
