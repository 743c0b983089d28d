/**
 * The live reply of a run, updated as events arrive: status and elapsed time, the current
 * step, recent tool calls, the tail of the streamed text, and a Cancel button. Sized to stay
 * well inside one message whatever the run does (≈ 4k chars of text, a handful of blocks).
 */
import type { RunView } from '../../../agent/state/run-view.js';
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import { clampText } from '../../blocks/clamp-text.js';
import { markdownToMrkdwn } from '../../blocks/markdown/markdown-pieces.js';
import { noteBlock, sectionBlock } from '../../blocks/markdown/markdown-to-blocks.js';
import { splitMrkdwn } from '../../blocks/markdown/split-mrkdwn.js';
import { CANCEL_ACTION_ID, type AgentRenderContext } from './agent-render-context.js';
import { streamedAnswerText } from './run-answer-text.js';
import { toolCallLines } from './tool-call-lines.js';
import { languageOfText } from '../../../language/answer-language.js';
import { answerWords, type AnswerWords } from './answer-words.js';

const PROGRESS_LIMITS = {
  /** Tool calls listed before "+N earlier". */
  tools: 6,
  /** Markdown read from the end of the streamed text. */
  tailMarkdownChars: 4000,
  /** mrkdwn shown of it. */
  tailChars: 2500,
  stepChars: 200,
} as const;

function elapsedMs(view: RunView, nowMs: number): number {
  if (view.startedAtMs === undefined) return 0;
  const end = view.status === 'running' ? nowMs : (view.endedAtMs ?? nowMs);
  return Math.max(0, end - view.startedAtMs);
}

function stepLine(view: RunView, words: AnswerWords): string | undefined {
  const s = view.currentStep;
  if (!s) return undefined;
  const names = [s.nodeName, s.agentName].filter((n): n is string => n !== undefined && n !== '');
  if (names.length === 0) return undefined;
  return clampText(words.step(names.map(escapeMrkdwn).join(' › ')), PROGRESS_LIMITS.stepChars);
}

/** The end of the streamed text, rendered as mrkdwn, cut at a clean boundary with a leading "…". */
function streamedTail(markdown: string, ctx: AgentRenderContext): string {
  let source = markdown;
  let cut = false;
  if (source.length > PROGRESS_LIMITS.tailMarkdownChars) {
    source = source.slice(-PROGRESS_LIMITS.tailMarkdownChars);
    const nl = source.indexOf('\n');
    if (nl >= 0 && nl < source.length - 1) source = source.slice(nl + 1);
    cut = true;
  }
  const mrkdwn = markdownToMrkdwn(source, { trustedHosts: ctx.trustedLinkHosts ?? [] });
  const pieces = splitMrkdwn(mrkdwn, PROGRESS_LIMITS.tailChars);
  if (pieces.length > 1) cut = true;
  const last = pieces[pieces.length - 1] ?? '';
  return cut && last !== '' ? `…\n${last}` : last;
}

export function renderRunProgress(view: RunView, ctx: AgentRenderContext): SlackMessage {
  const blocks: KnownBlock[] = [];
  const streamed = streamedAnswerText(view);
  // The asker's language, else the language the agent writes in so far.
  const language = ctx.language ?? languageOfText(streamed) ?? 'en';
  const words = answerWords(language);
  const elapsed = words.elapsed(elapsedMs(view, ctx.nowMs));
  blocks.push(sectionBlock(`${words.statusLine[view.status]} · ${elapsed}`));
  const step = view.status === 'running' ? stepLine(view, words) : undefined;
  if (step) blocks.push(noteBlock(step));
  if (view.tools.length > 0) blocks.push(sectionBlock(toolCallLines(view.tools, PROGRESS_LIMITS.tools, language)));
  // An error the agent reported while it goes on (the final answer's ending says how it turned out).
  if (view.status === 'running' && view.error) {
    blocks.push(noteBlock(clampText(words.carriesOn(escapeMrkdwn(view.error.message)), 500)));
  }
  const tail = streamedTail(streamed, ctx);
  if (tail.trim() !== '') blocks.push(sectionBlock(tail));
  if (view.status === 'running') {
    blocks.push({
      // No block_id: Slack asks for a new one on every update of a message; generated is best.
      type: 'actions',
      elements: [
        {
          type: 'button',
          action_id: CANCEL_ACTION_ID,
          text: { type: 'plain_text', text: words.cancel },
          value: ctx.runId,
          style: 'danger',
          accessibility_label: words.cancelLabel,
        },
      ],
    });
  }
  if (ctx.demo) blocks.push(noteBlock(words.demoRun));
  const what = words.statusWords[view.status];
  const text = step ? `${what} (${elapsed}) — ${step}` : `${what} (${elapsed})`;
  return { text: clampText(text, 300), blocks };
}
