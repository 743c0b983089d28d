// Block Kit text objects and block elements → DOM. Interactive elements call ctx.onAction
// (messages, Home tab) or report their value to ctx.onInputChange (modal input blocks).

import { h, externalLink } from './dom.js';
import { replaceShortcodes } from './emoji.js';
import { renderMrkdwn, renderInline, decodeEntities } from './mrkdwn.js';
import { openMenu, askConfirm } from './menu.js';

/** A text object: mrkdwn is formatted, plain_text shows emoji shortcodes (unless emoji:false). */
export function renderText(obj, ctx = {}, { inline = false } = {}) {
  if (obj == null) return null;
  if (typeof obj === 'string') return h('span', { class: 'plain-text' }, decodeEntities(obj));
  if (obj.type === 'mrkdwn')
    return inline ? h('span', { class: 'mrkdwn-inline' }, renderInline(obj.text, ctx)) : renderMrkdwn(obj.text, ctx);
  const value = decodeEntities(obj.text ?? '');
  return h('span', { class: 'plain-text' }, obj.emoji === false ? value : replaceShortcodes(value));
}

export function plainOf(obj) {
  if (obj == null) return '';
  return replaceShortcodes(decodeEntities(typeof obj === 'string' ? obj : (obj.text ?? '')));
}

function allOptions(el) {
  return [...(el.options ?? []), ...(el.option_groups ?? []).flatMap((g) => g.options ?? [])];
}

/** Slack's `selected_option` shape: the option as the app defined it. */
function optionPayload(option) {
  return option ? { text: option.text, value: option.value, ...(option.description ? { description: option.description } : {}) } : null;
}

async function fire(el, ctx, scope, details) {
  if (el.confirm && !(await askConfirm(el.confirm, (t) => renderText(t, ctx)))) return;
  ctx.onAction?.({ type: el.type, action_id: el.action_id, block_id: scope.block_id, ...details });
}

export function renderElement(el, ctx = {}, scope = {}) {
  switch (el?.type) {
    case 'button':
    case 'workflow_button':
      return renderButton(el, ctx, scope);
    case 'overflow':
      return renderOverflow(el, ctx, scope);
    case 'static_select':
    case 'external_select':
    case 'users_select':
    case 'conversations_select':
    case 'channels_select':
    case 'multi_static_select':
    case 'multi_external_select':
    case 'multi_users_select':
    case 'multi_conversations_select':
    case 'multi_channels_select':
      return renderSelect(el, ctx, scope);
    case 'datepicker':
    case 'timepicker':
    case 'datetimepicker':
      return renderPicker(el, ctx, scope);
    case 'checkboxes':
    case 'radio_buttons':
      return renderChoices(el, ctx, scope);
    case 'plain_text_input':
    case 'email_text_input':
    case 'url_text_input':
    case 'number_input':
    case 'rich_text_input':
      return renderTextInput(el, ctx, scope);
    case 'image':
      return h('img', { class: 'element-image', src: el.image_url ?? '', alt: el.alt_text ?? '', loading: 'lazy' });
    case 'feedback_buttons':
      return renderFeedback(el, ctx, scope);
    case 'icon_button':
      return h(
        'button',
        {
          type: 'button',
          class: 'btn btn-icon',
          'aria-label': el.accessibility_label ?? plainOf(el.text),
          onclick: () => fire(el, ctx, scope, { value: el.value }),
        },
        iconFor(el.icon),
        h('span', null, plainOf(el.text)),
      );
    default:
      return h('span', { class: 'unsupported' }, `[${el?.type ?? 'unknown'}]`);
  }
}

function iconFor(name) {
  return h('span', { class: 'icon', 'aria-hidden': 'true' }, { trash: '🗑', copy: '⧉', refresh: '↻' }[name] ?? '•');
}

function renderButton(el, ctx, scope) {
  const className = `btn${el.style === 'primary' ? ' btn-primary' : el.style === 'danger' ? ' btn-danger' : ''}`;
  const label = renderText(el.text, ctx);
  const attrs = { class: className, 'data-action-id': el.action_id, 'aria-label': el.accessibility_label };
  if (el.url) {
    // Link buttons open the URL and still send block_actions, which the app must ack.
    const link = externalLink(el.url, [label, h('span', { class: 'btn-link-icon', 'aria-hidden': 'true' }, '↗')], `${className} btn-link`);
    for (const [k, v] of Object.entries(attrs)) if (v && k !== 'class') link.setAttribute(k, v);
    link.addEventListener('click', () =>
      ctx.onAction?.({ type: el.type, action_id: el.action_id, block_id: scope.block_id, value: el.value, url: el.url }),
    );
    return link;
  }
  return h('button', { type: 'button', ...attrs, onclick: () => fire(el, ctx, scope, { value: el.value }) }, label);
}

function renderOverflow(el, ctx, scope) {
  const button = h(
    'button',
    {
      type: 'button',
      class: 'btn btn-overflow',
      'aria-haspopup': 'menu',
      'aria-expanded': 'false',
      'aria-label': 'More options',
      'data-action-id': el.action_id,
    },
    '⋮',
  );
  button.addEventListener('click', () =>
    openMenu(
      button,
      (el.options ?? []).map((option) => ({
        label: plainOf(option.text),
        onSelect: () => {
          if (option.url) window.open(option.url, '_blank', 'noopener');
          fire(el, ctx, scope, { value: option.value, selected_option: optionPayload(option) });
        },
      })),
      { label: 'Overflow menu', align: 'right' },
    ),
  );
  return button;
}

function selectLabel(el) {
  if (el.type.startsWith('users_') || el.type.startsWith('multi_users')) return 'user';
  if (el.type.includes('conversations') || el.type.includes('channels')) return 'channel';
  return undefined;
}

function renderSelect(el, ctx, scope) {
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

function renderPicker(el, ctx, scope) {
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

function renderChoices(el, ctx, scope) {
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

function renderTextInput(el, _ctx, scope) {
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

function renderFeedback(el, ctx, scope) {
  const wrap = h('span', { class: 'feedback-buttons', role: 'group', 'aria-label': 'Feedback' });
  const pressed = ctx.feedback?.[el.action_id];
  const buttons = [];
  for (const [key, glyph, choice] of [
    ['positive_button', '👍', 'positive'],
    ['negative_button', '👎', 'negative'],
  ]) {
    const button = el[key];
    if (!button) continue;
    const node = h(
      'button',
      {
        type: 'button',
        class: `btn btn-feedback${pressed === choice ? ' chosen' : ''}`,
        title: plainOf(button.text),
        'aria-label': button.accessibility_label ?? plainOf(button.text),
        'aria-pressed': String(pressed === choice),
        'data-action-id': el.action_id,
        'data-feedback': choice,
        onclick: () => {
          // As Slack does: the pressed button shows selected at once, the other one not.
          for (const b of buttons) {
            const on = b === node;
            b.classList.toggle('chosen', on);
            b.setAttribute('aria-pressed', String(on));
          }
          fire(el, ctx, scope, { value: button.value });
        },
      },
      h('span', { 'aria-hidden': 'true' }, glyph),
      // A label that is only the glyph again is not repeated.
      plainOf(button.text).trim() === glyph ? null : h('span', { class: 'btn-feedback-label' }, plainOf(button.text)),
    );
    buttons.push(node);
    wrap.appendChild(node);
  }
  return wrap;
}
