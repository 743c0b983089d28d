// Slack mrkdwn → DOM nodes. Follows what the Slack client shows: *bold*, _italic_, ~strike~,
// `code`, ```pre```, > quotes, <url|label> links, <@U…>/<#C…|name>/<!here> pills, :emoji:, and
// the three entities Slack escapes (&amp; &lt; &gt;) decoded for display.
// Everything becomes text nodes or elements: message text is never parsed as HTML.

import { h, externalLink } from './dom.js';
import { emojiFor } from './emoji.js';

/** Decodes the entities Slack requires apps to escape. One pass, so '&amp;lt;' shows '&lt;'. */
export function decodeEntities(value) {
  return String(value ?? '').replace(/&(amp|lt|gt|quot|#39);/g, (_, name) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]);
}

const CODE = /`([^`\n]+)`/;
const ANGLE = /<([^<>\n]+)>/;
const BOUNDARY = '[\\p{L}\\p{N}_';
const styleRe = (ch) => {
  const c = ch === '*' ? '\\*' : ch;
  return new RegExp(`(?<!${BOUNDARY}${c}])${c}(?![\\s${c}])([^${c}\\n]*?[^\\s${c}])${c}(?!${BOUNDARY}${c}])`, 'u');
};
const STYLES = [
  { tag: 'b', re: styleRe('*') },
  { tag: 'i', re: styleRe('_') },
  { tag: 's', re: styleRe('~') },
];
const EMOJI = /:([a-z0-9_+'-]+(?:::skin-tone-\d)?):/i;

/** Hides code spans and <…> tokens so formatting markers inside them are not seen. */
function mask(source) {
  let out = '';
  let rest = source;
  for (;;) {
    const code = CODE.exec(rest);
    const angle = ANGLE.exec(rest);
    const first = [code, angle].filter(Boolean).sort((a, b) => a.index - b.index)[0];
    if (!first) return out + rest;
    out += rest.slice(0, first.index) + '\u0000'.repeat(first[0].length);
    rest = rest.slice(first.index + first[0].length);
  }
}

/** Inline mrkdwn of one line → array of nodes. */
export function renderInline(source, ctx = {}) {
  const nodes = [];
  let rest = String(source ?? '');
  while (rest.length > 0) {
    const masked = mask(rest);
    const candidates = [];
    const code = CODE.exec(rest);
    if (code) candidates.push({ kind: 'code', m: code });
    const angle = ANGLE.exec(rest);
    if (angle) candidates.push({ kind: 'angle', m: angle });
    for (const style of STYLES) {
      const m = style.re.exec(masked);
      if (m) candidates.push({ kind: 'style', tag: style.tag, m, inner: rest.substr(m.index + 1, m[1].length) });
    }
    const emoji = EMOJI.exec(masked);
    if (emoji) candidates.push({ kind: 'emoji', m: emoji });
    if (candidates.length === 0) {
      nodes.push(decodeEntities(rest));
      break;
    }
    candidates.sort((a, b) => a.m.index - b.m.index);
    const pick = candidates[0];
    if (pick.m.index > 0) nodes.push(decodeEntities(rest.slice(0, pick.m.index)));
    if (pick.kind === 'code') nodes.push(h('code', { class: 'mrkdwn-code' }, decodeEntities(pick.m[1])));
    else if (pick.kind === 'angle') nodes.push(renderAngleToken(pick.m[1], ctx));
    else if (pick.kind === 'style') nodes.push(h(pick.tag, null, renderInline(pick.inner, ctx)));
    else nodes.push(renderEmoji(pick.m[1]) ?? decodeEntities(pick.m[0]));
    rest = rest.slice(pick.m.index + pick.m[0].length);
  }
  return nodes;
}

export function renderEmoji(name) {
  const glyph = emojiFor(name);
  if (!glyph) return undefined;
  return h('span', { class: 'emoji', title: `:${name}:`, role: 'img', 'aria-label': name.replace(/_/g, ' ') }, glyph);
}

/** Slack's angle-bracket escapes: mentions, special mentions, dates and links. */
export function renderAngleToken(body, ctx = {}) {
  const [target, ...labelParts] = body.split('|');
  const label = labelParts.length > 0 ? labelParts.join('|') : undefined;
  if (target.startsWith('@')) {
    const id = target.slice(1);
    return mentionPill(`@${label ?? ctx.userName?.(id) ?? id}`, 'user', id);
  }
  if (target.startsWith('#')) {
    const id = target.slice(1);
    return mentionPill(`#${label ?? ctx.channelName?.(id) ?? id}`, 'channel', id);
  }
  if (target.startsWith('!')) return renderSpecialMention(target.slice(1), label);
  if (/^(https?:\/\/|mailto:|tel:|slack:)/i.test(target)) {
    const url = decodeEntities(target);
    return externalLink(url, decodeEntities(label ?? url.replace(/^mailto:/, '')));
  }
  return decodeEntities(`<${body}>`);
}

