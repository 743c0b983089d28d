import { slackLimits } from './limits.js';
import { isRecord, type IssueList } from './validation-issue.js';

export type TextKind = 'plain_text' | 'mrkdwn' | 'any';

/**
 * A composition text object: `{type: plain_text|mrkdwn, text: non-empty}`; `emoji` only on plain_text,
 * `verbatim` only on mrkdwn. `kind` narrows where Slack insists on one type (headers, buttons, titles).
 * @see https://docs.slack.dev/reference/block-kit/composition-objects/text-object
 */
export function checkTextObject(
  issues: IssueList,
  path: string,
  value: unknown,
  opts: { kind: TextKind; max: number; required?: boolean },
): void {
  if (value === undefined) {
    if (opts.required !== false) issues.add(path, 'must provide an object');
    return;
  }
  if (!isRecord(value)) {
    issues.add(path, 'must provide an object');
    return;
  }
  const type = value.type;
  if (type !== 'plain_text' && type !== 'mrkdwn') {
    issues.add(`${path}/type`, 'must be one of [plain_text, mrkdwn]');
    return;
  }
  if (opts.kind !== 'any' && type !== opts.kind) {
    issues.add(`${path}/type`, `must be ${opts.kind}`);
    return;
  }
  if (typeof value.text !== 'string') {
    issues.add(`${path}/text`, 'must provide a string');
    return;
  }
  if (value.text.length === 0) issues.add(`${path}/text`, 'must be more than 0 characters');
  issues.maxChars(`${path}/text`, value.text, opts.max);
  if (type === 'mrkdwn' && 'emoji' in value) issues.add(`${path}/emoji`, 'emoji is not allowed on mrkdwn text');
  if (type === 'plain_text' && 'verbatim' in value) issues.add(`${path}/verbatim`, 'verbatim is not allowed on plain_text');
}

/** A confirmation dialog object on interactive elements. */
export function checkConfirm(issues: IssueList, path: string, value: unknown): void {
  if (value === undefined) return;
  if (!isRecord(value)) {
    issues.add(path, 'must provide an object');
    return;
  }
  checkTextObject(issues, `${path}/title`, value.title, { kind: 'plain_text', max: slackLimits.confirmTitleChars });
  checkTextObject(issues, `${path}/text`, value.text, { kind: 'any', max: slackLimits.confirmTextChars });
  checkTextObject(issues, `${path}/confirm`, value.confirm, { kind: 'plain_text', max: slackLimits.confirmButtonChars });
  checkTextObject(issues, `${path}/deny`, value.deny, { kind: 'plain_text', max: slackLimits.confirmButtonChars });
}

export function checkUrl(issues: IssueList, path: string, value: unknown, max: number): void {
  if (typeof value !== 'string' || value.length === 0) {
    issues.add(path, 'must provide a string');
    return;
  }
  issues.maxChars(path, value, max);
  if (!/^https?:\/\/[^\s]+$/i.test(value)) issues.add(path, 'must be a valid URL');
}
