// The Workflows panel's builder: a trigger (on demand, or a schedule) and a chain of steps — the
// app's functions or "Send a message to a channel" — whose inputs are text or variables naming an
// earlier step's output (`{{steps.1.first_link}}`), as Workflow Builder's "Insert a variable".

import { h } from './dom.js';

export const SEND_MESSAGE = {
  callbackId: 'send_message',
  title: 'Send a message to a channel',
  inputs: [
    { name: 'channel_id', type: 'slack#/types/channel_id', title: 'Channel', isRequired: true },
    { name: 'message', type: 'slack#/types/rich_text', title: 'Message', isRequired: true },
  ],
  outputs: [
    { name: 'message_context', type: 'slack#/types/message_context', title: 'Message reference' },
    { name: 'message_link', type: 'string', title: 'Message link' },
  ],
};

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function emptyDraft() {
  return { id: undefined, name: '', trigger: 'manual', weekday: 1, time: '09:00', cron: '', timezone: 'UTC', steps: [] };
}

/** A saved workflow as a draft the builder edits (a cron it cannot show as weekly/daily stays custom). */
export function draftOf(workflow) {
  const draft = { ...emptyDraft(), id: workflow.id, name: workflow.name };
  const schedule = workflow.schedule;
  if (schedule) {
    draft.timezone = schedule.timezone;
    const m = /^(\d{1,2}) (\d{1,2}) \* \* (\*|[0-6])$/.exec(schedule.cron);
    if (m)
      Object.assign(draft, {
        trigger: m[3] === '*' ? 'daily' : 'weekly',
        weekday: m[3] === '*' ? 1 : Number(m[3]),
        time: `${m[2].padStart(2, '0')}:${m[1].padStart(2, '0')}`,
      });
    else Object.assign(draft, { trigger: 'cron', cron: schedule.cron });
  }
  draft.steps = workflow.steps.map((s) => ({
    callbackId: s.callbackId,
    inputs: Object.fromEntries(Object.entries(s.inputs).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])),
  }));
  return draft;
}

/** The draft as the emulator takes it (POST /api/workflows). */
export function workflowOf(draft, functions) {
  const [hour, minute] = draft.time.split(':').map(Number);
  const cron =
    draft.trigger === 'weekly'
      ? `${minute} ${hour} * * ${draft.weekday}`
      : draft.trigger === 'daily'
        ? `${minute} ${hour} * * *`
        : draft.cron.trim();
  const steps = draft.steps.map((step) => {
    const shape = shapeOf(step.callbackId, functions);
    const inputs = {};
    for (const p of shape?.inputs ?? []) {
      const raw = step.inputs[p.name];
      if (raw === undefined || raw === '') continue;
      const numeric = (p.type === 'number' || p.type === 'integer') && /^-?\d+(\.\d+)?$/.test(raw.trim());
      inputs[p.name] = numeric ? Number(raw) : p.type === 'boolean' && /^(true|false)$/.test(raw) ? raw === 'true' : raw;
    }
    return step.callbackId === 'send_message'
      ? { type: 'send_message', inputs }
      : { type: 'function', callback_id: step.callbackId, inputs };
  });
  return {
    ...(draft.id ? { id: draft.id } : {}),
    name: draft.name.trim(),
    ...(draft.trigger === 'manual' ? {} : { schedule: { cron, timezone: draft.timezone.trim() || 'UTC' } }),
    steps,
  };
}

export function shapeOf(callbackId, functions) {
  return callbackId === 'send_message' ? SEND_MESSAGE : functions.find((f) => f.callbackId === callbackId);
}

/** "Every Monday at 09:00 (UTC)", "Every day at …", or the cron itself. */
export function describeSchedule(schedule) {
  if (!schedule) return 'Run on demand';
  const d = draftOf({ id: '', name: '', schedule, steps: [] });
  if (d.trigger === 'weekly') return `Every ${WEEKDAYS[d.weekday]} at ${d.time} (${schedule.timezone})`;
  if (d.trigger === 'daily') return `Every day at ${d.time} (${schedule.timezone})`;
  return `Cron ${schedule.cron} (${schedule.timezone})`;
}

function field(label, control) {
  return h('label', { class: 'wf-field' }, h('span', { class: 'wf-field-label' }, label), control);
}

function triggerFields(draft, rerender) {
  const kind = h(
    'select',
    {
      'aria-label': 'Trigger',
      onchange: (e) => {
        draft.trigger = e.target.value;
        rerender();
      },
    },
    [
      ['manual', 'On demand (Run now)'],
      ['weekly', 'Every week'],
      ['daily', 'Every day'],
      ['cron', 'Custom (cron)'],
    ].map(([v, t]) => h('option', { value: v, selected: draft.trigger === v }, t)),
  );
  const parts = [field('Trigger', kind)];
  if (draft.trigger === 'weekly') {
    parts.push(
      field(
        'Day',
        h(
          'select',
          { 'aria-label': 'Day', onchange: (e) => (draft.weekday = Number(e.target.value)) },
          WEEKDAYS.map((d, i) => h('option', { value: i, selected: draft.weekday === i }, d)),
        ),
      ),
    );
  }
  if (draft.trigger === 'weekly' || draft.trigger === 'daily') {
    parts.push(
      field('Time', h('input', { type: 'time', 'aria-label': 'Time', value: draft.time, oninput: (e) => (draft.time = e.target.value) })),
    );
  }
  if (draft.trigger === 'cron') {
    parts.push(
      field(
        'Cron',
        h('input', { 'aria-label': 'Cron', placeholder: '0 9 * * 1', value: draft.cron, oninput: (e) => (draft.cron = e.target.value) }),
      ),
    );
  }
  if (draft.trigger !== 'manual') {
    parts.push(
      field(
        'Time zone',
        h('input', { 'aria-label': 'Time zone', value: draft.timezone, oninput: (e) => (draft.timezone = e.target.value) }),
      ),
    );
  }
  return h('div', { class: 'wf-trigger' }, parts);
}

