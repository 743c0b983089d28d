// The Workflows panel (Workflow Builder in the playground): the saved workflows with their
// triggers, a builder for a chain of steps from the app's functions, and the activity — each run
// with each step's status, outputs or error, updated live. Self-starting: app.js imports it once.
// Routes: PLAYGROUND-API.md, "Workflows".

import { append, h } from './dom.js';
import { jsonCall } from './json-call.js';
import { blockCtx } from './page-state.js';
import { renderRichText } from './rich-text.js';
import { createSidePanel, liveRefresh, sidebarEntry } from './side-panel.js';
import { describeSchedule, draftOf, emptyDraft, renderBuilder } from './workflow-builder.js';

const wfApi = {
  call: jsonCall,
  list: () => wfApi.call('GET', '/api/workflows'),
  channels: () => wfApi.call('GET', '/api/channels'),
  save: (workflow) => wfApi.call('POST', '/api/workflows', workflow),
  run: (id) => wfApi.call('POST', `/api/workflows/${encodeURIComponent(id)}/run`, {}),
  remove: (id) => wfApi.call('POST', `/api/workflows/${encodeURIComponent(id)}/delete`, {}),
  cancel: (runId) => wfApi.call('POST', `/api/workflows/runs/${encodeURIComponent(runId)}/cancel`, {}),
};

const STATUS_LABEL = {
  pending: 'Waiting',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  skipped: 'Skipped',
  canceled: 'Canceled',
};
const when = (ms) => (ms ? new Date(ms).toLocaleString() : '');
const reason = (result) => result.body?.message ?? result.body?.error ?? 'failed';

function badge(status) {
  return h('span', { class: `wf-badge wf-${status}` }, STATUS_LABEL[status] ?? status);
}

/** An output for people: rich text as Slack shows it, text as it is, anything else as JSON (shortened). */
function showValue(value) {
  if (value && typeof value === 'object' && value.type === 'rich_text') return renderRichText(value, blockCtx());
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return h('pre', {}, text.length > 1500 ? `${text.slice(0, 1500)}…` : text);
}

function stepView(step) {
  const outputs = Object.entries(step.outputs ?? {});
  const notDelivered =
    step.delivery && !step.delivery.ok ? `function_executed not acknowledged (${step.delivery.outcome}); Slack retries` : null;
  return h(
    'li',
    { class: 'wf-step', dataset: { status: step.status } },
    h('div', { class: 'wf-step-line' }, h('span', {}, `${step.index}. ${step.title}`), badge(step.status)),
    notDelivered && h('div', { class: 'wf-note' }, notDelivered),
    step.error && h('div', { class: 'wf-error', role: 'alert' }, step.error),
    outputs.length > 0 &&
      h(
        'dl',
        { class: 'wf-outputs' },
        outputs.map(([k, v]) => [h('dt', {}, k), h('dd', {}, showValue(v))]),
      ),
  );
}

function runView(run, onCancel) {
  return h(
    'li',
    { class: 'wf-run', dataset: { status: run.status, runId: run.id } },
    h(
      'div',
      { class: 'wf-run-head' },
      h('strong', {}, run.workflowName),
      badge(run.status),
      h('span', { class: 'wf-muted' }, `${run.trigger === 'schedule' ? 'Scheduled' : 'Run now'} · ${when(run.startedAt)}`),
      run.status === 'running' && h('button', { type: 'button', class: 'wf-link', onclick: () => onCancel(run.id) }, 'Cancel'),
    ),
    run.error && run.status !== 'completed' && h('div', { class: 'wf-error' }, run.error),
    h('ol', { class: 'wf-steps' }, run.steps.map(stepView)),
  );
}

