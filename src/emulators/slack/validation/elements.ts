import { slackLimits } from './limits.js';
import { checkConfirm, checkTextObject, checkUrl } from './text.js';
import { isRecord, type IssueList } from './validation-issue.js';

/** Walk state shared by one payload: action_ids must be unique within a message or view. */
export interface WalkContext {
  actionIds: Map<string, string>;
}

const SELECTS = ['static_select', 'external_select', 'users_select', 'conversations_select', 'channels_select'];
const MULTI_SELECTS = SELECTS.map((s) => `multi_${s}`);

export const actionsElementTypes = new Set([
  'button',
  'checkboxes',
  'datepicker',
  'datetimepicker',
  'overflow',
  'radio_buttons',
  'timepicker',
  'workflow_button',
  'rich_text_input',
  ...SELECTS,
  ...MULTI_SELECTS,
]);
export const accessoryElementTypes = new Set([
  'button',
  'checkboxes',
  'datepicker',
  'image',
  'overflow',
  'radio_buttons',
  'timepicker',
  'workflow_button',
  ...SELECTS,
  ...MULTI_SELECTS,
]);
export const inputElementTypes = new Set([
  'checkboxes',
  'datepicker',
  'datetimepicker',
  'email_text_input',
  'file_input',
  'number_text_input',
  'plain_text_input',
  'radio_buttons',
  'rich_text_input',
  'timepicker',
  'url_text_input',
  ...SELECTS,
  ...MULTI_SELECTS,
]);
export const contextActionsElementTypes = new Set(['feedback_buttons', 'icon_button']);

function checkActionId(issues: IssueList, path: string, el: Record<string, unknown>, ctx: WalkContext, required: boolean): void {
  const id = el.action_id;
  if (id === undefined) {
    if (required) issues.add(`${path}/action_id`, 'must provide a string');
    return;
  }
  if (typeof id !== 'string' || id.length === 0) {
    issues.add(`${path}/action_id`, 'must provide a non-empty string');
    return;
  }
  issues.maxChars(`${path}/action_id`, id, slackLimits.actionIdChars);
  const previous = ctx.actionIds.get(id);
  if (previous !== undefined) issues.add(`${path}/action_id`, `duplicate action_id "${id}" (first used at ${previous})`);
  else ctx.actionIds.set(id, path);
}

function checkOption(issues: IssueList, path: string, opt: unknown, textKind: 'plain_text' | 'any'): void {
  if (!isRecord(opt)) {
    issues.add(path, 'must provide an object');
    return;
  }
  checkTextObject(issues, `${path}/text`, opt.text, { kind: textKind, max: slackLimits.optionTextChars });
  if (typeof opt.value !== 'string' || opt.value.length === 0) issues.add(`${path}/value`, 'must provide a string');
  else issues.maxChars(`${path}/value`, opt.value, slackLimits.optionValueChars);
  if (opt.description !== undefined) {
    checkTextObject(issues, `${path}/description`, opt.description, { kind: textKind, max: slackLimits.optionDescriptionChars });
  }
  if (opt.url !== undefined) checkUrl(issues, `${path}/url`, opt.url, slackLimits.buttonUrlChars);
}

function checkOptions(issues: IssueList, path: string, options: unknown, max: number, min: number, textKind: 'plain_text' | 'any'): void {
  if (!Array.isArray(options)) {
    issues.add(path, 'must provide an array');
    return;
  }
  if (options.length < min) issues.add(path, `must provide at least ${min} items`);
  if (options.length > max) issues.add(path, `must provide no more than ${max} items`);
  options.forEach((o, i) => {
    checkOption(issues, `${path}/${i}`, o, textKind);
  });
}

function checkSelect(issues: IssueList, path: string, el: Record<string, unknown>): void {
  if (el.placeholder !== undefined) {
    checkTextObject(issues, `${path}/placeholder`, el.placeholder, { kind: 'plain_text', max: slackLimits.placeholderChars });
  }
  const type = String(el.type);
  if (type === 'static_select' || type === 'multi_static_select') {
    if (el.options === undefined && el.option_groups === undefined) issues.add(path, 'must provide options or option_groups');
    if (el.options !== undefined) checkOptions(issues, `${path}/options`, el.options, slackLimits.selectOptions, 1, 'plain_text');
    if (el.option_groups !== undefined) {
      if (!Array.isArray(el.option_groups)) issues.add(`${path}/option_groups`, 'must provide an array');
      else
        el.option_groups.forEach((g, i) => {
          const gp = `${path}/option_groups/${i}`;
          if (!isRecord(g)) {
            issues.add(gp, 'must provide an object');
            return;
          }
          checkTextObject(issues, `${gp}/label`, g.label, { kind: 'plain_text', max: slackLimits.optionTextChars });
          checkOptions(issues, `${gp}/options`, g.options, slackLimits.selectOptions, 1, 'plain_text');
        });
    }
  }
}

