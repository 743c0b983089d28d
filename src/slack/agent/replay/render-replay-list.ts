/**
 * The ephemeral list `/research replay <conversation_id>` shows: a page of the conversation's
 * messages (newest first), a Replay button on each assistant answer, and "Older" to page back
 * with before_message_id.
 */
import type { ConversationMessage } from '../../../service/types.js';
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { actions, button, context, section } from '../../blocks/card-parts.js';
import { bold, escapeMrkdwn, inlineCode } from '../../blocks/escape.js';
import { displayDate, excerpt } from '../../blocks/format.js';
import { clampMessage } from '../../blocks/limits.js';
import { encodeReplayMessage, encodeReplayPage, REPLAY_ACTION_IDS } from './replay-buttons.js';

export interface ReplayListInput {
  conversationId: string;
  /** One page, newest first, as listMessages returns it. */
  messages: ConversationMessage[];
  /** The service may have older messages (the page was full). */
  hasOlder: boolean;
  /** This page continues an earlier one (an "Older" click). */
  isOlderPage: boolean;
}

const TEXT_CHARS = 280;

function statusWords(status: string | undefined): string {
  if (!status) return '';
  return ` · ${escapeMrkdwn(status.replace(/_/g, ' '))}`;
}

function messageLine(m: ConversationMessage): string {
  const when = displayDate(m.createdAtMs);
  const meta = `${when ? ` · ${when}` : ''}${m.role === 'assistant' ? statusWords(m.status) : ''}`;
  const text = m.text ? `\n${escapeMrkdwn(excerpt(m.text, TEXT_CHARS))}` : '';
  if (m.role === 'user') return `:bust_in_silhouette: ${bold('Question')}${meta}${text}`;
  if (m.role === 'assistant') return `:robot_face: ${bold('Answer')}${meta}${text}`;
  return `${bold(escapeMrkdwn(m.role))}${meta}${text}`;
}

export function renderReplayList(input: ReplayListInput): SlackMessage {
  const blocks: KnownBlock[] = [
    section(
      `:repeat: ${bold('Replay an agent answer')} — conversation ${inlineCode(String(input.conversationId))}${input.isOlderPage ? ' (older messages)' : ''}`,
    ),
  ];
  input.messages.forEach((m, i) => {
    const replay =
      m.role === 'assistant' && m.assistantMessageId
        ? button({
            text: 'Replay',
            actionId: `${REPLAY_ACTION_IDS.replay}:${i}`,
            value: encodeReplayMessage({ conversationId: input.conversationId, assistantMessageId: m.assistantMessageId }),
            accessibilityLabel: 'Replay this answer in a new thread',
          })
        : undefined;
    blocks.push(section(messageLine(m), replay));
  });
  if (input.messages.length === 0) {
    blocks.push(section(input.isOlderPage ? 'No older messages.' : 'This conversation has no messages yet.'));
  }
  const oldest = input.messages[input.messages.length - 1];
  if (input.hasOlder && oldest) {
    blocks.push(
      actions([
        button({
          text: 'Older',
          actionId: REPLAY_ACTION_IDS.older,
          value: encodeReplayPage({ conversationId: input.conversationId, beforeMessageId: oldest.id }),
        }),
      ]),
    );
  }
  blocks.push(context('Replay posts the answer, rendered again from its events, in a new thread of this channel.'));
  return clampMessage({ text: `Replay: conversation ${input.conversationId}`, blocks });
}
