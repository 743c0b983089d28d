/**
 * The authoritative final render of a run, written once from the full event log whatever the
 * live path showed: the answer (report, else last agent output, else streamed text) as Block
 * Kit, then (for a completed run whose data tools returned a series) its chart, the check of
 * its figures against the statements (when one was made), the ending
 * (error / cancel / timeout), sources, footer and (for a completed run) Save as canvas and the
 * 👍/👎 feedback buttons, split over as many thread messages as needed; or, for a long report,
 * its first part and the report as a file. Deterministic for a given view (no clock unless the run never
 * reported a time), so a re-render after a crash is identical.
 */
import type { RunView } from '../../../agent/state/run-view.js';
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { escapeMrkdwn, mrkdwnLink, plainText } from '../../blocks/escape.js';
import { SLACK_LIMITS } from '../../blocks/limits.js';
import { defuseTokens } from '../../blocks/markdown/inline-to-mrkdwn.js';
import { markdownToBlocks, noteBlock, sectionBlock } from '../../blocks/markdown/markdown-to-blocks.js';
import { blockTextLength, resolveMessageLimits, splitIntoMessages, type MessageLimits } from '../../blocks/markdown/split-into-messages.js';
import type { FinalAnswerWithFile, ReportFile } from '../../../agent/sinks/run-renderer.js';
import { ELLIPSIS } from '../../blocks/clamp-text.js';
import { reportFileName, reportFileTitle } from './report-file-name.js';
import type { AgentRenderContext } from './agent-render-context.js';
import { feedbackButtonsBlock } from '../feedback/feedback-buttons.js';
import { saveCanvasBlock } from './save-canvas-button.js';
import { finalAnswerMarkdown } from './run-answer-text.js';
import { runChartBlocks } from './run-chart.js';
import { runEndingBlocks } from './run-ending.js';
import { runFigureCheckBlocks } from './run-figure-check.js';
import { runFooterBlock } from './run-footer.js';
import { blocksListSources, runSourcesBlocks } from './run-sources.js';
import { answerLanguageOf, answerWords } from './answer-words.js';
import type { AnswerLanguage } from '../../../language/answer-language.js';

/** An answer longer than this many messages is posted as its first part plus a Markdown file. */
export const MAX_ANSWER_MESSAGES = 4;
/**
 * …or longer than this many characters of Markdown, however compactly it packs (data tables hold
 * ~10,000 characters each): past about three screens a thread is not where a report is read.
 */
export const MAX_ANSWER_MARKDOWN_CHARS = 12_000;

interface AnswerLayout {
  body: KnownBlock[];
  tail: KnownBlock[];
  hint: string | undefined;
  /** One language for every word we add to the agent's (ctx.language, else the answer's own). */
  language: AnswerLanguage;
}

/** `shownWhole`: false for the first part of a report posted with its file (its own sources list may be cut off). */
function answerLayout(view: RunView, ctx: AgentRenderContext, shownWhole = true): AnswerLayout {
  const language = answerLanguageOf(view, ctx.language);
  const words = answerWords(language);
  const body: KnownBlock[] = markdownToBlocks(finalAnswerMarkdown(view), { links: { trustedHosts: ctx.trustedLinkHosts ?? [] }, language });
  const title = defuseTokens(plainText(view.report?.title ?? ''))
    .replace(/\s+/g, ' ')
    .trim();
  if (title !== '' && body[0]?.type !== 'header' && title.length <= SLACK_LIMITS.headerTextChars) {
    body.unshift({ type: 'header', text: { type: 'plain_text', text: title, emoji: true } });
  }
  if (body.length > 0 && view.status !== 'completed') {
    body.unshift(noteBlock(words.writtenBeforeStop));
  }
  if (body.length === 0 && view.status === 'completed') {
    body.push(sectionBlock(words.finishedWithoutAnswer));
  }
  // The chart is a native block in the tail, so in the answer's last message, rather than a PNG
  // file: that message is rewritten in place by every final render (write-final-answer.ts), so a
  // render repeated after a crash cannot post the chart twice, with no upload state to record.
  // A PNG would need its own file id in the run record, as the report file has.
  const tail: KnownBlock[] = [
    ...runChartBlocks(view, language),
    // Only a finished report was checked; the check follows its figures and chart, before the ending and sources.
    ...(view.status === 'completed' ? runFigureCheckBlocks(ctx.figures, language) : []),
    ...runEndingBlocks(view, language),
    ...runSourcesBlocks(view, undefined, language, shownWhole),
    runFooterBlock(view, ctx, language),
  ];
  // Only an answer can be rated or saved; the buttons end the last part, after the footer.
  if (view.status === 'completed') {
    const save = saveCanvasBlock({ conversationId: ctx.conversationId ?? '', assistantMessageId: ctx.assistantMessageId ?? '' }, language);
    if (save) tail.push(save);
    tail.push(feedbackButtonsBlock({ conversationId: ctx.conversationId ?? '' }, language));
  }
  const link = ctx.conversationUrl ? mrkdwnLink(ctx.conversationUrl, words.readFullAnswer) : undefined;
  return { body, tail, hint: link?.startsWith('<') ? link : undefined, language };
}

export function renderFinalAnswer(view: RunView, ctx: AgentRenderContext, limits: Partial<MessageLimits> = {}): SlackMessage[] {
  const { body, tail, hint, language } = answerLayout(view, ctx);
  return splitIntoMessages(body, limits, { tail, language, ...(hint ? { overflowHint: hint } : {}) });
}

/**
 * A report too long for MAX_ANSWER_MESSAGES messages (or MAX_ANSWER_MARKDOWN_CHARS characters): the first message's worth of it, a line
 * saying the full report is attached, then the ending, sources (once) and footer; and the file
 * with the full report Markdown. Undefined when the answer fits in a few messages.
 */
export function renderFinalAnswerWithFile(
  view: RunView,
  ctx: AgentRenderContext,
  limitOverrides: Partial<MessageLimits> = {},
): FinalAnswerWithFile | undefined {
  const { body, tail, language } = answerLayout(view, ctx, false);
  const limits = resolveMessageLimits(limitOverrides);
  const markdown = finalAnswerMarkdown(view);
  const all = splitIntoMessages(body, { ...limits, maxMessages: MAX_ANSWER_MESSAGES + 1 }, { tail, language });
  if (all.length <= MAX_ANSWER_MESSAGES && markdown.length <= MAX_ANSWER_MARKDOWN_CHARS) return undefined;
  const file: ReportFile = {
    filename: reportFileName(view.report?.title),
    title: reportFileTitle(view.report?.title),
    markdown,
  };
  const attached: KnownBlock[] = [noteBlock(`${ELLIPSIS}${answerWords(language).tooLongAttached(escapeMrkdwn(file.filename))}`)];
  // Room for the note and the tail, so the first part is one message.
  const reserved = [...attached, ...tail];
  const [first] = splitIntoMessages(
    body,
    {
      ...limits,
      maxBlocks: limits.maxBlocks - reserved.length,
      maxTextChars: limits.maxTextChars - blockTextLength(reserved),
      maxMessages: Number.MAX_SAFE_INTEGER,
    },
    { language },
  );
  const shown = first?.blocks ?? [];
  // Our sources list only when the part shown has not the report's own (room was reserved for it either way).
  const tailShown = blocksListSources(shown) ? answerLayout(view, ctx).tail : tail;
  return { parts: splitIntoMessages(shown, limits, { tail: [...attached, ...tailShown], language }), file };
}
