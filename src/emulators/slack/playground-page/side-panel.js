// A side panel (a drawer over the right of the page, styled by .side-panel in overlays.css), its
// entry in the sidebar, and its live refresh from the emulator's `change` events. Used by the
// Canvases and Workflows panels.

import { h } from './dom.js';

/**
 * Appends a hidden panel to the page: a header with `title` (an element) and a close button, then
 * the body. `prefix` adds the panel's own classes (`<prefix>-panel`, `-header`, `-close`, `-body`).
 */
export function createSidePanel({ prefix, id, labelAttrs, title, closeLabel, onClose }) {
  const body = h('div', { class: `side-panel-body ${prefix}-body` });
  const panel = h(
    'aside',
    { class: `side-panel ${prefix}-panel`, id, role: 'dialog', ...labelAttrs, hidden: true },
    h(
      'header',
      { class: `side-panel-header ${prefix}-header` },
      title,
      h('button', { type: 'button', class: `side-panel-close ${prefix}-close`, 'aria-label': closeLabel, onclick: () => onClose() }, '×'),
    ),
    body,
  );
  document.body.appendChild(panel);
  return { panel, body };
}

/** A sidebar section with one entry (a button `id`) that runs `onClick`. */
export function sidebarEntry({ heading, id, icon, label, onClick }) {
  return h(
    'div',
    { class: 'sidebar-section' },
    h('div', { class: 'sidebar-heading' }, heading),
    h(
      'ul',
      { class: 'sidebar-list' },
      h(
        'li',
        {},
        h(
          'button',
          { type: 'button', class: 'sidebar-item', id, onclick: () => onClick() },
          h('span', { class: 'sidebar-hash' }, icon),
          h('span', { class: 'sidebar-label' }, label),
        ),
      ),
    ),
  );
}

/**
 * Live refresh: while `isOpen()`, a change of one of `kinds` runs `refresh()` once per animation
 * frame. Returns `connect()`, which opens the event stream the first time it is called.
 */
export function liveRefresh({ kinds, isOpen, refresh }) {
  let source = null;
  let frame = 0;
  return function connect() {
    if (source) return;
    source = new EventSource('/api/events');
    source.addEventListener('change', (e) => {
      let kind = '';
      try {
        kind = JSON.parse(e.data)?.kind ?? '';
      } catch {
        // An unreadable event still means something changed.
      }
      if (!isOpen() || !kinds.includes(kind) || frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        refresh();
      });
    });
  };
}
