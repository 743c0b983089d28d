/**
 * marked inline tokens → Slack mrkdwn (for sections) or plain text (for headers and table
 * cells). All token text is untrusted agent output: every literal string goes through
 * escapeMrkdwn, so no `<!channel>`, `<@U…>` or `<url|…>` token can come out of it except the
 * links we build ourselves with mrkdwnLink (http/https only, labelled by present-link.ts).
 * @see https://docs.slack.dev/messaging/formatting-message-text
 */
import type { Token } from 'marked';
import { bold, escapeMrkdwn, inlineCode, italic, mrkdwnLink, plainText, strike } from '../escape.js';
import { NO_TRUSTED_HOSTS, presentLink, type LinkPolicy } from './present-link.js';

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
export function inlineToMrkdwn(tokens: readonly Token[], links: LinkPolicy = NO_TRUSTED_HOSTS): string {
  let out = '';
  for (const t of tokens) {
    switch (t.type) {
      case 'strong':
        out += bold(inlineToMrkdwn(childTokens(t) ?? [], links));
        break;
      case 'em':
        out += italic(inlineToMrkdwn(childTokens(t) ?? [], links));
        break;
      case 'del':
        out += strike(inlineToMrkdwn(childTokens(t) ?? [], links));
        break;
      case 'codespan':
        out += inlineCode(escapeMrkdwn(textOf(t)));
        break;
      case 'br':
        out += '\n';
        break;
      case 'link':
      case 'image': {
        const link = presentLink((t as { href?: unknown }).href, inlineToPlain(childTokens(t) ?? [], links) || textOf(t), links);
        out += link.url ? mrkdwnLink(link.url, link.label) : escapeMrkdwn(link.label);
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
        out += children && children.length > 0 ? inlineToMrkdwn(children, links) : escapeMrkdwn(textOf(t));
      }
    }
  }
  return out;
}

/**
 * Inline tokens → plain text (no markup), for header blocks and raw_text table cells. These
 * surfaces cannot link: a trusted link keeps its address after the label so it can be followed;
 * any other shows the label with its real host, never a bare address a client might link.
 */
function inlineToPlain(tokens: readonly Token[], links: LinkPolicy): string {
  let out = '';
  for (const t of tokens) {
    switch (t.type) {
      case 'br':
        out += '\n';
        break;
      case 'link':
      case 'image': {
        const link = presentLink((t as { href?: unknown }).href, inlineToPlain(childTokens(t) ?? [], links) || textOf(t), links);
        out += link.url && link.trusted && link.label !== link.url ? `${link.label} (${link.url})` : link.label;
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
        out += children && children.length > 0 ? inlineToPlain(children, links) : textOf(t);
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

export function inlineToPlainText(tokens: readonly Token[], links: LinkPolicy = NO_TRUSTED_HOSTS): string {
  return defuseTokens(plainText(inlineToPlain(tokens, links)));
}
