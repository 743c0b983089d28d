// A person's avatar: initials on a colour picked from their id, the app's bot a chart glyph.

import { h } from './dom.js';

const AVATAR_COLOURS = ['#e8912d', '#2eb67d', '#36c5f0', '#e01e5a', '#4a154b', '#1264a3', '#9b59b6', '#7c8b94'];

export function avatar(person, size = 'md') {
  if (person.is_bot) {
    return h('div', { class: `avatar avatar-${size} avatar-bot`, 'aria-hidden': 'true' }, h('span', null, '📈'));
  }
  const name = person.real_name || person.name || person.id || '?';
  const colour = AVATAR_COLOURS[[...String(person.id ?? name)].reduce((a, c) => a + c.charCodeAt(0), 0) % AVATAR_COLOURS.length];
  const initials = name
    .split(/\s+/)
    .map((p) => p[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return h('div', { class: `avatar avatar-${size}`, style: { background: colour }, 'aria-hidden': 'true' }, initials);
}
