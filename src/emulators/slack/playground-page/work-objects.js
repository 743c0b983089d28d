// Work Objects in the playground: a link unfurled with entity metadata (chat.unfurl `metadata`)
// is drawn as Slack's Work Object card under its message; clicking it opens the side panel
// (flexpane) as that user — the emulator sends entity_details_requested — and the panel shows
// what the app answers with entity.presentDetails (its fields, its error, or its auth prompt),
// with the entity's actions as buttons (a click is a block_actions of container entity_detail).
// Routes: PLAYGROUND-API.md, "Work Objects". The panel follows the emulator's `change` events.

import { h } from './dom.js';
import { jsonCall as call } from './json-call.js';
import { state } from './page-state.js';

const actingUser = () => state.actingUserId ?? undefined;
const withUser = (payload) => (actingUser() ? { ...payload, user_id: actingUser() } : payload);

/** What Slack says for its own error statuses (a `custom` one brings its title and message). */
const STATUS_TEXT = {
  not_found: ['Not found', 'This item could not be found. It may have been deleted or moved.'],
  restricted: ['You don’t have access', 'You may need to request access to view this item.'],
  timeout: ['Taking too long', 'The app didn’t respond in time. Try refreshing.'],
  internal_error: ['Something went wrong', 'The app had a problem showing this item. Try refreshing.'],
  edit_error: ['Couldn’t save', 'Your changes could not be saved.'],
};

function fieldValue(field) {
  if (field === null || typeof field !== 'object') return '';
  if (field.type === 'slack#/types/user') return field.user?.text ?? field.user?.user_id ?? '';
  if (field.type === 'slack#/types/timestamp' || (typeof field.value === 'number' && field.value > 1e9)) {
    return new Date(Number(field.value) * 1000).toLocaleDateString();
  }
  if (Array.isArray(field.value)) return field.value.map((v) => v?.value ?? '').join(', ');
  return field.value === undefined ? '' : String(field.value);
}

/** The entity's fields in display order: [key, label, value, long]. */
function fieldsOf(entity) {
  const payload = entity?.entity_payload ?? {};
  const entries = new Map();
  for (const [key, field] of Object.entries(payload.fields ?? {})) {
    if (key === 'preview') continue;
    entries.set(key, [
      key,
      field?.label ?? (key === 'description' ? 'Description' : key.replace(/_/g, ' ')),
      fieldValue(field),
      key === 'description' || field?.long === true,
    ]);
  }
  for (const field of payload.custom_fields ?? []) entries.set(field.key, [field.key, field.label, fieldValue(field), field.long === true]);
  const order = payload.display_order ?? [];
  const ordered = order.filter((k) => entries.has(k)).map((k) => entries.get(k));
  return [...ordered, ...[...entries.values()].filter(([k]) => !order.includes(k))].filter(([, , value]) => value !== '');
}

function actionsOf(entity) {
  const actions = entity?.entity_payload?.actions ?? {};
  return [...(actions.primary_actions ?? []), ...(actions.overflow_actions ?? [])];
}

function header(entity) {
  const a = entity?.entity_payload?.attributes ?? {};
  return h(
    'div',
    { class: 'wo-kind' },
    h('span', { class: 'wo-product' }, a.product_name ?? 'App'),
    a.display_type ? h('span', { class: 'wo-type' }, ` · ${a.display_type}`) : null,
    a.display_id ? h('span', { class: 'wo-id' }, ` · ${a.display_id}`) : null,
  );
}

function actionButton(action, onClick) {
  return h(
    'button',
    {
      type: 'button',
      class: `wo-action${action.style ? ` wo-${action.style}` : ''}`,
      'data-action-id': action.action_id,
      onclick: onClick,
    },
    action.text,
  );
}

async function press(payload) {
  const result = await call('POST', '/api/work-objects/actions', withUser(payload));
  if (!result.ok) showProblem(result.body?.message ?? result.body?.error ?? 'the click failed');
}

// ---------- the card under a message ----------

/** The Work Object cards of a message (its `work_objects`, by URL). */
export function renderWorkObjects(message) {
  return Object.entries(message.work_objects ?? {}).map(([url, entity]) => renderCard(message, url, entity));
}

function renderCard(message, url, entity) {
  const channel = state.channelId;
  const title = entity?.entity_payload?.attributes?.title?.text ?? url;
  const open = () => openPanel({ channel_id: channel, message_ts: message.ts, url });
  return h(
    'div',
    { class: 'wo-card', 'data-url': url, role: 'group', 'aria-label': `Work Object: ${title}` },
    header(entity),
    h('button', { type: 'button', class: 'wo-title', onclick: open, title: 'Open the details' }, title),
    h(
      'dl',
      { class: 'wo-fields' },
      fieldsOf(entity).map(([key, label, value, long]) =>
        h('div', { class: `wo-field${long ? ' wo-long' : ''}`, 'data-key': key }, h('dt', {}, label), h('dd', {}, value)),
      ),
    ),
    h(
      'div',
      { class: 'wo-actions' },
      actionsOf(entity).map((a) =>
        actionButton(a, () => press({ action_id: a.action_id, channel_id: channel, message_ts: message.ts, url })),
      ),
      h('button', { type: 'button', class: 'wo-action wo-open', onclick: open }, 'Details'),
    ),
  );
}

