import type { AnyBlock, ContextBlock, KnownBlock } from '@slack/types';
import { clampPlainText, clampText, ELLIPSIS } from '../clamp-text.js';
import { isKnownBlock } from '../is-known-block.js';
import { clampBlocks } from './clamp-blocks.js';
import { clampDataTable } from './clamp-data-table.js';
import { clampActionElement } from './clamp-elements.js';
import { clampInput } from './clamp-input.js';
import { clampSection } from './clamp-section.js';
import { type ClampState, uniqueId, withUniqueBlockId } from './clamp-state.js';
import { clampTable } from './clamp-table.js';
import { clampTextObject, nonEmpty, plainObj } from './clamp-text-object.js';
import { SLACK_LIMITS } from './slack-limits.js';

/** One known block within its limits; null drops a block Slack would refuse (an empty actions block, markdown past the budget). */
export function clampBlock(block: KnownBlock, state: ClampState): KnownBlock | null {
  let out: KnownBlock;
  switch (block.type) {
    case 'section':
      out = clampSection(block);
      break;
    case 'header':
      out = { ...block, text: plainObj(block.text.text, SLACK_LIMITS.headerTextChars) };
      break;
    case 'context': {
      let elements = block.elements.map((e) =>
        e.type === 'image'
          ? { ...e, alt_text: nonEmpty(clampPlainText(e.alt_text, SLACK_LIMITS.imageAltTextChars), 'image') }
          : clampTextObject(e, SLACK_LIMITS.textObjectChars),
      );
      if (elements.length > SLACK_LIMITS.contextElements) {
        const hidden = elements.length - (SLACK_LIMITS.contextElements - 1);
        elements = [...elements.slice(0, SLACK_LIMITS.contextElements - 1), { type: 'mrkdwn', text: `${ELLIPSIS}+${hidden}` }];
      }
      out = { ...block, elements: elements.length ? elements : [{ type: 'mrkdwn', text: '—' }] };
      break;
    }
    case 'context_actions':
      if (block.elements.length === 0) return null;
      out = { ...block, elements: block.elements.slice(0, SLACK_LIMITS.contextActionsElements) };
      break;
    case 'actions':
      if (block.elements.length === 0) return null;
      out = { ...block, elements: block.elements.slice(0, SLACK_LIMITS.actionsElements).map(clampActionElement) };
      break;
    case 'markdown': {
      if (state.markdownLeft <= ELLIPSIS.length) return null;
      const text = clampText(block.text, state.markdownLeft);
      state.markdownLeft -= text.length;
      out = { ...block, text: nonEmpty(text) };
      break;
    }
    case 'table':
      state.tables += 1;
      if (state.tables > SLACK_LIMITS.tablesPerMessage) {
        return {
          type: 'context',
          elements: [{ type: 'mrkdwn', text: '(A further table is not shown: Slack displays one table per message.)' }],
        };
      }
      out = clampTable(block);
      break;
    case 'data_table':
      out = clampDataTable(block);
      break;
    case 'input':
      out = clampInput(block);
      break;
    default:
      out = { ...block };
  }
  withUniqueBlockId(out, state);
  const uniqueActionId = (e: { action_id?: string }): void => {
    if (e.action_id !== undefined) e.action_id = uniqueId(e.action_id, state.actionIds, SLACK_LIMITS.actionIdChars);
  };
  if (out.type === 'actions' || out.type === 'context_actions') out.elements.forEach(uniqueActionId);
  if (out.type === 'section' && out.accessory?.type === 'button') uniqueActionId(out.accessory);
  if (out.type === 'input') uniqueActionId(out.element);
  return out;
}

/** Views may hold blocks @slack/types does not know: those only get their block_id checked. */
export function clampAnyBlock(block: AnyBlock, state: ClampState): AnyBlock | null {
  return isKnownBlock(block) ? clampBlock(block, state) : withUniqueBlockId({ ...block }, state);
}

/** Clamps each block with one state for the whole payload, then caps how many there are. */
export function clampBlockList<B extends AnyBlock>(
  blocks: B[],
  max: number,
  clampOne: (block: B, state: ClampState) => B | null,
): Array<B | ContextBlock> {
  const state: ClampState = { markdownLeft: SLACK_LIMITS.markdownBlockTotalChars, tables: 0, blockIds: new Set(), actionIds: new Set() };
  const clamped = blocks.map((b) => clampOne(b, state)).filter((b): b is B => b !== null);
  return clampBlocks(clamped, max);
}