function renderSpecialMention(command, label) {
  const [name, ...args] = command.split('^');
  if (name === 'channel' || name === 'here' || name === 'everyone') {
    return mentionPill(`@${name}`, 'broadcast', name);
  }
  if (name === 'subteam') return mentionPill(decodeEntities(label ?? `@${args[0] ?? 'team'}`), 'user', args[0]);
  if (name === 'date') {
    const seconds = Number(args[0]);
    const shown = Number.isFinite(seconds) ? new Date(seconds * 1000).toLocaleString() : decodeEntities(label ?? '');
    return h('time', { class: 'mrkdwn-date', title: decodeEntities(label ?? '') }, shown);
  }
  return decodeEntities(label ?? `<!${command}>`);
}

export function mentionPill(label, kind, id) {
  return h('span', { class: `mention mention-${kind}`, 'data-id': id }, label);
}

const LIST_LINE = /^(\s*)(•|◦|▪|▫|-|\d+[.)])\s+/;

/**
 * Block-level mrkdwn → one element: ``` fences become <pre>, runs of '> ' lines become quotes,
 * '• ' / '1. ' lines get a hanging indent, everything else one line per div.
 */
export function renderMrkdwn(source, ctx = {}) {
  const root = h('div', { class: 'mrkdwn' });
  const value = String(source ?? '');
  const parts = value.split('```');
  if (parts.length % 2 === 0) {
    // An unclosed fence is shown literally, as Slack does.
    const last = parts.pop();
    parts[parts.length - 1] += `\`\`\`${last}`;
  }
  parts.forEach((part, index) => {
    if (index % 2 === 1) {
      root.appendChild(h('pre', { class: 'mrkdwn-pre' }, decodeEntities(part.replace(/^\n/, '').replace(/\n$/, ''))));
    } else {
      renderLines(root, trimFenceEdges(part, index, parts.length), ctx);
    }
  });
  return root;
}

/** Newlines directly around a fence belong to the fence, as in Slack. */
function trimFenceEdges(text, index, count) {
  let out = text;
  if (index > 0) out = out.replace(/^\n/, '');
  if (index < count - 1) out = out.replace(/\n$/, '');
  return out;
}

function renderLines(root, text, ctx) {
  if (text === '') return;
  let quote = null;
  for (const line of text.split('\n')) {
    const q = /^(&gt;|>)\s?(.*)$/.exec(line);
    if (q) {
      if (!quote) {
        quote = h('blockquote', { class: 'mrkdwn-quote' });
        root.appendChild(quote);
      }
      quote.appendChild(renderLine(q[2], ctx));
      continue;
    }
    quote = null;
    root.appendChild(renderLine(line, ctx));
  }
}

function renderLine(line, ctx) {
  if (line === '') return h('div', { class: 'mrkdwn-line mrkdwn-blank' }, '\u200b');
  const list = LIST_LINE.exec(line);
  if (list) {
    const indent = Math.min(4, Math.floor(list[1].replace(/\t/g, '    ').length / 2));
    return h(
      'div',
      { class: 'mrkdwn-line mrkdwn-li', style: { marginLeft: `${indent * 16}px` } },
      h('span', { class: 'mrkdwn-li-marker' }, list[2]),
      h('span', { class: 'mrkdwn-li-body' }, renderInline(line.slice(list[0].length), ctx)),
    );
  }
  return h('div', { class: 'mrkdwn-line' }, renderInline(line, ctx));
}