// ---------- the side panel ----------

let pane = null;
let problem = null;

function paneElement() {
  if (pane) return pane;
  pane = h('aside', { class: 'side-panel wo-pane', id: 'work-object-pane', 'aria-label': 'Work Object details', hidden: true });
  document.body.appendChild(pane);
  followChanges();
  return pane;
}

/** Once a panel was opened: it follows what the app presents (entity.presentDetails changes it). */
function followChanges() {
  if (typeof EventSource === 'undefined') return;
  const events = new EventSource('/api/events');
  events.addEventListener('change', (e) => {
    try {
      const change = JSON.parse(e.data);
      if (change.kind === 'flexpane' || change.kind === 'reset') refreshPanel();
    } catch {
      /* a malformed event changes nothing */
    }
  });
}

function showProblem(text) {
  problem = text;
  refreshPanel();
}

async function openPanel(target) {
  problem = null;
  const el = paneElement();
  el.hidden = false;
  el.replaceChildren(h('div', { class: 'wo-pane-loading' }, 'Opening…'));
  const result = await call('POST', '/api/work-objects/open', withUser(target));
  if (!result.ok) problem = result.body?.message ?? result.body?.error ?? 'could not open';
  await refreshPanel();
}

async function closePanel() {
  if (pane) pane.hidden = true;
  await call('POST', '/api/work-objects/close', withUser({}));
}

function errorView(error) {
  const [title, text] =
    error.status === 'custom' || error.status === 'custom_partial_view'
      ? [error.custom_title ?? 'Something went wrong', error.custom_message ?? '']
      : (STATUS_TEXT[error.status] ?? ['Something went wrong', '']);
  return h(
    'div',
    { class: 'wo-error', role: 'alert', 'data-status': error.status },
    h('div', { class: 'wo-error-title' }, title),
    h('div', { class: 'wo-error-text' }, text),
    (error.actions ?? []).map((a) => actionButton(a, () => press({ action_id: a.action_id }))),
  );
}

function panelView(panel) {
  const entity = panel.shown;
  const title = entity?.entity_payload?.attributes?.title?.text ?? panel.entity.appUnfurlUrl;
  const body =
    panel.status === 'error' && panel.error
      ? errorView(panel.error)
      : panel.status === 'auth_required'
        ? h(
            'div',
            { class: 'wo-auth' },
            'Connect your account to see this item. ',
            panel.userAuthUrl
              ? h('a', { class: 'link', href: panel.userAuthUrl, target: '_blank', rel: 'noopener noreferrer' }, 'Connect')
              : null,
          )
        : h(
            'dl',
            { class: 'wo-fields wo-pane-fields' },
            fieldsOf(entity).map(([key, label, value]) =>
              h('div', { class: 'wo-field wo-long', 'data-key': key }, h('dt', {}, label), h('dd', {}, value)),
            ),
          );
  return [
    h(
      'div',
      { class: 'wo-pane-header' },
      h('div', { class: 'wo-pane-heading' }, 'Details'),
      h('button', { type: 'button', class: 'icon-btn', 'aria-label': 'Close', onclick: closePanel }, '✕'),
    ),
    h(
      'div',
      { class: 'wo-pane-body', 'data-status': panel.status },
      header(entity),
      h('div', { class: 'wo-pane-title' }, title),
      panel.status === 'waiting' ? h('div', { class: 'wo-pane-loading', role: 'status' }, 'Waiting for the app…') : null,
      body,
      panel.status === 'error'
        ? null
        : h(
            'div',
            { class: 'wo-actions' },
            actionsOf(entity).map((a) => actionButton(a, () => press({ action_id: a.action_id }))),
          ),
      problem ? h('div', { class: 'wo-problem', role: 'alert' }, problem) : null,
    ),
  ];
}

async function refreshPanel() {
  if (!pane || pane.hidden) return;
  const query = actingUser() ? `?user_id=${encodeURIComponent(actingUser())}` : '';
  const result = await call('GET', `/api/work-objects/flexpane${query}`);
  const panel = result.body?.flexpane;
  if (!panel) {
    pane.replaceChildren(h('div', { class: 'wo-pane-loading' }, problem ?? 'Nothing open.'));
    return;
  }
  pane.replaceChildren(...panelView(panel));
}
