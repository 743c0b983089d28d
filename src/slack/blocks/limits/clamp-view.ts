import type { View } from '@slack/types';
import { clampPlainText } from '../clamp-text.js';
import { clampAnyBlock, clampBlockList } from './clamp-block.js';
import { clampBlocks } from './clamp-blocks.js';
import { plainObj } from './clamp-text-object.js';
import { SLACK_LIMITS } from './slack-limits.js';

/** Applied to every modal and Home view before views.open / update / publish. */
export function clampView<T extends View>(view: T): T {
  const blocks = clampBlockList(view.blocks, SLACK_LIMITS.blocksPerView, clampAnyBlock);
  const out: T = { ...view, blocks };
  if (out.type === 'modal') {
    out.title = plainObj(out.title.text, SLACK_LIMITS.viewTitleChars);
    if (out.submit) out.submit = plainObj(out.submit.text, SLACK_LIMITS.viewButtonChars);
    if (out.close) out.close = plainObj(out.close.text, SLACK_LIMITS.viewButtonChars);
  }
  if (out.callback_id !== undefined) out.callback_id = clampPlainText(out.callback_id, SLACK_LIMITS.callbackIdChars);
  if (out.external_id !== undefined) out.external_id = clampPlainText(out.external_id, SLACK_LIMITS.externalIdChars);
  // private_metadata is usually JSON: cutting it would corrupt it, so an oversized one is dropped.
  if (out.private_metadata !== undefined && out.private_metadata.length > SLACK_LIMITS.privateMetadataChars) delete out.private_metadata;
  const bytes = (v: unknown): number => new TextEncoder().encode(JSON.stringify(v)).length;
  for (let n = blocks.length - 1; n > 1 && bytes(out) > SLACK_LIMITS.viewBytes; n -= 1) {
    out.blocks = clampBlocks(blocks, n);
  }
  return out;
}
