// The Canvases panel: the canvases of the channel shown (its tabs and what was shared with it),
// and one canvas opened and rendered from its Markdown (tables included), as Slack shows a canvas.
// A canvas's address (/docs/<team>/<canvas>, what the app's link messages carry) opens it here too.
// Self-starting: app.js imports it once. Routes: PLAYGROUND-API.md, "Canvases".

import { append, h } from './dom.js';
import { jsonCall } from './json-call.js';
import { renderMarkdown } from './markdown.js';
import { blockCtx, state as page, userInfo } from './page-state.js';
import { createSidePanel, liveRefresh, sidebarEntry } from './side-panel.js';

const channelName = (id) => blockCtx().channelName(id) ?? id;

const CANVAS_PATH = /^\/docs\/(T[A-Z0-9]+)\/(F[A-Z0-9]+)\/?$/;

const getJson = (path) => jsonCall('GET', path);

/** A canvas's mentions (`![](@U…)`, `![](#C…)`) as the names Slack shows; the rest is Markdown. */
function withMentionNames(markdown) {
  return String(markdown ?? '')
    .replace(/!\[\]\(@([UW][A-Z0-9]+)\)/g, (_m, id) => `**@${userInfo(id).display}**`)
    .replace(/!\[\]\(#([CGD][A-Z0-9]+)\)/g, (_m, id) => `**#${channelName(id)}**`);
}

const when = (ms) => (ms ? new Date(ms).toLocaleString() : '');

function createPanel() {
  const state = { open: false, canvasId: null, list: [], canvas: null, message: null };
  const title = h('strong', { id: 'canvases-title' }, 'Canvases');
  const { panel, body } = createSidePanel({
    prefix: 'cv',
    id: 'canvases-panel',
    labelAttrs: { 'aria-labelledby': 'canvases-title' },
    title,
    closeLabel: 'Close canvases',
    onClose: () => close(),
  });

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
  liveRefresh({ kinds: ['canvas', 'reset'], isOpen: () => state.open, refresh: () => refresh() })();
  return { open, toggle: () => (state.open ? close() : open()) };
}

/** The sidebar's "Canvases" entry; links to a canvas open it in the panel instead of leaving the page. */
function attach() {
  const sidebar = document.querySelector('nav.sidebar');
  if (!sidebar) return;
  const panel = createPanel();
  sidebar.appendChild(
    sidebarEntry({
      heading: 'Canvases',
      id: 'canvases-open',
      icon: '📄',
      label: 'Canvases in this channel',
      onClick: () => panel.toggle(),
    }),
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
