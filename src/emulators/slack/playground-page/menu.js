// Popup menus (overflow menus, the message "…" menu) and Block Kit confirm dialogs.

import { h, clear } from './dom.js';

let openMenuState = null;

export function closeMenu() {
  if (!openMenuState) return;
  openMenuState.el.remove();
  document.removeEventListener('mousedown', openMenuState.onOutside, true);
  document.removeEventListener('keydown', openMenuState.onKey, true);
  openMenuState.anchor.setAttribute('aria-expanded', 'false');
  openMenuState = null;
}

/** Opens a menu under `anchor`. items: [{ label: Node|string, onSelect, danger? , hint? }] */
export function openMenu(anchor, items, { label = 'Menu', align = 'left' } = {}) {
  const wasOpenForAnchor = openMenuState?.anchor === anchor;
  closeMenu();
  if (wasOpenForAnchor) return;
  const el = h(
    'div',
    { class: 'popup-menu', role: 'menu', 'aria-label': label },
    items.map((item) =>
      h(
        'button',
        {
          type: 'button',
          class: `popup-menu-item${item.danger ? ' danger' : ''}`,
          role: 'menuitem',
          onclick: (e) => {
            e.stopPropagation();
            closeMenu();
            item.onSelect();
          },
        },
        h('span', { class: 'popup-menu-label' }, item.label),
        item.hint ? h('span', { class: 'popup-menu-hint' }, item.hint) : null,
      ),
    ),
  );
  document.body.appendChild(el);
  const rect = anchor.getBoundingClientRect();
  const width = el.offsetWidth;
  const left = align === 'right' ? rect.right - width : rect.left;
  el.style.left = `${Math.max(8, Math.min(window.innerWidth - width - 8, left))}px`;
  const below = rect.bottom + 4;
  el.style.top = below + el.offsetHeight > window.innerHeight - 8 ? `${Math.max(8, rect.top - el.offsetHeight - 4)}px` : `${below}px`;
  anchor.setAttribute('aria-expanded', 'true');
  const onOutside = (e) => {
    if (!el.contains(e.target) && e.target !== anchor && !anchor.contains(e.target)) closeMenu();
  };
  const onKey = (e) => {
    const buttons = [...el.querySelectorAll('button')];
    const index = buttons.indexOf(document.activeElement);
    if (e.key === 'Escape') {
      closeMenu();
      anchor.focus();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      buttons[(index + 1) % buttons.length]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      buttons[(index - 1 + buttons.length) % buttons.length]?.focus();
    }
  };
  document.addEventListener('mousedown', onOutside, true);
  document.addEventListener('keydown', onKey, true);
  openMenuState = { el, anchor, onOutside, onKey };
  el.querySelector('button')?.focus();
}

/**
 * A Block Kit `confirm` object as a dialog; resolves true when confirmed.
 * @see https://docs.slack.dev/reference/block-kit/composition-objects/confirmation-dialog-object
 */
export function askConfirm(confirm, renderText) {
  return new Promise((resolve) => {
    const layer = document.getElementById('dialog-layer');
    const done = (answer) => {
      clear(layer);
      layer.hidden = true;
      resolve(answer);
    };
    const dialog = h(
      'div',
      { class: 'confirm-dialog', role: 'alertdialog', 'aria-modal': 'true', 'aria-label': confirm.title?.text ?? 'Are you sure?' },
      h('h2', { class: 'confirm-title' }, confirm.title?.text ?? 'Are you sure?'),
      h('div', { class: 'confirm-text' }, confirm.text ? renderText(confirm.text) : null),
      h(
        'div',
        { class: 'confirm-buttons' },
        h('button', { type: 'button', class: 'btn', onclick: () => done(false) }, confirm.deny?.text ?? 'Cancel'),
        h(
          'button',
          { type: 'button', class: `btn ${confirm.style === 'danger' ? 'btn-danger' : 'btn-primary'}`, onclick: () => done(true) },
          confirm.confirm?.text ?? 'Yes',
        ),
      ),
    );
    clear(layer);
    layer.appendChild(dialog);
    layer.hidden = false;
    dialog.querySelector('.btn-primary, .btn-danger')?.focus();
  });
}
