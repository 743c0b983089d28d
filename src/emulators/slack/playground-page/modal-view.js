// The open modal (top of the user's view stack) as an overlay. Inputs report through a registry
// so Submit can send Slack's view.state.values shape: { block_id: { action_id: { type, value | selected_* } } }.

import { h, clear } from './dom.js';
import { renderBlocks } from './blocks-render.js';
import { plainOf } from './elements.js';

const TEXT_INPUTS = new Set(['plain_text_input', 'email_text_input', 'url_text_input', 'number_input', 'rich_text_input']);

/** The emulator may return stored views ({ id, view: {...}, errors }) or API views ({ id, blocks, title … }). */
export function normaliseView(raw) {
  if (!raw || typeof raw !== 'object') return null;
  const inner = raw.view && typeof raw.view === 'object' ? raw.view : raw;
  return {
    id: raw.id ?? inner.id,
    hash: raw.hash ?? inner.hash ?? '',
    title: inner.title,
    submit: inner.submit,
    close: inner.close,
    blocks: inner.blocks ?? [],
    callback_id: inner.callback_id,
    errors: raw.errors ?? inner.errors ?? {},
    type: raw.type ?? inner.type ?? 'modal',
  };
}

/**
 * createModalController({ layer, blockCtx, onSubmit(view, values), onClose(view), onAction(view, details) })
 * show(rawViews) renders the top view, re-rendering only when the view or its hash changes
 * (so typed input survives live updates); field errors are patched in place.
 */
export function createModalController({ layer, blockCtx, onSubmit, onClose, onAction }) {
  let current = null;
  let inputs = new Map();
  let dialog = null;

  const collect = () => {
    const values = {};
    for (const [key, entry] of inputs) {
      const [blockId, actionId] = JSON.parse(key);
      const { value, ...rest } = entry.read();
      values[blockId] ??= {};
      values[blockId][actionId] = TEXT_INPUTS.has(entry.type) ? { type: entry.type, value: value ?? null } : { type: entry.type, ...rest };
    }
    return values;
  };

  const applyErrors = (errors) => {
    if (!dialog) return;
    for (const block of dialog.querySelectorAll('.block-input')) {
      const id = block.dataset.blockId;
      block.querySelector('.input-error')?.remove();
      block.classList.toggle('has-error', Boolean(errors?.[id]));
      if (errors?.[id]) {
        const control = block.querySelector('.input-label').nextSibling;
        control.after(h('div', { class: 'input-error', role: 'alert' }, String(errors[id])));
      }
    }
  };

  const hide = () => {
    clear(layer);
    layer.hidden = true;
    current = null;
    dialog = null;
    inputs = new Map();
  };

  const render = (view) => {
    inputs = new Map();
    const ctx = {
      ...blockCtx(),
      surface: 'modal',
      errors: view.errors,
      registerInput: (blockId, actionId, type, read, write) => inputs.set(JSON.stringify([blockId, actionId]), { type, read, write }),
      onAction: (details) => onAction(view, details),
    };
    const submitButton = view.submit ? h('button', { type: 'submit', class: 'btn btn-primary' }, plainOf(view.submit)) : null;
    const closeLabel = plainOf(view.close) || (view.submit ? 'Cancel' : 'Close');
    const form = h(
      'form',
      { class: 'modal', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'modal-title', 'data-view-id': view.id, novalidate: true },
      h(
        'div',
        { class: 'modal-header' },
        h('div', { class: 'modal-app-icon', 'aria-hidden': 'true' }, '📈'),
        h('h2', { class: 'modal-title', id: 'modal-title' }, plainOf(view.title) || 'Research Desk'),
        h('button', { type: 'button', class: 'modal-x', 'aria-label': 'Close', onclick: () => onClose(view) }, '✕'),
      ),
      h('div', { class: 'modal-body' }, renderBlocks(view.blocks, ctx)),
      h(
        'div',
        { class: 'modal-footer' },
        h('button', { type: 'button', class: 'btn', onclick: () => onClose(view) }, closeLabel),
        submitButton,
      ),
    );
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      if (submitButton) submitButton.disabled = true;
      try {
        await onSubmit(view, collect());
      } finally {
        if (submitButton) submitButton.disabled = false;
      }
    });
    form.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') onClose(view);
    });
    clear(layer);
    layer.appendChild(h('div', { class: 'modal-backdrop' }, form));
    layer.hidden = false;
    dialog = form;
    const first = form.querySelector('.modal-body input, .modal-body textarea, .modal-body select');
    (first ?? form.querySelector('.modal-x')).focus();
  };

  return {
    show(rawViews) {
      const views = (rawViews ?? []).map(normaliseView).filter((v) => v && v.type !== 'home');
      const top = views[views.length - 1];
      if (!top) return hide();
      if (current && current.id === top.id && current.hash === top.hash) {
        if (JSON.stringify(current.errors) !== JSON.stringify(top.errors)) applyErrors(top.errors);
        current = top;
        return;
      }
      // Slack keeps what the user typed when an update keeps the input's block_id and action_id.
      const typed = current && current.id === top.id ? [...inputs].filter(([, e]) => e.write).map(([key, e]) => [key, e.read().value]) : [];
      current = top;
      render(top);
      for (const [key, value] of typed) inputs.get(key)?.write?.(value);
    },
    showErrors(errors) {
      if (current) current.errors = errors;
      applyErrors(errors);
    },
    hide,
    get current() {
      return current;
    },
    collect,
  };
}
