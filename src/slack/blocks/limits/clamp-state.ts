import type { AnyBlock } from '@slack/types';
import { clampPlainText } from '../clamp-text.js';
import { SLACK_LIMITS } from './slack-limits.js';

/** Per-payload state: the markdown budget, the one `table` (data_tables are not counted), and id uniqueness. */
export interface ClampState {
  markdownLeft: number;
  tables: number;
  blockIds: Set<string>;
  actionIds: Set<string>;
}

/** Slack refuses a payload where two blocks (or two elements) share an id: a repeat gets a `:dN` suffix. */
export function uniqueId(id: string, seen: Set<string>, max: number): string {
  let out = clampPlainText(id, max);
  for (let n = 2; seen.has(out); n += 1) out = `${clampPlainText(id, max - 6)}:d${n}`;
  seen.add(out);
  return out;
}

export function withUniqueBlockId<B extends AnyBlock>(out: B, state: ClampState): B {
  if (out.block_id !== undefined) out.block_id = uniqueId(out.block_id, state.blockIds, SLACK_LIMITS.blockIdChars);
  return out;
}
