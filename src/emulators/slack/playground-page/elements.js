// Block Kit block elements → DOM: buttons, overflow menus, feedback and icon buttons here, the
// input elements from input-elements.js. Interactive elements call ctx.onAction; in an input
// block, input elements register how to read their value (scope.register).

import { h, externalLink } from './dom.js';
import { openMenu } from './menu.js';
import { fire, optionPayload } from './element-actions.js';
import { renderChoices, renderPicker, renderSelect, renderTextInput } from './input-elements.js';
import { plainOf, renderText } from './text-objects.js';

// Text objects, for the modules that import them from here.
export { plainOf, renderText };

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
