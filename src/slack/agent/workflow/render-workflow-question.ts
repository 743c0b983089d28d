/** The message a workflow's question hangs its thread on: "<@U…> asked (via a workflow): …". */
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { context, section } from '../../blocks/card-parts.js';
import { clampText } from '../../blocks/clamp-text.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import { excerpt } from '../../blocks/format.js';
import { clampMessage } from '../../blocks/limits.js';
import { isSlackUserId } from '../cards/agent-render-context.js';

const QUESTION_CHARS = 2500;

export function renderWorkflowQuestion(userId: string | undefined, question: string): SlackMessage {
  const q = escapeMrkdwn(excerpt(question, QUESTION_CHARS));
  const asker = isSlackUserId(userId) ? `<@${userId}> asked (via a workflow)` : 'A workflow asked';
  return clampMessage({
    text: clampText(`${asker}: ${q}`, 300),
    blocks: [section(`:zap: ${asker}:\n>${q.replace(/\n/g, '\n>')}`), context('The agent answers in this thread.')],
  });
}
