/**
 * The line a shared card carries: who shared it. The sharer is named by their Slack display
 * name as plain (escaped) text, so sharing pings nobody — a `<@U…>` mention would notify the
 * sharer of their own click. Only when the name is unknown does it fall back to the mention
 * (which can reach the sharer alone, never a channel).
 */
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { CARD_ACTIONS_BLOCK_ID } from '../card-actions.js';
import { context } from '../../blocks/card-parts.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import { clampMessage } from '../../blocks/limits.js';

export interface Sharer {
  userId: string;
  /** Display or real name, when Slack gave one. */
  name?: string;
}

/** "Shared by Ann Lee" (or "Shared by <@U123>"). */
export function sharedByText(sharer: Sharer): string {
  const name = sharer.name?.trim();
  const who = name ? escapeMrkdwn(name) : /^[UW][A-Z0-9]+$/.test(sharer.userId) ? `<@${sharer.userId}>` : 'someone';
  return `:busts_in_silhouette: Shared by ${who}`;
}

/** The card with the shared-by line at its end, above its button row. */
export function withSharedBy(card: SlackMessage, sharer: Sharer): SlackMessage {
  const line = context(sharedByText(sharer));
  const row = card.blocks.findIndex((b) => b.block_id === CARD_ACTIONS_BLOCK_ID);
  const blocks = row === -1 ? [...card.blocks, line] : [...card.blocks.slice(0, row), line, ...card.blocks.slice(row)];
  const plain = sharer.name?.trim() ? escapeMrkdwn(sharer.name.trim()) : 'a colleague';
  return clampMessage({ ...card, text: `${card.text}\n(shared by ${plain})`, blocks });
}
