/**
 * Content for Slack's native chat streaming (chat.startStream / appendStream): task_update
 * chunks for the run's tool calls and the Markdown streamed so far. All of it is agent text,
 * escaped like any markdown_text (https://docs.slack.dev/messaging/formatting-message-text).
 * Links follow the one rule of every surface (present-link.ts: http(s) only, an untrusted host
 * named after the label), so a reader can follow them while the answer is still streaming.
 * @see https://docs.slack.dev/messaging/sending-and-scheduling-messages#text-streaming
 */
import type { TaskUpdateChunk } from '@slack/types';
import type { RunView, ToolCall } from '../../../agent/state/run-view.js';
import { escapeForMarkdownBlock, escapeMrkdwn } from '../../blocks/escape.js';
import { NO_TRUSTED_HOSTS, presentLink, type LinkPolicy } from '../../blocks/markdown/present-link.js';
import { clampText } from '../../blocks/clamp-text.js';
import { formatCount } from '../../blocks/format.js';
import { streamedAnswerText } from './run-answer-text.js';
import type { AnswerLanguage } from '../../../language/answer-language.js';
import { answerLanguageOf, answerWords } from './answer-words.js';

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

/**
 * One task_update per tool call (id = the call's run_id), in call order, its words in the
 * answer's language (the asker's when known, else the one the agent writes in).
 */
export function toTaskUpdateChunks(view: RunView, language?: AnswerLanguage): TaskUpdateChunk[] {
  const words = answerWords(answerLanguageOf(view, language));
  return view.tools.map((tool) => {
    const chunk: TaskUpdateChunk = {
      type: 'task_update',
      id: tool.id,
      title: clampText(escapeMrkdwn(tool.toolName), TITLE_CHARS),
      status: taskStatus(tool, view),
    };
    if (tool.keyInput !== '') chunk.details = clampText(escapeMrkdwn(tool.keyInput), DETAILS_CHARS);
    if (tool.status === 'error') chunk.output = clampText(escapeMrkdwn(words.failed(tool.errorMessage)), DETAILS_CHARS);
    else if (tool.resultCount !== undefined) chunk.output = words.results(tool.resultCount, formatCount(tool.resultCount));
    return chunk;
  });
}

/**
 * A URL character, or one balanced pair of parentheses (`…/Moutai_(company)`). No brackets (a
 * URL percent-encodes them), so a link holds one `[`, its first character: only the text from
 * the last `[` can still become a link, and what is before it is final.
 */
const URL_PART = String.raw`(?:[^()[\]\s]|\([^()[\]\s]*\))`;
/** `[label](url)`: a label on one line without brackets, the URL without spaces. */
const LINK = new RegExp(String.raw`\[([^\[\]\n]*)\]\((${URL_PART}+)\)`, 'g');
/** The end of the text that may still become a LINK: `[lab`, `[label]`, `[label](https://ex`. */
const LINK_BEING_WRITTEN = new RegExp(String.raw`\[[^\[\]\n]*(?:\](?:\(${URL_PART}*(?:\([^()[\]\s]*)?)?)?$`);

/** A link as Markdown, by the link rule; anything but http(s) shows its label only. */
function streamLink(href: string, label: string, links: LinkPolicy): string {
  const link = presentLink(href, label, links);
  const text = escapeForMarkdownBlock(link.label).replace(/[[\]]/g, '\\$&');
  return link.url ? `[${text}](${link.url})` : text;
}

/**
 * All Markdown streamed for this view, escaped for markdown_text. Grows by appending only (the
 * sink sends what is past the length it sent): a link still being written at the end is held
 * back until it closes, so nothing sent is ever rewritten. Other link-like text (`[a](b c)`)
 * stays broken by a zero-width space, as in any markdown_text of agent text.
 */
export function toStreamMarkdown(view: RunView, links: LinkPolicy = NO_TRUSTED_HOSTS): string {
  const text = streamedAnswerText(view);
  const open = LINK_BEING_WRITTEN.exec(text);
  const ready = open ? text.slice(0, open.index) : text;
  let out = '';
  let last = 0;
  for (const m of ready.matchAll(LINK)) {
    out += escapeForMarkdownBlock(ready.slice(last, m.index)) + streamLink(m[2] ?? '', m[1] ?? '', links);
    last = m.index + m[0].length;
  }
  return out + escapeForMarkdownBlock(ready.slice(last));
}
