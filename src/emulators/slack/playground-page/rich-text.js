// rich_text blocks (what Slack's own composer produces) and rich_text table cells → DOM.
// Text inside rich_text is raw (not entity-escaped), so it goes into text nodes as is.

import { h, externalLink } from './dom.js';
import { emojiFor } from './emoji.js';
import { mentionPill } from './mrkdwn.js';

const BULLETS = ['•', '◦', '▪'];
const ORDERED_STYLES = ['decimal', 'lower-alpha', 'lower-roman'];

export function renderRichText(block, ctx = {}) {
  const root = h('div', { class: 'rich-text' });
  for (const element of block.elements ?? []) root.appendChild(renderRichTextElement(element, ctx));
  return root;
}

export function renderRichTextElement(element, ctx) {
  switch (element?.type) {
    case 'rich_text_section':
      return h('div', { class: 'rt-section' }, renderInlineElements(element.elements, ctx));
    case 'rich_text_list': {
      const indent = Math.max(0, Math.min(6, Number(element.indent ?? 0)));
      const ordered = element.style === 'ordered';
      const list = h(ordered ? 'ol' : 'ul', {
        class: `rt-list${element.border ? ' rt-list-border' : ''}`,
        start: ordered && element.offset ? Number(element.offset) + 1 : undefined,
        style: {
          marginLeft: `${indent * 22}px`,
          listStyleType: ordered ? ORDERED_STYLES[indent % 3] : `"${BULLETS[indent % 3]}  "`,
        },
      });
      for (const item of element.elements ?? []) list.appendChild(h('li', null, renderInlineElements(item.elements, ctx)));
      return list;
    }
    case 'rich_text_quote':
      return h('blockquote', { class: 'rt-quote' }, renderInlineElements(element.elements, ctx));
    case 'rich_text_preformatted':
      return h('pre', { class: 'rt-pre' }, renderInlineElements(element.elements, ctx, { plain: true }));
    default:
      return h('div', { class: 'unsupported' }, `[${element?.type ?? 'unknown'} element]`);
  }
}

export function renderInlineElements(elements, ctx, options = {}) {
  return (elements ?? []).map((el) => renderInlineElement(el, ctx, options));
}

function styled(node, style, plain) {
  if (!style || plain) return node;
  let out = node;
  if (style.code) out = h('code', { class: 'rt-code' }, out);
  if (style.strike) out = h('s', null, out);
  if (style.italic) out = h('i', null, out);
  if (style.bold) out = h('b', null, out);
  if (style.underline) out = h('u', null, out);
  return out;
}

function renderInlineElement(el, ctx, { plain = false } = {}) {
  switch (el?.type) {
    case 'text':
      return styled(document.createTextNode(String(el.text ?? '')), el.style, plain);
    case 'link':
      return styled(externalLink(String(el.url ?? '#'), String(el.text ?? el.url ?? '')), el.style, plain);
    case 'user':
      return mentionPill(`@${ctx.userName?.(el.user_id) ?? el.user_id}`, 'user', el.user_id);
    case 'usergroup':
      return mentionPill(`@${el.usergroup_id}`, 'user', el.usergroup_id);
    case 'channel':
      return mentionPill(`#${ctx.channelName?.(el.channel_id) ?? el.channel_id}`, 'channel', el.channel_id);
    case 'broadcast':
      return mentionPill(`@${el.range ?? 'here'}`, 'broadcast', el.range);
    case 'emoji': {
      const glyph = el.unicode ? codepointsToString(el.unicode) : emojiFor(el.name);
      return glyph ? h('span', { class: 'emoji', title: `:${el.name}:` }, glyph) : document.createTextNode(`:${el.name}:`);
    }
    case 'date': {
      const date = new Date(Number(el.timestamp) * 1000);
      return h(
        'time',
        { class: 'mrkdwn-date', title: String(el.format ?? '') },
        Number.isFinite(date.getTime()) ? date.toLocaleString() : String(el.fallback ?? ''),
      );
    }
    case 'color':
      return h(
        'span',
        { class: 'rt-color' },
        h('span', { class: 'rt-swatch', style: { background: String(el.value ?? '') } }),
        String(el.value ?? ''),
      );
    default:
      return document.createTextNode('');
  }
}

function codepointsToString(unicode) {
  try {
    return String.fromCodePoint(
      ...String(unicode)
        .split('-')
        .map((cp) => parseInt(cp, 16)),
    );
  } catch {
    return undefined;
  }
}
