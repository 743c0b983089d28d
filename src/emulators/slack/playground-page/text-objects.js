// Block Kit text objects → DOM: mrkdwn formatted, plain_text with its emoji shortcodes.

import { h } from './dom.js';
import { replaceShortcodes } from './emoji.js';
import { renderMrkdwn, renderInline, decodeEntities } from './mrkdwn.js';

/** A text object: mrkdwn is formatted, plain_text shows emoji shortcodes (unless emoji:false). */
export function renderText(obj, ctx = {}, { inline = false } = {}) {
  if (obj == null) return null;
  if (typeof obj === 'string') return h('span', { class: 'plain-text' }, decodeEntities(obj));
  if (obj.type === 'mrkdwn')
    return inline ? h('span', { class: 'mrkdwn-inline' }, renderInline(obj.text, ctx)) : renderMrkdwn(obj.text, ctx);
  const value = decodeEntities(obj.text ?? '');
  return h('span', { class: 'plain-text' }, obj.emoji === false ? value : replaceShortcodes(value));
}

export function plainOf(obj) {
  if (obj == null) return '';
  return replaceShortcodes(decodeEntities(typeof obj === 'string' ? obj : (obj.text ?? '')));
}
