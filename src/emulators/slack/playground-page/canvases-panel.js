// The Canvases panel: the canvases of the channel shown (its tabs and what was shared with it),
// and one canvas opened and rendered from its Markdown (tables included), as Slack shows a canvas.
// A canvas's address (/docs/<team>/<canvas>, what the app's link messages carry) opens it here too.
// Self-starting: app.js imports it once. Routes: PLAYGROUND-API.md, "Canvases".

import { append, h } from './dom.js';
import { renderMarkdown } from './markdown.js';
import { blockCtx, state as page, userInfo } from './page-state.js';

const channelName = (id) => blockCtx().channelName(id) ?? id;

const CANVAS_PATH = /^\/docs\/(T[A-Z0-9]+)\/(F[A-Z0-9]+)\/?$/;

async function getJson(path) {
  try {
    const res = await fetch(path, { headers: { accept: 'application/json' } });
    const body = await res.json().catch(() => null);
    return { ok: res.ok && body?.ok !== false, body };
  } catch (error) {
    return { ok: false, body: { error: 'network_error', message: String(error?.message ?? error) } };
  }
}

/** A canvas's mentions (`![](@U…)`, `![](#C…)`) as the names Slack shows; the rest is Markdown. */
function withMentionNames(markdown) {
  return String(markdown ?? '')
    .replace(/!\[\]\(@([UW][A-Z0-9]+)\)/g, (_m, id) => `**@${userInfo(id).display}**`)
    .replace(/!\[\]\(#([CGD][A-Z0-9]+)\)/g, (_m, id) => `**#${channelName(id)}**`);
}

const when = (ms) => (ms ? new Date(ms).toLocaleString() : '');

function createPanel() {
  const state = { open: false, canvasId: null, list: [], canvas: null, message: null, frame: 0 };
  const body = h('div', { class: 'cv-body' });
  const title = h('strong', { id: 'canvases-title' }, 'Canvases');
  const panel = h(
    'aside',
    { class: 'cv-panel', id: 'canvases-panel', role: 'dialog', 'aria-labelledby': 'canvases-title', hidden: true },
    h(
      'header',
      { class: 'cv-header' },
      title,
      h('button', { type: 'button', class: 'cv-close', 'aria-label': 'Close canvases', onclick: () => close() }, '×'),
    ),
    body,
  );
  document.body.appendChild(panel);

  async function refresh() {
    if (state.canvasId) {
      const one = await getJson(`/api/canvases/${encodeURIComponent(state.canvasId)}`);
      state.canvas = one.ok ? one.body.canvas : null;
      state.message = one.ok ? null : 'This canvas was deleted, or is not in this workspace.';
    } else {
      const channel = page.channelId;
      const list = await getJson(`/api/canvases${channel ? `?channel_id=${encodeURIComponent(channel)}` : ''}`);
      state.list = list.ok ? list.body.canvases : [];
      state.message = list.ok ? null : `Could not load canvases: ${list.body?.error ?? 'failed'}`;
    }
    render();
  }

  function canvasItem(c) {
    return h(
      'li',
      { class: 'cv-item', dataset: { canvasId: c.id } },
      h(
        'button',
        { type: 'button', class: 'cv-open', onclick: () => show(c.id) },
        h('span', { class: 'cv-icon', 'aria-hidden': 'true' }, '📄'),
        h('span', { class: 'cv-item-title' }, c.title || 'Untitled canvas'),
      ),
      h(
        'div',
        { class: 'cv-muted' },
        `${c.isChannelCanvas ? 'Channel canvas' : 'Canvas'} · updated ${when(c.updatedAt)}${c.edits ? ` · edited ${c.edits}×` : ''}`,
      ),
    );
  }

  function render() {
    if (!state.open) return;
    body.replaceChildren();
    if (state.canvasId) {
      const c = state.canvas;
      title.textContent = c?.title || 'Canvas';
      append(body, [
        h('button', { type: 'button', class: 'cv-back', onclick: () => show(null) }, '← All canvases in this channel'),
        state.message && h('div', { class: 'cv-message', role: 'status' }, state.message),
        c && h('div', { class: 'cv-muted' }, `${c.isChannelCanvas ? 'Channel canvas' : 'Canvas'} ${c.id} · updated ${when(c.updatedAt)}`),
        c && h('h1', { class: 'cv-title' }, c.title || 'Untitled canvas'),
        c &&
          h(
            'article',
            { class: 'cv-document', 'aria-label': c.title || 'Canvas' },
            renderMarkdown(withMentionNames(c.markdown), blockCtx()),
          ),
      ]);
      return;
    }
    title.textContent = page.channelId ? `Canvases in #${channelName(page.channelId)}` : 'Canvases';
    append(body, [
      state.message && h('div', { class: 'cv-message', role: 'status' }, state.message),
      state.list.length === 0
        ? h('p', { class: 'cv-muted' }, 'No canvas in this channel yet. Press “Save as canvas” under an answer or a statement card.')
        : h('ul', { class: 'cv-list' }, state.list.map(canvasItem)),
    ]);
  }

  function show(canvasId) {
    state.canvasId = canvasId;
    state.canvas = null;
    refresh();
  }
  function open(canvasId = null) {
    state.open = true;
    panel.hidden = false;
    show(canvasId);
  }
  function close() {
    state.open = false;
    panel.hidden = true;
  }

  // Live: the app saves a canvas again while it is open.
  const source = new EventSource('/api/events');
  source.addEventListener('change', (e) => {
    let kind = '';
    try {
      kind = JSON.parse(e.data)?.kind ?? '';
    } catch {
      // An unreadable event still means something changed.
    }
    if (!state.open || (kind !== 'canvas' && kind !== 'reset') || state.frame) return;
    state.frame = requestAnimationFrame(() => {
      state.frame = 0;
      refresh();
    });
  });
  return { open, toggle: () => (state.open ? close() : open()) };
}

/** The sidebar's "Canvases" entry; links to a canvas open it in the panel instead of leaving the page. */
function attach() {
  const sidebar = document.querySelector('nav.sidebar');
  if (!sidebar) return;
  const panel = createPanel();
  sidebar.appendChild(
    h(
      'div',
      { class: 'sidebar-section' },
      h('div', { class: 'sidebar-heading' }, 'Canvases'),
      h(
        'ul',
        { class: 'sidebar-list' },
        h(
          'li',
          {},
          h(
            'button',
            { type: 'button', class: 'sidebar-item', id: 'canvases-open', onclick: () => panel.toggle() },
            h('span', { class: 'sidebar-hash' }, '📄'),
            h('span', { class: 'sidebar-label' }, 'Canvases in this channel'),
          ),
        ),
      ),
    ),
  );
  document.addEventListener(
    'click',
    (e) => {
      const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
      const match = link ? CANVAS_PATH.exec(new URL(link.getAttribute('href'), location.href).pathname) : null;
      if (!match) return;
      e.preventDefault();
      panel.open(match[2]);
    },
    true,
  );
  const opened = CANVAS_PATH.exec(location.pathname);
  if (opened) panel.open(opened[2]);
}

attach();
