// Block Kit input elements → DOM: selects, date and time pickers, checkboxes and radio buttons,
// text inputs. In an input block each registers how to read its value (scope.register) and sends
// an action only with dispatch_action; elsewhere a change is an action. Text inputs never send one.

import { h } from './dom.js';
import { fire, optionPayload } from './element-actions.js';
import { plainOf, renderText } from './text-objects.js';

function allOptions(el) {
  return [...(el.options ?? []), ...(el.option_groups ?? []).flatMap((g) => g.options ?? [])];
}

function selectLabel(el) {
  if (el.type.startsWith('users_') || el.type.startsWith('multi_users')) return 'user';
  if (el.type.includes('conversations') || el.type.includes('channels')) return 'channel';
  return undefined;
}

export function renderSelect(el, ctx, scope) {
  const multi = el.type.startsWith('multi_');
  const options = allOptions(el);
  const initial = new Set(
    [
      el.initial_option?.value,
      ...(el.initial_options ?? []).map((o) => o.value),
      el.initial_user,
      el.initial_conversation,
      el.initial_channel,
      ...(el.initial_users ?? []),
    ].filter(Boolean),
  );
  const placeholder = plainOf(el.placeholder) || (multi ? 'Select options' : 'Select an item');
  const optionNode = (o) => h('option', { value: o.value, selected: initial.has(o.value) }, plainOf(o.text));
  let children;
  if (el.option_groups) {
    children = el.option_groups.map((g) => h('optgroup', { label: plainOf(g.label) }, (g.options ?? []).map(optionNode)));
  } else if (options.length > 0) {
    children = options.map(optionNode);
  } else {
    const kind = selectLabel(el);
    const choices = kind === 'user' ? (ctx.users?.() ?? []) : kind === 'channel' ? (ctx.channels?.() ?? []) : [];
    children = choices.map((c) => h('option', { value: c.id, selected: initial.has(c.id) }, kind === 'channel' ? `#${c.name}` : c.name));
  }
  const select = h(
    'select',
    {
      class: `select${multi ? ' select-multi' : ''}`,
      multiple: multi,
      'aria-label': placeholder,
      'data-action-id': el.action_id,
    },
    multi ? null : h('option', { value: '', disabled: true, selected: initial.size === 0, hidden: true }, placeholder),
    children,
  );
  const read = () => {
    const picked = [...select.selectedOptions].map((o) => o.value).filter(Boolean);
    const kind = selectLabel(el);
    const byValue = (v) => optionPayload(options.find((o) => o.value === v) ?? { text: { type: 'plain_text', text: v }, value: v });
    if (kind === 'user') return multi ? { selected_users: picked } : { selected_user: picked[0] ?? null };
    if (kind === 'channel') {
      const key = el.type.includes('conversations') ? 'conversation' : 'channel';
      return multi ? { [`selected_${key}s`]: picked } : { [`selected_${key}`]: picked[0] ?? null };
    }
    return multi ? { selected_options: picked.map(byValue) } : { selected_option: picked[0] ? byValue(picked[0]) : null, value: picked[0] };
  };
  if (scope.input) {
    scope.register?.(read);
    if (scope.dispatch) select.addEventListener('change', () => fire(el, ctx, scope, read()));
  } else {
    select.addEventListener('change', () => fire(el, ctx, scope, read()));
  }
  return h('span', { class: 'select-wrap' }, select);
}

export function renderPicker(el, ctx, scope) {
  const type = el.type === 'datepicker' ? 'date' : el.type === 'timepicker' ? 'time' : 'datetime-local';
  const initial =
    el.type === 'datepicker'
      ? el.initial_date
      : el.type === 'timepicker'
        ? el.initial_time
        : el.initial_date_time
          ? new Date(el.initial_date_time * 1000).toISOString().slice(0, 16)
          : undefined;
  const input = h('input', {
    type,
    class: 'picker',
    value: initial,
    'aria-label': plainOf(el.placeholder) || type,
    'data-action-id': el.action_id,
  });
  const read = () => {
    if (type === 'date') return { selected_date: input.value || null };
    if (type === 'time') return { selected_time: input.value || null };
    return { selected_date_time: input.value ? Math.floor(new Date(input.value).getTime() / 1000) : null };
  };
  if (scope.input) scope.register?.(read);
  if (!scope.input || scope.dispatch) input.addEventListener('change', () => fire(el, ctx, scope, read()));
  return input;
}

export function renderChoices(el, ctx, scope) {
  const radio = el.type === 'radio_buttons';
  const name = `${scope.block_id ?? 'b'}-${el.action_id ?? 'a'}-${Math.random().toString(36).slice(2, 8)}`;
  const initial = new Set([el.initial_option?.value, ...(el.initial_options ?? []).map((o) => o.value)].filter(Boolean));
  const inputs = [];
  const group = h(
    'div',
    { class: 'choices', role: radio ? 'radiogroup' : 'group', 'data-action-id': el.action_id },
    (el.options ?? []).map((option) => {
      const input = h('input', { type: radio ? 'radio' : 'checkbox', name, value: option.value, checked: initial.has(option.value) });
      inputs.push({ input, option });
      return h(
        'label',
        { class: 'choice' },
        input,
        h(
          'span',
          { class: 'choice-text' },
          renderText(option.text, ctx, { inline: true }),
          option.description ? h('span', { class: 'choice-description' }, renderText(option.description, ctx, { inline: true })) : null,
        ),
      );
    }),
  );
  const read = () => {
    const picked = inputs.filter((i) => i.input.checked).map((i) => optionPayload(i.option));
    return radio ? { selected_option: picked[0] ?? null } : { selected_options: picked };
  };
  if (scope.input) scope.register?.(read);
  if (!scope.input || scope.dispatch) group.addEventListener('change', () => fire(el, ctx, scope, read()));
  return group;
}

export function renderTextInput(el, _ctx, scope) {
  const multiline = el.multiline || el.type === 'rich_text_input';
  const type = { email_text_input: 'email', url_text_input: 'url', number_input: 'number' }[el.type] ?? 'text';
  const attrs = {
    class: multiline ? 'text-input text-area' : 'text-input',
    placeholder: plainOf(el.placeholder) || undefined,
    maxlength: el.max_length,
    minlength: el.min_length,
    'data-action-id': el.action_id,
    step: el.type === 'number_input' ? (el.is_decimal_allowed ? 'any' : '1') : undefined,
    min: el.min_value,
    max: el.max_value,
  };
  const initial = el.initial_value ?? '';
  const input = multiline ? h('textarea', { ...attrs, rows: 4 }, String(initial)) : h('input', { ...attrs, type, value: String(initial) });
  if (el.focus_on_load) queueMicrotask(() => input.focus());
  scope.register?.(
    () => ({ value: input.value === '' ? null : input.value }),
    (value) => {
      input.value = value ?? '';
    },
  );
  return input;
}
