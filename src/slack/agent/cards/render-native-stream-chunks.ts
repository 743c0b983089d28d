/**
 * Content for Slack's native chat streaming (chat.startStream / appendStream): task_update
 * chunks for the run's tool calls and the Markdown streamed so far. All of it is agent text,
 * escaped like any markdown_text (https://docs.slack.dev/messaging/formatting-message-text).
 * @see https://docs.slack.dev/messaging/sending-and-scheduling-messages#text-streaming
 */
import type { TaskUpdateChunk } from '@slack/types';
import type { RunView, ToolCall } from '../../../agent/state/run-view.js';
import { escapeForMarkdownBlock, escapeMrkdwn } from '../../blocks/escape.js';
import { clampText } from '../../blocks/clamp-text.js';
import { formatCount } from '../../blocks/format.js';
import { streamedAnswerText } from './run-answer-text.js';

const TITLE_CHARS = 150;
const DETAILS_CHARS = 500;

function taskStatus(tool: ToolCall, view: RunView): TaskUpdateChunk['status'] {
  switch (tool.status) {
    case 'running':
      return 'in_progress';
    case 'done':
      return 'complete';
    case 'error':
      return 'error';
    case 'stopped':
      // Never reported back: fine if the run still completed, a failure otherwise.
      return view.status === 'completed' ? 'complete' : 'error';
  }
}

/** One task_update per tool call (id = the call's run_id), in call order. */
export function toTaskUpdateChunks(view: RunView): TaskUpdateChunk[] {
  return view.tools.map((tool) => {
    const chunk: TaskUpdateChunk = {
      type: 'task_update',
      id: tool.id,
      title: clampText(escapeMrkdwn(tool.toolName), TITLE_CHARS),
      status: taskStatus(tool, view),
    };
    if (tool.keyInput !== '') chunk.details = clampText(escapeMrkdwn(tool.keyInput), DETAILS_CHARS);
    if (tool.status === 'error') chunk.output = clampText(escapeMrkdwn(tool.errorMessage ?? 'failed'), DETAILS_CHARS);
    else if (tool.resultCount !== undefined) {
      chunk.output = `${formatCount(tool.resultCount)} ${tool.resultCount === 1 ? 'result' : 'results'}`;
    }
    return chunk;
  });
}

/** All Markdown streamed for this view, escaped for markdown_text. Grows by appending only. */
export function toStreamMarkdown(view: RunView): string {
  return escapeForMarkdownBlock(streamedAnswerText(view));
}
