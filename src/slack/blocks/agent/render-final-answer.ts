/**
 * The authoritative final render of a run, written once from the full event log whatever the
 * live path showed: the answer (report, else last agent output, else streamed text) as Block
 * Kit, then the ending (error / cancel / timeout), sources, footer and (for a completed run)
 * the 👍/👎 feedback buttons, split over as many
 * thread messages as needed. Deterministic for a given view (no clock unless the run never
 * reported a time), so a re-render after a crash is identical.
 */
import type { RunView } from '../../../agent/state/run-view.js';
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { mrkdwnLink, plainText } from '../escape.js';
import { SLACK_LIMITS } from '../limits.js';
import { defuseTokens } from '../markdown/inline-to-mrkdwn.js';
import { markdownToBlocks, noteBlock, sectionBlock } from '../markdown/markdown-to-blocks.js';
import { splitIntoMessages, type MessageLimits } from '../markdown/split-into-messages.js';
import type { AgentRenderContext } from './agent-render-context.js';
import { feedbackButtonsBlock } from './feedback-buttons.js';
import { finalAnswerMarkdown } from './run-answer-text.js';
import { runEndingBlocks } from './run-ending.js';
import { runFooterBlock } from './run-footer.js';
import { runSourcesBlocks } from './run-sources.js';

export function renderFinalAnswer(view: RunView, ctx: AgentRenderContext, limits: Partial<MessageLimits> = {}): SlackMessage[] {
  const body: KnownBlock[] = markdownToBlocks(finalAnswerMarkdown(view), { links: { trustedHosts: ctx.trustedLinkHosts ?? [] } });
  const title = defuseTokens(plainText(view.report?.title ?? ''))
    .replace(/\s+/g, ' ')
    .trim();
  if (title !== '' && body[0]?.type !== 'header' && title.length <= SLACK_LIMITS.headerTextChars) {
    body.unshift({ type: 'header', text: { type: 'plain_text', text: title, emoji: true } });
  }
  if (body.length > 0 && view.status !== 'completed') {
    body.unshift(noteBlock('What the agent had written before it stopped:'));
  }
  if (body.length === 0 && view.status === 'completed') {
    body.push(sectionBlock('The agent finished without writing an answer.'));
  }
  const tail: KnownBlock[] = [...runEndingBlocks(view), ...runSourcesBlocks(view), runFooterBlock(view, ctx)];
  // Only an answer can be rated; the buttons end the last part, after the footer.
  if (view.status === 'completed') tail.push(feedbackButtonsBlock({ conversationId: ctx.conversationId ?? '' }));
  const hint = ctx.conversationUrl ? mrkdwnLink(ctx.conversationUrl, 'Read the full answer in the service') : undefined;
  return splitIntoMessages(body, limits, { tail, ...(hint?.startsWith('<') ? { overflowHint: hint } : {}) });
}
