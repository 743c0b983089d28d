import { SlackApiError } from '../errors.js';
import { checkBlocks } from './blocks.js';
import { slackLimits } from './limits.js';
import { parseJsonArg } from './parse-json-arg.js';
import { checkTextObject } from './text.js';
import { IssueList, formatIssue, isRecord } from './validation-issue.js';

export type ViewType = 'modal' | 'home';

/**
 * A view for views.open / views.update / views.push (modal) or views.publish (home). Slack answers
 * `invalid_arguments` with json-pointer messages for schema failures and `view_too_large` above 250 KB.
 * @see https://docs.slack.dev/reference/views/modal-views
 */
export function validateView(raw: unknown, expected: ViewType): Record<string, unknown> {
  const parsed = parseJsonArg(raw);
  if (!parsed.ok || !isRecord(parsed.value)) {
    throw new SlackApiError('invalid_arguments', { messages: ['view must be a JSON object [json-pointer:/view]'] });
  }
  const view = parsed.value;
  if (Buffer.byteLength(JSON.stringify(view), 'utf8') > slackLimits.viewBytes) throw new SlackApiError('view_too_large');
  const issues = new IssueList();
  if (view.type !== expected) issues.add('/view/type', `must be ${expected}`);
  if (expected === 'modal') {
    checkTextObject(issues, '/view/title', view.title, { kind: 'plain_text', max: slackLimits.viewTitleChars });
    if (view.submit !== undefined)
      checkTextObject(issues, '/view/submit', view.submit, { kind: 'plain_text', max: slackLimits.viewButtonChars });
    if (view.close !== undefined)
      checkTextObject(issues, '/view/close', view.close, { kind: 'plain_text', max: slackLimits.viewButtonChars });
  }
  if (!Array.isArray(view.blocks)) issues.add('/view/blocks', 'must provide an array');
  else {
    const report = checkBlocks(view.blocks, expected, '/view/blocks');
    issues.issues.push(...report.issues.issues);
    const hasInput = view.blocks.some((b) => isRecord(b) && b.type === 'input');
    if (expected === 'modal' && hasInput && view.submit === undefined) {
      issues.add('/view/submit', 'must provide submit when the view contains input blocks');
    }
  }
  for (const [field, max] of [
    ['private_metadata', slackLimits.privateMetadataChars],
    ['callback_id', slackLimits.callbackIdChars],
    ['external_id', slackLimits.externalIdChars],
  ] as const) {
    const value = view[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') issues.add(`/view/${field}`, 'must provide a string');
    else issues.maxChars(`/view/${field}`, value, max);
  }
  if (!issues.ok) throw new SlackApiError('invalid_arguments', { messages: issues.issues.map(formatIssue) });
  return view;
}