function inputControl(step, param, index, ctx) {
  const value = step.inputs[param.name] ?? '';
  const set = (v) => (step.inputs[param.name] = v);
  const label = `Step ${index + 1} ${param.title ?? param.name}`;
  if (param.type === 'slack#/types/channel_id' && !value.includes('{{')) {
    return h(
      'select',
      { 'aria-label': label, onchange: (e) => set(e.target.value) },
      h('option', { value: '' }, 'Select a channel'),
      ctx.channels.map((c) => h('option', { value: c.id, selected: value === c.id || value === `#${c.name}` }, `#${c.name}`)),
    );
  }
  const multiline = param.type === 'slack#/types/rich_text';
  const attrs = { 'aria-label': label, placeholder: param.description ?? param.type, oninput: (e) => set(e.target.value) };
  // A textarea's text is its content, not a `value` attribute.
  return multiline ? h('textarea', { ...attrs, rows: 3 }, value) : h('input', { ...attrs, value });
}

/** "Insert a variable": who ran the workflow, and the outputs of the steps before this one. */
function variablePicker(step, param, index, draft, ctx, rerender) {
  const options = draft.steps
    .slice(0, index)
    .flatMap((earlier, i) =>
      (shapeOf(earlier.callbackId, ctx.functions)?.outputs ?? []).map((o) =>
        h('option', { value: `{{steps.${i + 1}.${o.name}}}` }, `Step ${i + 1} · ${o.title ?? o.name}`),
      ),
    );
  // Workflow Builder's "Person who used this workflow".
  options.unshift(h('option', { value: '{{trigger.user_id}}' }, 'Person who used this workflow'));
  const onchange = (e) => {
    if (!e.target.value) return;
    const current = step.inputs[param.name] ?? '';
    step.inputs[param.name] =
      param.type === 'slack#/types/rich_text' || param.type === 'string' ? `${current}${e.target.value}` : e.target.value;
    rerender();
  };
  return h(
    'select',
    { class: 'wf-variable', 'aria-label': `Insert a variable into step ${index + 1} ${param.title ?? param.name}`, onchange },
    h('option', { value: '' }, '{} Insert a variable'),
    options,
  );
}

function stepCard(step, index, draft, ctx, rerender) {
  const shape = shapeOf(step.callbackId, ctx.functions);
  const remove = () => {
    draft.steps.splice(index, 1);
    rerender();
  };
  return h(
    'li',
    { class: 'wf-step-card' },
    h(
      'div',
      { class: 'wf-step-head' },
      h('span', { class: 'wf-step-number' }, `${index + 1}`),
      h('strong', {}, shape?.title ?? step.callbackId),
      h('button', { type: 'button', class: 'wf-link', onclick: remove, 'aria-label': `Remove step ${index + 1}` }, 'Remove'),
    ),
    (shape?.inputs ?? []).map((param) =>
      h(
        'div',
        { class: 'wf-input' },
        field(`${param.title ?? param.name}${param.isRequired ? ' *' : ''}`, inputControl(step, param, index, ctx)),
        variablePicker(step, param, index, draft, ctx, rerender),
      ),
    ),
  );
}

/** The builder form; ctx: { functions, channels, onSave(workflow, runNow), onCancel() }. */
export function renderBuilder(draft, ctx, rerender) {
  const adder = h(
    'select',
    {
      'aria-label': 'Add a step',
      onchange: (e) => {
        if (e.target.value) draft.steps.push({ callbackId: e.target.value, inputs: {} });
        rerender();
      },
    },
    h('option', { value: '' }, '+ Add a step'),
    ctx.functions.map((f) => h('option', { value: f.callbackId }, `${f.title} (Research Desk)`)),
    h('option', { value: SEND_MESSAGE.callbackId }, SEND_MESSAGE.title),
  );
  return h(
    'form',
    {
      class: 'wf-builder',
      'aria-label': 'Workflow builder',
      onsubmit: (e) => {
        e.preventDefault();
        ctx.onSave(workflowOf(draft, ctx.functions), false);
      },
    },
    field(
      'Name',
      h('input', { 'aria-label': 'Workflow name', value: draft.name, required: true, oninput: (e) => (draft.name = e.target.value) }),
    ),
    triggerFields(draft, rerender),
    h(
      'ol',
      { class: 'wf-step-cards' },
      draft.steps.map((s, i) => stepCard(s, i, draft, ctx, rerender)),
    ),
    adder,
    h(
      'div',
      { class: 'wf-actions' },
      h('button', { type: 'submit', class: 'wf-button' }, draft.id ? 'Save changes' : 'Save workflow'),
      h(
        'button',
        { type: 'button', class: 'wf-button primary', onclick: () => ctx.onSave(workflowOf(draft, ctx.functions), true) },
        'Save and run now',
      ),
      h('button', { type: 'button', class: 'wf-link', onclick: ctx.onCancel }, 'Cancel'),
    ),
  );
}
