/**
 * A card followed by a notice naming what it leaves out and why ("Not shown: the cash flow (the
 * service is unavailable right now)"), for cards made of parts that fail on their own. Pure.
 */
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { renderNotice } from '../../blocks/error-card.js';
import { clampMessage } from '../../blocks/limits.js';

export function withNotShown(card: SlackMessage, missing: readonly string[]): SlackMessage {
  if (missing.length === 0) return card;
  const notice = renderNotice(`Not shown: ${missing.join(' and ')}.`, ':warning:');
  return clampMessage({ text: `${card.text}\n${notice.text}`, blocks: [...card.blocks, ...notice.blocks] });
}
