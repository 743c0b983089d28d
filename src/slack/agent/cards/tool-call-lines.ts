/**
 * The compact tool-call list: one line per call, newest last, clamped to a few recent calls
 * with "+N earlier". Tool names and inputs come from the service: escaped.
 */
import type { ToolCall, ToolCallStatus } from '../../../agent/state/run-view.js';
import { escapeMrkdwn, inlineCode } from '../../blocks/escape.js';
import { clampText } from '../../blocks/clamp-text.js';
import { formatCount } from '../../blocks/format.js';
import type { AnswerLanguage } from '../../../language/answer-language.js';
import { answerWords, type AnswerWords } from './answer-words.js';

const TOOL_MARK: Record<ToolCallStatus, string> = { done: '✓', running: '…', error: '✗', stopped: '–' };
const MAX_LINE_CHARS = 300;

function toolCallLine(tool: ToolCall, words: AnswerWords): string {
  let line = `${TOOL_MARK[tool.status]} ${inlineCode(escapeMrkdwn(tool.toolName))}`;
  if (tool.keyInput !== '') line += ` ${escapeMrkdwn(tool.keyInput)}`;
  if (tool.status === 'error') line += ` — ${words.failed(tool.errorMessage ? escapeMrkdwn(tool.errorMessage) : undefined)}`;
  else if (tool.status === 'stopped') line += ` — ${words.noResult}`;
  else if (tool.resultCount !== undefined) line += ` — ${words.results(tool.resultCount, formatCount(tool.resultCount))}`;
  return clampText(line, MAX_LINE_CHARS);
}

/** The last `max` calls as mrkdwn lines, preceded by "+N earlier" when some are hidden. */
export function toolCallLines(tools: readonly ToolCall[], max: number, language: AnswerLanguage = 'en'): string {
  const words = answerWords(language);
  const shown = tools.slice(-max);
  const hidden = tools.length - shown.length;
  const lines = shown.map((t) => toolCallLine(t, words));
  if (hidden > 0) lines.unshift(`_${words.earlierCalls(hidden)}_`);
  return lines.join('\n');
}
