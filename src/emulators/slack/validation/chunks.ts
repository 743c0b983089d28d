import { SlackApiError } from '../errors.js';
import { type BlockRules, checkBlocks } from './blocks.js';
import { slackLimits } from './limits.js';
import { parseJsonArg } from './parse-json-arg.js';
import { IssueList, formatIssue, isRecord } from './validation-issue.js';

export type StreamChunk =
  | { type: 'markdown_text'; text: string }
  | { type: 'task_update'; id: string; title: string; status: string; details?: string; output?: string; sources?: unknown[] }
  | { type: 'plan_update'; title: string }
  | { type: 'blocks'; blocks: unknown[] };

const TASK_STATUSES = new Set(['pending', 'in_progress', 'complete', 'error']);

/**
 * Stream chunks (`markdown_text`, `task_update`, `plan_update`, `blocks`) as @slack/types chunk.ts defines them.
 * A `blocks` chunk holds at most 50 blocks (`msg_blocks_too_many`).
 */
export function validateChunks(raw: unknown, rules: BlockRules = {}): StreamChunk[] {
  const parsed = parseJsonArg(raw);
  if (!parsed.ok || !Array.isArray(parsed.value)) {
    throw new SlackApiError('invalid_chunks', { messages: ['chunks must be a JSON array [json-pointer:/chunks]'] });
  }
  const issues = new IssueList();
  parsed.value.forEach((chunk, i) => {
    const p = `/chunks/${i}`;
    if (!isRecord(chunk)) {
      issues.add(p, 'must provide an object');
      return;
    }
    switch (chunk.type) {
      case 'markdown_text':
        if (typeof chunk.text !== 'string') issues.add(`${p}/text`, 'must provide a string');
        else issues.maxChars(`${p}/text`, chunk.text, slackLimits.markdownTextArgChars);
        return;
      case 'task_update':
        if (typeof chunk.id !== 'string' || chunk.id.length === 0) issues.add(`${p}/id`, 'must provide a string');
        if (typeof chunk.title !== 'string') issues.add(`${p}/title`, 'must provide a string');
        if (!TASK_STATUSES.has(String(chunk.status))) issues.add(`${p}/status`, 'must be one of [pending, in_progress, complete, error]');
        return;
      case 'plan_update':
        if (typeof chunk.title !== 'string') issues.add(`${p}/title`, 'must provide a string');
        return;
      case 'blocks': {
        if (!Array.isArray(chunk.blocks)) {
          issues.add(`${p}/blocks`, 'must provide an array');
          return;
        }
        if (chunk.blocks.length > slackLimits.streamBlocksPerCall) throw new SlackApiError('msg_blocks_too_many');
        const report = checkBlocks(chunk.blocks, 'message', `${p}/blocks`, undefined, rules);
        issues.issues.push(...report.issues.issues);
        return;
      }
      default:
        issues.add(`${p}/type`, 'must be one of [markdown_text, task_update, plan_update, blocks]');
    }
  });
  if (!issues.ok) throw new SlackApiError('invalid_chunks', { messages: issues.issues.map(formatIssue) });
  return parsed.value as StreamChunk[];
}

/** Blocks passed to chat.stopStream: ≤50 (`msg_blocks_too_many`), otherwise ordinary message block rules. */
export function validateStreamBlocks(raw: unknown, rules: BlockRules = {}): unknown[] {
  const parsed = parseJsonArg(raw);
  if (!parsed.ok || !Array.isArray(parsed.value)) throw new SlackApiError('invalid_blocks_format');
  if (parsed.value.length > slackLimits.streamBlocksPerCall) throw new SlackApiError('msg_blocks_too_many');
  const report = checkBlocks(parsed.value, 'message', '/blocks', undefined, rules);
  if (!report.issues.ok) throw new SlackApiError('invalid_blocks', { messages: report.issues.issues.map(formatIssue) });
  return parsed.value;
}
