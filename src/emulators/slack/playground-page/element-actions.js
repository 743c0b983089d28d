// What an interactive element reports: its action (after its confirm dialog, if it has one) and
// a chosen option in Slack's shape.

import { askConfirm } from './menu.js';
import { renderText } from './text-objects.js';

/** Slack's `selected_option` shape: the option as the app defined it. */
export function optionPayload(option) {
  return option ? { text: option.text, value: option.value, ...(option.description ? { description: option.description } : {}) } : null;
}

export async function fire(el, ctx, scope, details) {
  if (el.confirm && !(await askConfirm(el.confirm, (t) => renderText(t, ctx)))) return;
  ctx.onAction?.({ type: el.type, action_id: el.action_id, block_id: scope.block_id, ...details });
}