function checkButton(issues: IssueList, path: string, el: Record<string, unknown>): void {
  checkTextObject(issues, `${path}/text`, el.text, { kind: 'plain_text', max: slackLimits.buttonTextChars });
  if (el.value !== undefined) {
    if (typeof el.value !== 'string') issues.add(`${path}/value`, 'must provide a string');
    else issues.maxChars(`${path}/value`, el.value, slackLimits.buttonValueChars);
  }
  if (el.url !== undefined) checkUrl(issues, `${path}/url`, el.url, slackLimits.buttonUrlChars);
  if (el.style !== undefined && el.style !== 'primary' && el.style !== 'danger') {
    issues.add(`${path}/style`, 'must be one of [primary, danger]');
  }
  issues.maxChars(`${path}/accessibility_label`, el.accessibility_label, slackLimits.accessibilityLabelChars);
}

export function checkImageElement(issues: IssueList, path: string, el: Record<string, unknown>): void {
  if (el.image_url === undefined && el.slack_file === undefined) issues.add(path, 'must provide image_url or slack_file');
  if (el.image_url !== undefined) checkUrl(issues, `${path}/image_url`, el.image_url, slackLimits.imageUrlChars);
  if (typeof el.alt_text !== 'string' || el.alt_text.length === 0) issues.add(`${path}/alt_text`, 'must provide a string');
  else issues.maxChars(`${path}/alt_text`, el.alt_text, slackLimits.imageAltTextChars);
}

function checkFeedbackButton(issues: IssueList, path: string, b: unknown): void {
  if (!isRecord(b)) {
    issues.add(path, 'must provide an object');
    return;
  }
  checkTextObject(issues, `${path}/text`, b.text, { kind: 'plain_text', max: slackLimits.buttonTextChars });
  if (typeof b.value !== 'string' || b.value.length === 0) issues.add(`${path}/value`, 'must provide a string');
  else issues.maxChars(`${path}/value`, b.value, slackLimits.buttonValueChars);
  issues.maxChars(`${path}/accessibility_label`, b.accessibility_label, slackLimits.accessibilityLabelChars);
}

/** Validates one block element against the set of types its container allows. */
export function checkElement(issues: IssueList, path: string, el: unknown, allowed: Set<string>, ctx: WalkContext): void {
  if (!isRecord(el)) {
    issues.add(path, 'must provide an object');
    return;
  }
  const type = el.type;
  if (typeof type !== 'string' || !allowed.has(type)) {
    issues.add(`${path}/type`, `must be one of [${[...allowed].join(', ')}]`);
    return;
  }
  if (type === 'image') {
    checkImageElement(issues, path, el);
    return;
  }
  checkActionId(issues, path, el, ctx, type === 'feedback_buttons' || type === 'icon_button');
  checkConfirm(issues, `${path}/confirm`, el.confirm);
  switch (type) {
    case 'button':
      checkButton(issues, path, el);
      return;
    case 'overflow':
      checkOptions(issues, `${path}/options`, el.options, slackLimits.overflowOptions, slackLimits.overflowMinOptions, 'plain_text');
      return;
    case 'checkboxes':
      checkOptions(issues, `${path}/options`, el.options, slackLimits.checkboxOptions, 1, 'any');
      return;
    case 'radio_buttons':
      checkOptions(issues, `${path}/options`, el.options, slackLimits.radioOptions, 1, 'any');
      return;
    case 'datepicker':
      if (el.initial_date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(String(el.initial_date))) {
        issues.add(`${path}/initial_date`, 'must be formatted YYYY-MM-DD');
      }
      return;
    case 'timepicker':
      if (el.initial_time !== undefined && !/^\d{2}:\d{2}$/.test(String(el.initial_time))) {
        issues.add(`${path}/initial_time`, 'must be formatted HH:mm');
      }
      return;
    case 'feedback_buttons':
      checkFeedbackButton(issues, `${path}/positive_button`, el.positive_button);
      checkFeedbackButton(issues, `${path}/negative_button`, el.negative_button);
      return;
    case 'icon_button':
      if (typeof el.icon !== 'string' || el.icon.length === 0) issues.add(`${path}/icon`, 'must provide a string');
      checkTextObject(issues, `${path}/text`, el.text, { kind: 'plain_text', max: slackLimits.buttonTextChars });
      return;
    case 'workflow_button':
      checkTextObject(issues, `${path}/text`, el.text, { kind: 'plain_text', max: slackLimits.buttonTextChars });
      if (!isRecord(el.workflow)) issues.add(`${path}/workflow`, 'must provide an object');
      return;
    case 'plain_text_input':
    case 'email_text_input':
    case 'url_text_input':
    case 'number_text_input':
    case 'rich_text_input':
      if (el.placeholder !== undefined) {
        checkTextObject(issues, `${path}/placeholder`, el.placeholder, { kind: 'plain_text', max: slackLimits.placeholderChars });
      }
      return;
    default:
      if (type.includes('select')) checkSelect(issues, path, el);
  }
}
