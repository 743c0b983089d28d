/**
 * marked inline tokens → Slack mrkdwn (for sections) or plain text (for headers and table
 * cells). All token text is untrusted agent output: every literal string goes through
 * escapeMrkdwn, so no `<!channel>`, `<@U…>` or `<url|…>` token can come out of it except the
 * links we build ourselves with mrkdwnLink (http/https only).
 * @see https://docs.slack.dev/messaging/formatting-message-text
 */
import type { Token } from 'marked';
import { bold, escapeMrkdwn, inlineCode, italic, mrkdwnLink, plainText, safeUrl, strike } from '../escape.js';

/** A real HTML tag (not `<!channel>`, `<@U…>` or a comment): formatting we drop. */
const HTML_TAG = /^<\/?([a-z][a-z0-9-]*)(\s[^<>]*)?\/?>$/i;
const HTML_COMMENT = /^<!--[\s\S]*-->$/;

/** What inline html renders as: line breaks for <br>, nothing for other tags, escaped text otherwise. */
function inlineHtmlText(html: string): { kind: 'break' } | { kind: 'drop' } | { kind: 'text'; text: string } {
  const trimmed = html.trim();
  if (HTML_COMMENT.test(trimmed)) return { kind: 'drop' };
  const m = HTML_TAG.exec(trimmed);
  if (m) return m[1]?.toLowerCase() === 'br' ? { kind: 'break' } : { kind: 'drop' };
  return { kind: 'text', text: html };
}

function childTokens(t: Token): Token[] | undefined {
  const tokens = (t as { tokens?: unknown }).tokens;
  return Array.isArray(tokens) ? (tokens as Token[]) : undefined;
}

function textOf(t: Token): string {
  const text = (t as { text?: unknown }).text;
  return typeof text === 'string' ? text : '';
}

/** Inline tokens → mrkdwn. Emphasis markers get the CJK-safe treatment of escape.ts. */
export function inlineToMrkdwn(tokens: readonly Token[]): string {
  let out = '';
  for (const t of tokens) {
    switch (t.type) {
      case 'strong':
        out += bold(inlineToMrkdwn(childTokens(t) ?? []));
        break;
      case 'em':
        out += italic(inlineToMrkdwn(childTokens(t) ?? []));
        break;
      case 'del':
        out += strike(inlineToMrkdwn(childTokens(t) ?? []));
        break;
      case 'codespan':
        out += inlineCode(escapeMrkdwn(textOf(t)));
        break;
      case 'br':
        out += '\n';
        break;
      case 'link':
      case 'image': {
        const href = (t as { href?: unknown }).href;
        const label = inlineToPlain(childTokens(t) ?? []) || textOf(t);
        out += safeUrl(href) ? mrkdwnLink(href, label || String(href)) : escapeMrkdwn(label);
        break;
      }
      case 'html': {
        const h = inlineHtmlText(textOf(t));
        if (h.kind === 'break') out += '\n';
        else if (h.kind === 'text') out += escapeMrkdwn(h.text);
        break;
      }
      case 'checkbox':
        out += (t as { checked?: boolean }).checked ? '☑ ' : '☐ ';
        break;
      default: {
        // text, escape, and anything an extension adds: its children if any, else its text.
        const children = childTokens(t);
        out += children && children.length > 0 ? inlineToMrkdwn(children) : escapeMrkdwn(textOf(t));
      }
    }
  }
  return out;
}

/**
 * Inline tokens → plain text (no markup), for header blocks and raw_text table cells. Links
 * keep their address after the label, since these surfaces cannot link.
 */
function inlineToPlain(tokens: readonly Token[]): string {
  let out = '';
  for (const t of tokens) {
    switch (t.type) {
      case 'br':
        out += '\n';
        break;
      case 'link':
      case 'image': {
        const href = (t as { href?: unknown }).href;
        const label = inlineToPlain(childTokens(t) ?? []) || textOf(t);
        const url = safeUrl(href);
        out += url && label && label !== url && label !== href ? `${label} (${url})` : label || (url ?? '');
        break;
      }
      case 'html': {
        const h = inlineHtmlText(textOf(t));
        if (h.kind === 'break') out += '\n';
        else if (h.kind === 'text') out += h.text;
        break;
      }
      case 'checkbox':
        out += (t as { checked?: boolean }).checked ? '☑ ' : '☐ ';
        break;
      default: {
        const children = childTokens(t);
        out += children && children.length > 0 ? inlineToPlain(children) : textOf(t);
      }
    }
  }
  return out;
}

/**
 * Text for plain_text objects and raw_text cells: sanitised, broadcast words defused, and a
 * WORD JOINER after `<` of anything token-like (`<!here>`, `<@U…>`, `<#C…>`): whether these
 * surfaces ever parse tokens is not documented (https://docs.slack.dev/messaging/formatting-message-text), so they cannot form one.
 */
export function defuseTokens(text: string): string {
  return text.replace(/<(?=[!@#])/g, '<\u2060');
}

export function inlineToPlainText(tokens: readonly Token[]): string {
  return defuseTokens(plainText(inlineToPlain(tokens)));
}
