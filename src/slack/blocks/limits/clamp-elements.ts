import type { ActionsBlockElement, Button, ConfirmationDialog, Option, PlainTextOption } from '@slack/types';
import { clampPlainText } from '../clamp-text.js';
import { clampTextObject, plainObj } from './clamp-text-object.js';
import { SLACK_LIMITS } from './slack-limits.js';

function clampConfirm(c: ConfirmationDialog): ConfirmationDialog {
  const out: ConfirmationDialog = { ...c, text: clampTextObject(c.text, SLACK_LIMITS.confirmTextChars) };
  if (c.title) out.title = plainObj(c.title.text, SLACK_LIMITS.confirmTitleChars);
  if (c.confirm) out.confirm = plainObj(c.confirm.text, SLACK_LIMITS.confirmButtonChars);
  if (c.deny) out.deny = plainObj(c.deny.text, SLACK_LIMITS.confirmButtonChars);
  return out;
}

/** Over-long values or URLs cannot be cut meaningfully (JSON, links): they are dropped instead. */
export function clampButton(b: Button): Button {
  const out: Button = { ...b, text: plainObj(b.text.text, SLACK_LIMITS.buttonTextChars) };
  if (out.action_id !== undefined) out.action_id = clampPlainText(out.action_id, SLACK_LIMITS.actionIdChars);
  if (out.value !== undefined && out.value.length > SLACK_LIMITS.buttonValueChars) delete out.value;
  if (out.url !== undefined && (out.url.length > SLACK_LIMITS.buttonUrlChars || !/^https?:\/\/\S+$/i.test(out.url))) {
    delete out.url;
  }
  if (out.accessibility_label !== undefined) {
    out.accessibility_label = clampPlainText(out.accessibility_label, SLACK_LIMITS.accessibilityLabelChars);
  }
  if (out.confirm) out.confirm = clampConfirm(out.confirm);
  return out;
}

function clampOptionRest<O extends Option>(o: O): O {
  const out: O = { ...o };
  if (o.value !== undefined) out.value = clampPlainText(o.value, SLACK_LIMITS.optionValueChars);
  if (o.description) out.description = plainObj(o.description.text, SLACK_LIMITS.optionDescriptionChars);
  return out;
}

export function clampPlainOption(o: PlainTextOption): PlainTextOption {
  return clampOptionRest({ ...o, text: plainObj(o.text.text, SLACK_LIMITS.optionTextChars) });
}

/** Radio buttons and checkboxes may label options in mrkdwn; selects only in plain_text. */
export function clampOption(o: Option): Option {
  return o.text.type === 'plain_text'
    ? clampPlainOption({ ...o, text: o.text })
    : clampOptionRest({ ...o, text: clampTextObject(o.text, SLACK_LIMITS.optionTextChars) });
}

export function clampActionElement(e: ActionsBlockElement): ActionsBlockElement {
  if (e.type === 'button') return clampButton(e);
  if (e.type === 'static_select' && e.options)
    return { ...e, options: e.options.slice(0, SLACK_LIMITS.selectOptions).map(clampPlainOption) };
  return { ...e };
}
