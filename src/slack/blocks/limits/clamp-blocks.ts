import type { AnyBlock, ContextBlock } from '@slack/types';
import { ELLIPSIS } from '../clamp-text.js';
import { SLACK_LIMITS } from './slack-limits.js';

function moreContext(hidden: number, noun = 'more'): ContextBlock {
  return { type: 'context', elements: [{ type: 'mrkdwn', text: `${ELLIPSIS}and ${hidden} ${noun} not shown` }] };
}

/**
 * Caps a block list at `max`, replacing what is cut with a visible "…and N more" context block.
 * A trailing actions block (paging, share) is kept since it is how the user gets at the rest.
 */
export function clampBlocks<B extends AnyBlock>(blocks: B[], max: number = SLACK_LIMITS.blocksPerMessage): Array<B | ContextBlock> {
  if (blocks.length <= max) return blocks;
  if (max <= 1) return [moreContext(blocks.length, 'blocks')].slice(0, Math.max(0, max));
  const last = blocks[blocks.length - 1];
  const keepTail = last?.type === 'actions' && max >= 3;
  const room = max - 1 - (keepTail ? 1 : 0);
  const hidden = blocks.length - room - (keepTail ? 1 : 0);
  const out = [...blocks.slice(0, room), moreContext(hidden, hidden === 1 ? 'more block' : 'more blocks')];
  if (keepTail && last) out.push(last);
  return out;
}
