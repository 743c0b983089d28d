/**
 * The redactor every log line and every Slack request passes: configured secrets (exact, longest
 * first, 6+ characters) and the shapes of Slack tokens and bearer headers become `[redacted]`, and
 * nothing around them changes.
 */
import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/observability/redactor.js';

describe('createRedactor', () => {
  it('masks a Slack bot, user and app token whole, wherever it stands, and leaves the text around it', () => {
    const redact = createRedactor([]);
    expect(redact('token xoxb-1234567890-abcdef end')).toBe('token [redacted] end');
    expect(redact('xoxp-1-A12345,xoxe-ABCDEF')).toBe('[redacted],[redacted]');
    expect(redact('app xapp-1-A12345-6789 connected')).toBe('app [redacted] connected');
  });

  it('masks Research Desk’s own MCP tokens (rdmcp_…) whole', () => {
    const redact = createRedactor([]);
    expect(redact(`token rdmcp_T0123ABCD_${'Ab-_9'.repeat(8)}xyz end`)).toBe('token [redacted] end');
  });

  it('leaves too-short token look-alikes alone (a word such as xapp-ok is not a token)', () => {
    const redact = createRedactor([]);
    expect(redact('xapp-ok and xoxb-12345 are not tokens')).toBe('xapp-ok and xoxb-12345 are not tokens');
  });

  it('masks the credential of a bearer header, keeping the header and its spacing readable', () => {
    const redact = createRedactor([]);
    expect(redact('Authorization: Bearer abc.def-123')).toBe('Authorization: Bearer [redacted]');
    expect(redact('authorization: bearer  abcdef, next')).toBe('authorization: bearer  [redacted], next');
    expect(redact('{"h":"Bearer tok123"}')).toBe('{"h":"Bearer [redacted]"}');
    expect(redact('a line that ends with Bearer')).toBe('a line that ends with Bearer');
  });

  it('masks a configured secret of exactly six characters, and ignores shorter ones and missing values', () => {
    const redact = createRedactor(['abc123', 'short', undefined]);
    expect(redact('key abc123 in a short line')).toBe('key [redacted] in a short line');
  });

  it('masks a secret that contains another one whole, whatever order they were configured in', () => {
    const inner = 'secret-value';
    const outer = 'prefix-secret-value-suffix';
    for (const secrets of [
      [inner, outer],
      [outer, inner],
      ['other-secret-1', inner, outer],
    ]) {
      expect(createRedactor(secrets)(`x ${outer} y ${inner} z`)).toBe('x [redacted] y [redacted] z');
    }
  });

  it('says a JSON text may change when it holds any one of the secrets as JSON escapes it or as it is, or a token shape', () => {
    const redact = createRedactor(['first-secret', 'quote"secret']);
    const mayChange = redact.mayChangeJson;
    expect(mayChange).toBeDefined();
    expect(mayChange?.(JSON.stringify({ text: 'has first-secret only' }))).toBe(true);
    expect(mayChange?.(JSON.stringify({ text: 'has quote"secret only' }))).toBe(true);
    expect(mayChange?.(JSON.stringify({ text: 'a Bearer header' }))).toBe(true);
    expect(mayChange?.(JSON.stringify({ text: 'xoxb- prefix' }))).toBe(true);
    expect(mayChange?.(JSON.stringify({ text: 'nothing secret here' }))).toBe(false);
    // Nor may a text that only looks like JSON and holds a secret as it is, unescaped.
    expect(mayChange?.('{"text": "x"} quote"secret')).toBe(true);
    expect(mayChange?.('["first-secret"]')).toBe(true);
    const twoEscaped = createRedactor(['quote"secret', 'back\\slash-secret']).mayChangeJson;
    expect(twoEscaped?.('{"text": "x"} back\\slash-secret')).toBe(true);
    expect(twoEscaped?.('{"text": "x"} nothing')).toBe(false);
  });
});
