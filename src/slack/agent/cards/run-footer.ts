/** The footer under a final answer: elapsed time, tool calls, tokens, the conversation's link. */
import type { RunView } from '../../../agent/state/run-view.js';
import type { ContextBlock, MrkdwnElement } from '@slack/types';
import { mrkdwnLink } from '../../blocks/escape.js';
import { formatElapsed, type AgentRenderContext } from './agent-render-context.js';
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

export function runFooterBlock(view: RunView, ctx: AgentRenderContext): ContextBlock {
  const parts: string[] = [`:stopwatch: ${formatElapsed(runElapsedMs(view, ctx.nowMs))}`];
  const calls = view.tools.length;
  const failed = view.tools.filter((t) => t.status === 'error').length;
  parts.push(`:hammer_and_wrench: ${calls} tool ${calls === 1 ? 'call' : 'calls'}${failed > 0 ? ` (${failed} failed)` : ''}`);
  const u = view.usage;
  if (u.reports > 0 && u.totalTokens > 0) {
    const split = u.inputTokens + u.outputTokens > 0 ? ` (${formatCount(u.inputTokens)} in / ${formatCount(u.outputTokens)} out)` : '';
    parts.push(`:abacus: ${formatCount(u.totalTokens)} tokens${split}`);
  }
  const elements: MrkdwnElement[] = [{ type: 'mrkdwn', text: parts.join('  ·  ') }];
  if (ctx.conversationUrl) {
    const link = mrkdwnLink(ctx.conversationUrl, 'Open the conversation');
    if (link.startsWith('<')) elements.push({ type: 'mrkdwn', text: link });
  }
  if (ctx.demo) elements.push({ type: 'mrkdwn', text: 'Demo run: answers come from sample data.' });
  return { type: 'context', elements };
}
