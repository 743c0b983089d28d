/**
 * Views carry `AnyBlock` (the SDK's KnownBlock or any `{ type: string }`), which TypeScript cannot
 * narrow by `type`; this guard lets the limits code treat the blocks it knows by their shape.
 * @see https://docs.slack.dev/reference/block-kit/blocks
 */
import type { AnyBlock, KnownBlock } from '@slack/types';

/** A Record, so a block type added to @slack/types fails to compile until it is listed here. */
const KNOWN_BLOCK_TYPES: Record<KnownBlock['type'], true> = {
  actions: true,
  alert: true,
  card: true,
  carousel: true,
  container: true,
  context: true,
  context_actions: true,
  data_table: true,
  divider: true,
  file: true,
  header: true,
  image: true,
  input: true,
  markdown: true,
  plan: true,
  rich_text: true,
  section: true,
  table: true,
  task_card: true,
  video: true,
};

export function isKnownBlock(block: AnyBlock): block is KnownBlock {
  return Object.hasOwn(KNOWN_BLOCK_TYPES, block.type);
}
