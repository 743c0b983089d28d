import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { clampText } from '../clamp-text.js';
import { clampBlock, clampBlockList } from './clamp-block.js';
import { nonEmpty } from './clamp-text-object.js';
import { SLACK_LIMITS } from './slack-limits.js';

/** A fallback derived from the first header or section when a renderer gave no text. */
function fallbackFromBlocks(blocks: KnownBlock[]): string {
  for (const b of blocks) {
    if (b.type === 'header') return b.text.text;
    if (b.type === 'section' && b.text) return b.text.text;
  }
  return 'Research Desk';
}

/** Applied to every message payload before it is sent (postMessage, update, ephemeral, respond). */
export function clampMessage<T extends SlackMessage>(message: T): T {
  const blocks = clampBlockList(message.blocks, SLACK_LIMITS.blocksPerMessage, clampBlock);
  const text = nonEmpty(
    clampText(message.text, SLACK_LIMITS.fallbackTextChars),
    clampText(fallbackFromBlocks(blocks), SLACK_LIMITS.fallbackTextChars),
  );
  return { ...message, text, blocks };
}
