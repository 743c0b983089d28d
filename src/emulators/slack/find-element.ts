import { isRecord } from './validation/validation-issue.js';

export interface FoundElement {
  element: Record<string, unknown>;
  blockId: string;
}

/** Finds the interactive element with `actionId` in blocks (actions, accessories, inputs, context_actions). */
export function findElement(blocks: unknown[] | undefined, actionId: string): FoundElement | undefined {
  for (const [index, block] of (blocks ?? []).entries()) {
    if (!isRecord(block)) continue;
    const blockId = typeof block.block_id === 'string' ? block.block_id : `emu-block-${index}`;
    const candidates: unknown[] = [];
    if (Array.isArray(block.elements)) candidates.push(...block.elements);
    if (block.accessory !== undefined) candidates.push(block.accessory);
    if (block.element !== undefined) candidates.push(block.element);
    for (const el of candidates) {
      if (isRecord(el) && el.action_id === actionId) return { element: el, blockId };
    }
  }
  return undefined;
}

function allOptions(el: Record<string, unknown>): Record<string, unknown>[] {
  const options: unknown[] = Array.isArray(el.options) ? [...el.options] : [];
  if (Array.isArray(el.option_groups)) {
    for (const g of el.option_groups) if (isRecord(g) && Array.isArray(g.options)) options.push(...g.options);
  }
  return options.filter(isRecord);
}

function pickOption(el: Record<string, unknown>, value: string | undefined): Record<string, unknown> | undefined {
  const options = allOptions(el);
  return (
    options.find((o) => o.value === value) ??
    (value === undefined ? options[0] : undefined) ??
    (value !== undefined ? { text: { type: 'plain_text', text: value }, value } : undefined)
  );
}

/** The `actions[]` entry of a block_actions payload for a click on (or choice in) an element. */
export function buildActionEntry(found: FoundElement, value: string | undefined, actionTs: string): Record<string, unknown> {
  const { element: el, blockId } = found;
  const type = String(el.type);
  const base: Record<string, unknown> = { type, block_id: blockId, action_id: el.action_id, action_ts: actionTs };
  switch (type) {
    case 'button':
      return { ...base, text: el.text, value: value ?? el.value, ...(el.style !== undefined ? { style: el.style } : {}) };
    case 'feedback_buttons': {
      const pos = isRecord(el.positive_button) ? el.positive_button : {};
      const neg = isRecord(el.negative_button) ? el.negative_button : {};
      const chosen = feedbackChoice(el, value) === 'negative' ? neg : pos;
      return { ...base, value: chosen.value, text: chosen.text };
    }
    case 'icon_button':
      return { ...base, value: value ?? el.value, text: el.text };
    case 'static_select':
    case 'external_select':
    case 'overflow':
    case 'radio_buttons':
      return { ...base, selected_option: pickOption(el, value) ?? null };
    case 'checkboxes':
    case 'multi_static_select':
    case 'multi_external_select': {
      const values = value === undefined ? [] : value.split(',');
      return { ...base, selected_options: values.map((v) => pickOption(el, v)).filter((o) => o !== undefined) };
    }
    case 'users_select':
      return { ...base, selected_user: value ?? null };
    case 'multi_users_select':
      return { ...base, selected_users: value === undefined ? [] : value.split(',') };
    case 'conversations_select':
      return { ...base, selected_conversation: value ?? null };
    case 'multi_conversations_select':
      return { ...base, selected_conversations: value === undefined ? [] : value.split(',') };
    case 'channels_select':
      return { ...base, selected_channel: value ?? null };
    case 'multi_channels_select':
      return { ...base, selected_channels: value === undefined ? [] : value.split(',') };
    case 'datepicker':
      return { ...base, selected_date: value ?? el.initial_date ?? null };
    case 'timepicker':
      return { ...base, selected_time: value ?? el.initial_time ?? null };
    default:
      return { ...base, value: value ?? null };
  }
}

/** A view_submission state value for an input element from a plain string (the playground sends strings). */
export function stateValueFor(el: Record<string, unknown> | undefined, raw: unknown): Record<string, unknown> {
  if (isRecord(raw)) return raw;
  const type = el === undefined ? 'plain_text_input' : String(el.type);
  const value = raw === undefined || raw === null ? undefined : String(raw);
  if (el !== undefined && ['static_select', 'external_select', 'radio_buttons'].includes(type)) {
    return { type, selected_option: value === undefined ? null : (pickOption(el, value) ?? null) };
  }
  if (el !== undefined && ['multi_static_select', 'checkboxes'].includes(type)) {
    return { type, selected_options: value === undefined ? [] : value.split(',').map((v) => pickOption(el, v)) };
  }
  if (type === 'datepicker') return { type, selected_date: value ?? null };
  if (type === 'timepicker') return { type, selected_time: value ?? null };
  if (type === 'users_select') return { type, selected_user: value ?? null };
  if (type === 'conversations_select') return { type, selected_conversation: value ?? null };
  if (type === 'channels_select') return { type, selected_channel: value ?? null };
  return { type, value: value ?? null };
}

/** Which of a feedback_buttons element's two buttons a click means: 'negative' or its value, else the 👍. */
export function feedbackChoice(el: Record<string, unknown>, value: string | undefined): 'positive' | 'negative' {
  const neg = isRecord(el.negative_button) ? el.negative_button : {};
  return value === 'negative' || (value !== undefined && value === neg.value) ? 'negative' : 'positive';
}