function createPanel() {
  const state = { open: false, data: null, channels: [], draft: null, message: null };
  const { panel, body } = createSidePanel({
    prefix: 'wf',
    id: 'workflows-panel',
    labelAttrs: { 'aria-label': 'Workflows' },
    title: h('strong', {}, 'Workflows'),
    closeLabel: 'Close workflows',
    onClose: () => close(),
  });

  /** Loads the workflows again; `lists`: redraw only the lists (a run moved on), not the builder. */
  async function refresh({ lists = false } = {}) {
    const [list, channels] = await Promise.all([wfApi.list(), wfApi.channels()]);
    if (list.ok) state.data = list.body;
    else state.message = `Could not load workflows: ${reason(list)}`;
    if (channels.ok) state.channels = (channels.body ?? []).filter((c) => !c.is_im);
    if (!state.open) return;
    if (lists) renderLists();
    else render();
  }

  async function act(promise, done) {
    const result = await promise;
    state.message = result.ok ? done : `${reason(result)}`;
    await refresh();
    return result;
  }

  /** Opens the builder on a draft (null: closes it). */
  function edit(draft) {
    state.draft = draft;
    render();
  }

  const ctx = () => ({
    functions: state.data?.functions ?? [],
    channels: state.channels,
    onCancel: () => edit(null),
    onSave: async (workflow, runNow) => {
      const saved = await act(wfApi.save(workflow), `Saved “${workflow.name}”.`);
      if (!saved.ok) return;
      state.draft = null;
      if (runNow) await act(wfApi.run(saved.body.workflow.id), `Started “${workflow.name}”.`);
      else render();
    },
  });

  function workflowItem(w) {
    const next = w.nextRunAt ? ` · next ${when(w.nextRunAt)}` : '';
    return h(
      'li',
      { class: 'wf-saved-item', dataset: { workflowId: w.id } },
      h(
        'div',
        {},
        h('strong', {}, w.name),
        h('div', { class: 'wf-muted' }, `${describeSchedule(w.schedule)}${next}`),
        h('div', { class: 'wf-muted' }, w.steps.map((s, i) => `${i + 1}. ${s.title}`).join(' → ')),
      ),
      h(
        'div',
        { class: 'wf-item-actions' },
        h('button', { type: 'button', class: 'wf-button primary', onclick: () => act(wfApi.run(w.id), `Started “${w.name}”.`) }, 'Run now'),
        h('button', { type: 'button', class: 'wf-link', onclick: () => edit(draftOf(w)) }, 'Edit'),
        h('button', { type: 'button', class: 'wf-link danger', onclick: () => act(wfApi.remove(w.id), `Deleted “${w.name}”.`) }, 'Delete'),
      ),
    );
  }

  // Parts of the panel: a live refresh redraws the lists, never the builder being filled in.
  const parts = {
    message: h('div'),
    saved: h('section', { 'aria-label': 'Saved workflows' }),
    builder: h('div'),
    activity: h('section', { 'aria-label': 'Workflow activity' }),
  };
  append(body, Object.values(parts));

  function renderLists() {
    const data = state.data ?? { functions: [], workflows: [], runs: [] };
    const cancel = (runId) => act(wfApi.cancel(runId), 'Canceled.');
    parts.message.replaceChildren();
    append(parts.message, [state.message && h('div', { class: 'wf-message', role: 'status' }, state.message)]);
    parts.saved.replaceChildren(
      h('h3', {}, 'Workflows'),
      data.workflows.length === 0
        ? h('p', { class: 'wf-muted' }, 'No workflow yet.')
        : h('ul', { class: 'wf-saved' }, data.workflows.map(workflowItem)),
    );
    parts.activity.replaceChildren(
      h('h3', {}, 'Activity'),
      data.runs.length === 0
        ? h('p', { class: 'wf-muted' }, 'No run yet.')
        : h(
            'ul',
            { class: 'wf-runs' },
            data.runs.map((r) => runView(r, cancel)),
          ),
    );
  }

  function renderBuilderPart() {
    const functions = state.data?.functions ?? [];
    parts.builder.replaceChildren();
    append(parts.builder, [
      state.draft
        ? renderBuilder(state.draft, ctx(), renderBuilderPart)
        : h('button', { type: 'button', class: 'wf-button', onclick: () => edit(emptyDraft()) }, 'New workflow'),
      functions.length === 0 &&
        h('p', { class: 'wf-muted' }, "The app declares no steps (manifest.yml `functions`): only Workflow Builder's own step is offered."),
    ]);
  }

  function render() {
    if (!state.open) return;
    renderLists();
    renderBuilderPart();
  }

  function open() {
    state.open = true;
    panel.hidden = false;
    listen();
    refresh();
  }
  function close() {
    state.open = false;
    panel.hidden = true;
  }

  /** Live: a run's steps change as the app completes them. Connected the first time the panel opens. */
  const listen = liveRefresh({ kinds: ['workflow', 'reset'], isOpen: () => state.open, refresh: () => refresh({ lists: true }) });
  return { open, close, toggle: () => (state.open ? close() : open()) };
}

/** The sidebar's "Workflows" entry, under Apps. */
function attach() {
  const sidebar = document.querySelector('nav.sidebar');
  if (!sidebar) return;
  const panel = createPanel();
  sidebar.appendChild(
    sidebarEntry({ heading: 'Workflows', id: 'workflows-open', icon: '⚡', label: 'Workflow Builder', onClick: () => panel.toggle() }),
  );
}

attach();
