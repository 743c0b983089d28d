/**
 * The visible message a run or a replay hangs its thread on, when the trigger itself left no
 * message to thread under (a slash command, a button on an ephemeral card, /research replay).
 * User text is escaped: a question can never mention or broadcast.
 */
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { context, section } from '../../blocks/card-parts.js';
import { escapeMrkdwn, inlineCode } from '../../blocks/escape.js';
import { clampMessage } from '../../blocks/limits.js';
import { clampText } from '../../blocks/clamp-text.js';
import { excerpt } from '../../blocks/format.js';
import { isSlackUserId } from './agent-render-context.js';
import { languageOfText } from '../../../language/answer-language.js';

const QUESTION_CHARS = 2500;

function who(userId: string): string {
  return isSlackUserId(userId) ? `<@${userId}>` : 'Someone';
}

/** "<@U…> asked: …" — the run's reply follows in its thread; in the question's language, as the answer will be. */
export function renderAskedQuestion(userId: string, question: string): SlackMessage {
  const q = escapeMrkdwn(excerpt(question, QUESTION_CHARS));
  if (languageOfText(question) === 'zh') {
    const asker = isSlackUserId(userId) ? `<@${userId}>` : '有人';
    return clampMessage({
      text: clampText(`${asker} 提问：${q}`, 300),
      blocks: [section(`:speech_balloon: ${asker} 提问：\n>${q.replace(/\n/g, '\n>')}`), context('研究助手会在此话题中回答。')],
    });
  }
  return clampMessage({
    text: clampText(`${who(userId)} asked: ${q}`, 300),
    blocks: [section(`:speech_balloon: ${who(userId)} asked:\n>${q.replace(/\n/g, '\n>')}`), context('The agent answers in this thread.')],
  });
}

/** "<@U…> asked the agent about “title”" — for the "Ask the agent" button on an ephemeral card. */
export function renderAskedAboutDocument(userId: string, docTitle: string): SlackMessage {
  const title = escapeMrkdwn(excerpt(docTitle, 300));
  return clampMessage({
    text: clampText(`${who(userId)} asked the agent about “${title}”`, 300),
    blocks: [section(`:page_facing_up: ${who(userId)} asked the agent about *“${title}”*`), context('The agent answers in this thread.')],
  });
}

export interface ReplayRootInput {
  userId: string;
  conversationId: string;
  assistantMessageId: string;
  /** The question the replayed answer replied to, when known. */
  question?: string;
  /** The run had not ended when it was replayed. */
  stillRunning: boolean;
}

/** "<@U…> replayed an agent answer" — the replayed messages follow in its thread. */
export function renderReplayRoot(input: ReplayRootInput): SlackMessage {
  const q = input.question ? escapeMrkdwn(excerpt(input.question, QUESTION_CHARS)) : undefined;
  const ids = `conversation ${inlineCode(input.conversationId)} · message ${inlineCode(escapeMrkdwn(input.assistantMessageId))}`;
  return clampMessage({
    text: clampText(`${who(input.userId)} replayed an agent answer${q ? `: ${q}` : ''}`, 300),
    blocks: [
      section(`:repeat: ${who(input.userId)} replayed an agent answer${q ? `\n>${q.replace(/\n/g, '\n>')}` : ''}`),
      context(
        ids,
        input.stillRunning ? 'The run was still in progress: this shows what it had done so far.' : 'The answer follows in this thread.',
      ),
    ],
  });
}
