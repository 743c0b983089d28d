import type { InputBlock } from '@slack/types';
import { clampPlainText } from '../clamp-text.js';
import { plainObj } from './clamp-text-object.js';
import { clampOption, clampPlainOption } from './clamp-elements.js';
import { SLACK_LIMITS } from './slack-limits.js';

export function clampInput(b: InputBlock): InputBlock {
  const out: InputBlock = { ...b, label: plainObj(b.label.text, SLACK_LIMITS.inputLabelChars) };
  if (b.hint) out.hint = plainObj(b.hint.text, SLACK_LIMITS.inputHintChars);
  const el = { ...b.element };
  if (el.action_id !== undefined) el.action_id = clampPlainText(el.action_id, SLACK_LIMITS.actionIdChars);
  switch (el.type) {
    case 'plain_text_input':
      if (el.placeholder) el.placeholder = plainObj(el.placeholder.text, SLACK_LIMITS.placeholderChars);
      if (el.initial_value !== undefined) el.initial_value = clampPlainText(el.initial_value, SLACK_LIMITS.plainTextInputChars);
      break;
    case 'static_select':
      if (el.options) el.options = el.options.slice(0, SLACK_LIMITS.selectOptions).map(clampPlainOption);
      if (el.initial_option) el.initial_option = clampPlainOption(el.initial_option);
      if (el.placeholder) el.placeholder = plainObj(el.placeholder.text, SLACK_LIMITS.placeholderChars);
      break;
    case 'radio_buttons':
      el.options = el.options.slice(0, SLACK_LIMITS.radioOptions).map(clampOption);
      if (el.initial_option) el.initial_option = clampOption(el.initial_option);
      break;
    default:
      break;
  }
  out.element = el;
  return out;
}
