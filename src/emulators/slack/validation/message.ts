import { SlackApiError } from '../errors.js';
import { type BlockRules, checkBlocks } from './blocks.js';
import { slackLimits } from './limits.js';
import { parseJsonArg } from './parse-json-arg.js';
import { formatIssue } from './validation-issue.js';

export type MessageMethod = 'chat.postMessage' | 'chat.update' | 'chat.postEphemeral' | 'response_url' | 'chat.unfurl';

export interface MessageContentInput {
  text?: unknown;
  blocks?: unknown;
  attachments?: unknown;
  markdown_text?: unknown;
}

export interface MessageContent {
  text: string;
  blocks?: unknown[];
  attachments?: unknown[];
  /** Response warnings, e.g. `message_truncated`. */
  warnings: string[];
}

/** Parses and validates a `blocks` argument for a message; throws Slack's error for the first failing rule. */
export function validateMessageBlocks(raw: unknown, rules: BlockRules = {}): unknown[] {
  const parsed = parseJsonArg(raw);
  if (!parsed.ok || !Array.isArray(parsed.value)) {
    throw new SlackApiError('invalid_blocks_format', { messages: ['blocks must be a JSON array [json-pointer:/blocks]'] });
  }
  const report = checkBlocks(parsed.value, 'message', '/blocks', undefined, rules);
  if (report.markdownChars > slackLimits.markdownBlockTotalChars) {
    throw new SlackApiError('msg_blocks_too_long', {
      messages: [
        `markdown blocks total ${report.markdownChars} characters; the limit is ${slackLimits.markdownBlockTotalChars} [json-pointer:/blocks]`,
      ],
    });
  }
  if (!report.issues.ok) throw new SlackApiError('invalid_blocks', { messages: report.issues.issues.map(formatIssue) });
  return parsed.value;
}

/**
 * Message content rules shared by chat.postMessage, chat.update, chat.postEphemeral and response_url.
 * @see https://docs.slack.dev/reference/methods/chat.postMessage
 */
export function validateMessageContent(input: MessageContentInput, method: MessageMethod, rules: BlockRules = {}): MessageContent {
  const warnings: string[] = [];
  const hasText = typeof input.text === 'string' && input.text.length > 0;
  const hasBlocks = input.blocks !== undefined && input.blocks !== '' && input.blocks !== null;
  const hasAttachments = input.attachments !== undefined && input.attachments !== '';
  const markdownText = typeof input.markdown_text === 'string' ? input.markdown_text : undefined;

  if (markdownText !== undefined) {
    if (hasText || hasBlocks) throw new SlackApiError('markdown_text_conflict');
    if (markdownText.length > slackLimits.markdownTextArgChars) {
      throw new SlackApiError('msg_too_long', {
        messages: [`markdown_text must be less than ${slackLimits.markdownTextArgChars + 1} characters [json-pointer:/markdown_text]`],
      });
    }
    if (markdownText.length === 0) throw new SlackApiError('no_text');
    return { text: markdownText, blocks: [{ type: 'markdown', text: markdownText }], warnings };
  }
  if (!hasText && !hasBlocks && !hasAttachments) throw new SlackApiError('no_text');

  const blocks = hasBlocks ? validateMessageBlocks(input.blocks, rules) : undefined;
  let attachments: unknown[] | undefined;
  if (hasAttachments) {
    const parsed = parseJsonArg(input.attachments);
    if (!parsed.ok || !Array.isArray(parsed.value)) throw new SlackApiError('invalid_attachments');
    if (parsed.value.length > slackLimits.attachmentsPerMessage) throw new SlackApiError('too_many_attachments');
    attachments = parsed.value;
  }

  let text = typeof input.text === 'string' ? input.text : '';
  const strictMax =
    method === 'chat.update' ? slackLimits.updateTextChars : method === 'chat.postEphemeral' ? slackLimits.ephemeralTextChars : undefined;
  if (strictMax !== undefined && text.length > strictMax) {
    throw new SlackApiError('msg_too_long', { messages: [`text must be less than ${strictMax + 1} characters [json-pointer:/text]`] });
  }
  if (text.length > slackLimits.messageTextTruncateChars) {
    text = text.slice(0, slackLimits.messageTextTruncateChars);
    warnings.push('message_truncated');
  }
  const content: MessageContent = { text, warnings };
  if (blocks !== undefined) content.blocks = blocks;
  if (attachments !== undefined) content.attachments = attachments;
  return content;
}
