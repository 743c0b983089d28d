/** The footer under a final answer: elapsed time, tool calls, tokens (when the operator wants them), the conversation's link. */
import type { RunView } from '../../../agent/state/run-view.js';
import type { ContextBlock, MrkdwnElement } from '@slack/types';
import type { AnswerLanguage } from '../../../language/answer-language.js';
import { mrkdwnLink } from '../../blocks/escape.js';
import type { AgentRenderContext } from './agent-render-context.js';
import { answerLanguageOf, answerWords } from './answer-words.js';
import { formatCount } from '../../blocks/format.js';

/**
 * Elapsed from the first event to the end; from event times only (not the run record's start,
 * which a replay does not know), so a re-render or a replay of the same events is identical.
 */
function runElapsedMs(view: RunView, nowMs: number): number {
  const start = view.firstEventAtMs ?? view.startedAtMs;
  if (start === undefined) return 0;
  const end = view.endedAtMs ?? view.lastEventAtMs ?? nowMs;
  return Math.max(0, end - start);
}

export function runFooterBlock(
  view: RunView,
  ctx: AgentRenderContext,
  language: AnswerLanguage = answerLanguageOf(view, ctx.language),
): ContextBlock {
  const words = answerWords(language);
  const parts: string[] = [`:stopwatch: ${words.elapsed(runElapsedMs(view, ctx.nowMs))}`];
  const calls = view.tools.length;
  const failed = view.tools.filter((t) => t.status === 'error').length;
  parts.push(`:hammer_and_wrench: ${words.toolCalls(calls, failed)}`);
  const u = view.usage;
  // Token counts are for whoever runs the service, not for the analyst reading the answer.
  if (ctx.showUsage && u.reports > 0 && u.totalTokens > 0) {
    const split =
      u.inputTokens + u.outputTokens > 0 ? { input: formatCount(u.inputTokens), output: formatCount(u.outputTokens) } : undefined;
    parts.push(`:abacus: ${words.tokens(formatCount(u.totalTokens), split)}`);
  }
  const elements: MrkdwnElement[] = [{ type: 'mrkdwn', text: parts.join('  ·  ') }];
  if (ctx.conversationUrl) {
    const link = mrkdwnLink(ctx.conversationUrl, words.openConversation);
    if (link.startsWith('<')) elements.push({ type: 'mrkdwn', text: link });
  }
  if (ctx.demo) elements.push({ type: 'mrkdwn', text: words.demoRun });
  return { type: 'context', elements };
}
