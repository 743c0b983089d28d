import {
  accessoryElementTypes,
  actionsElementTypes,
  checkElement,
  checkImageElement,
  contextActionsElementTypes,
  inputElementTypes,
  type WalkContext,
} from './elements.js';
import { slackLimits } from './limits.js';
import { checkDataTable } from './data-table.js';
import { checkDataVisualization } from './data-visualization.js';
import { checkRichText } from './rich-text.js';
import { checkTextObject, checkUrl } from './text.js';
import { IssueList, isRecord } from './validation-issue.js';

export type Surface = 'message' | 'modal' | 'home';

export const knownBlockTypes = [
  'section',
  'header',
  'context',
  'divider',
  'actions',
  'image',
  'table',
  'data_table',
  'data_visualization',
  'markdown',
  'rich_text',
  'input',
  'context_actions',
  'file',
  'video',
] as const;

/** Block types Slack documents as available in messages only. */
const MESSAGE_ONLY = new Set(['markdown', 'table', 'data_table', 'data_visualization', 'context_actions', 'file']);

export interface BlocksReport {
  issues: IssueList;
  /** Cumulative text of markdown blocks (capped per payload). */
  markdownChars: number;
  tableCount: number;
  dataVizCount: number;
  blockCount: number;
}

const CONTEXT_ELEMENT_TYPES = new Set(['image', 'plain_text', 'mrkdwn']);
function checkTable(issues: IssueList, path: string, block: Record<string, unknown>): void {
  const rows = block.rows;
  if (!Array.isArray(rows) || rows.length === 0) {
    issues.add(`${path}/rows`, 'must provide a non-empty array');
    return;
  }
  if (rows.length > slackLimits.tableRows) issues.add(`${path}/rows`, `must provide no more than ${slackLimits.tableRows} items`);
  rows.forEach((row, r) => {
    const rp = `${path}/rows/${r}`;
    if (!Array.isArray(row) || row.length === 0) {
      issues.add(rp, 'must provide a non-empty array');
      return;
    }
    if (row.length > slackLimits.tableCellsPerRow) issues.add(rp, `must provide no more than ${slackLimits.tableCellsPerRow} items`);
    row.forEach((cell, c) => {
      const cp = `${rp}/${c}`;
      if (!isRecord(cell)) {
        issues.add(cp, 'must provide an object');
        return;
      }
      if (cell.type === 'raw_text') {
        if (typeof cell.text !== 'string') issues.add(`${cp}/text`, 'must provide a string');
      } else if (cell.type === 'rich_text') {
        checkRichText(issues, `${cp}/elements`, cell.elements);
      } else issues.add(`${cp}/type`, 'must be one of [raw_text, rich_text]');
    });
  });
  const settings = block.column_settings;
  if (settings === undefined) return;
  if (!Array.isArray(settings)) {
    issues.add(`${path}/column_settings`, 'must provide an array');
    return;
  }
  if (settings.length > slackLimits.tableColumnSettings) {
    issues.add(`${path}/column_settings`, `must provide no more than ${slackLimits.tableColumnSettings} items`);
  }
  settings.forEach((s, i) => {
    if (s === null) return;
    const sp = `${path}/column_settings/${i}`;
    if (!isRecord(s)) {
      issues.add(sp, 'must provide an object or null');
      return;
    }
    if (s.align !== undefined && !['left', 'center', 'right'].includes(String(s.align))) {
      issues.add(`${sp}/align`, 'must be one of [left, center, right]');
    }
    if (s.is_wrapped !== undefined && typeof s.is_wrapped !== 'boolean') issues.add(`${sp}/is_wrapped`, 'must be a boolean');
  });
}

function checkElements(issues: IssueList, path: string, elements: unknown, max: number, allowed: Set<string>, ctx: WalkContext): void {
  if (!Array.isArray(elements) || elements.length === 0) {
    issues.add(path, 'must provide a non-empty array');
    return;
  }
  if (elements.length > max) issues.add(path, `must provide no more than ${max} items`);
  elements.forEach((el, i) => {
    checkElement(issues, `${path}/${i}`, el, allowed, ctx);
  });
}

function checkBlock(issues: IssueList, path: string, block: Record<string, unknown>, report: BlocksReport, ctx: WalkContext): void {
  switch (block.type) {
    case 'section': {
      if (block.text === undefined && block.fields === undefined) issues.add(path, 'must provide either text or fields');
      if (block.text !== undefined) checkTextObject(issues, `${path}/text`, block.text, { kind: 'any', max: slackLimits.sectionTextChars });
      if (block.fields !== undefined) {
        if (!Array.isArray(block.fields) || block.fields.length === 0) issues.add(`${path}/fields`, 'must provide a non-empty array');
        else {
          if (block.fields.length > slackLimits.sectionFields)
            issues.add(`${path}/fields`, `must provide no more than ${slackLimits.sectionFields} items`);
          block.fields.forEach((f, i) => {
            checkTextObject(issues, `${path}/fields/${i}`, f, { kind: 'any', max: slackLimits.sectionFieldChars });
          });
        }
      }
      if (block.accessory !== undefined) checkElement(issues, `${path}/accessory`, block.accessory, accessoryElementTypes, ctx);
      return;
    }
    case 'header':
      checkTextObject(issues, `${path}/text`, block.text, { kind: 'plain_text', max: slackLimits.headerTextChars });
      return;
    case 'context': {
      if (!Array.isArray(block.elements) || block.elements.length === 0) {
        issues.add(`${path}/elements`, 'must provide a non-empty array');
        return;
      }
      if (block.elements.length > slackLimits.contextElements) {
        issues.add(`${path}/elements`, `must provide no more than ${slackLimits.contextElements} items`);
      }
      block.elements.forEach((el, i) => {
        const p = `${path}/elements/${i}`;
        if (!isRecord(el) || !CONTEXT_ELEMENT_TYPES.has(String(el.type))) {
          issues.add(`${p}/type`, 'must be one of [image, plain_text, mrkdwn]');
          return;
        }
        if (el.type === 'image') checkImageElement(issues, p, el);
        else checkTextObject(issues, p, el, { kind: 'any', max: slackLimits.sectionTextChars });
      });
      return;
    }
    case 'divider':
      return;
    case 'actions':
      checkElements(issues, `${path}/elements`, block.elements, slackLimits.actionsElements, actionsElementTypes, ctx);
      return;
    case 'context_actions':
      checkElements(issues, `${path}/elements`, block.elements, slackLimits.contextActionsElements, contextActionsElementTypes, ctx);
      return;
    case 'image':
      checkImageElement(issues, path, block);
      if (block.title !== undefined)
        checkTextObject(issues, `${path}/title`, block.title, { kind: 'plain_text', max: slackLimits.imageTitleChars });
      return;
    case 'markdown':
      if (typeof block.text !== 'string' || block.text.length === 0) {
        issues.add(`${path}/text`, 'must provide a non-empty string');
        return;
      }
      report.markdownChars += block.text.length;
      return;
    case 'table':
      report.tableCount += 1;
      checkTable(issues, path, block);
      return;
    case 'data_table':
      checkDataTable(issues, path, block);
      return;
    case 'data_visualization':
      report.dataVizCount += 1;
      checkDataVisualization(issues, path, block);
      return;
    case 'rich_text':
      checkRichText(issues, `${path}/elements`, block.elements);
      return;
    case 'input':
      checkTextObject(issues, `${path}/label`, block.label, { kind: 'plain_text', max: slackLimits.inputLabelChars });
      if (block.hint !== undefined)
        checkTextObject(issues, `${path}/hint`, block.hint, { kind: 'plain_text', max: slackLimits.inputHintChars });
      if (block.element === undefined) {
        issues.add(`${path}/element`, 'must provide an object');
        return;
      }
      checkElement(issues, `${path}/element`, block.element, inputElementTypes, ctx);
      return;
    case 'file':
      if (typeof block.external_id !== 'string') issues.add(`${path}/external_id`, 'must provide a string');
      if (block.source !== 'remote') issues.add(`${path}/source`, 'must be remote');
      return;
    case 'video':
      checkTextObject(issues, `${path}/title`, block.title, { kind: 'plain_text', max: slackLimits.videoTitleChars });
      if (typeof block.alt_text !== 'string' || block.alt_text.length === 0) issues.add(`${path}/alt_text`, 'must provide a string');
      checkUrl(issues, `${path}/video_url`, block.video_url, slackLimits.imageUrlChars);
      checkUrl(issues, `${path}/thumbnail_url`, block.thumbnail_url, slackLimits.imageUrlChars);
      return;
    default:
      issues.add(`${path}/type`, `must be one of [${knownBlockTypes.join(', ')}]`);
  }
}

/**
 * Validates a `blocks` array for a surface: known types, per-block limits, unique block_id/action_id,
 * the surface's block count. Payload-wide totals (markdown chars, table count) come back in the report
 * because each Web API method maps them to its own error code.
 */
/**
 * Rules of the workspace beyond Slack's documented ones: block types it does not take (yet),
 * as a workspace without a new block's rollout answers `invalid_blocks` for it.
 */
export interface BlockRules {
  refusedBlockTypes?: ReadonlySet<string>;
}

export function checkBlocks(
  blocks: unknown[],
  surface: Surface,
  basePath = '/blocks',
  ctx?: WalkContext,
  rules: BlockRules = {},
): BlocksReport {
  const issues = new IssueList();
  const report: BlocksReport = { issues, markdownChars: 0, tableCount: 0, dataVizCount: 0, blockCount: blocks.length };
  const walk: WalkContext = ctx ?? { actionIds: new Map() };
  const blockIds = new Map<string, string>();
  const maxBlocks = surface === 'message' ? slackLimits.blocksPerMessage : slackLimits.blocksPerView;
  if (blocks.length > maxBlocks) issues.add(basePath, `must provide no more than ${maxBlocks} items`);
  blocks.forEach((block, i) => {
    const path = `${basePath}/${i}`;
    if (!isRecord(block)) {
      issues.add(path, 'must provide an object');
      return;
    }
    if (typeof block.type !== 'string') {
      issues.add(`${path}/type`, 'must provide a string');
      return;
    }
    if (rules.refusedBlockTypes?.has(block.type)) {
      const taken = knownBlockTypes.filter((t) => !rules.refusedBlockTypes?.has(t));
      issues.add(`${path}/type`, `must be one of [${taken.join(', ')}]`);
      return;
    }
    if (surface !== 'message' && MESSAGE_ONLY.has(block.type)) {
      issues.add(`${path}/type`, `${block.type} blocks are only available in messages`);
      return;
    }
    if (block.block_id !== undefined) {
      if (typeof block.block_id !== 'string' || block.block_id.length === 0)
        issues.add(`${path}/block_id`, 'must provide a non-empty string');
      else {
        issues.maxChars(`${path}/block_id`, block.block_id, slackLimits.blockIdChars);
        const first = blockIds.get(block.block_id);
        if (first !== undefined) issues.add(`${path}/block_id`, `duplicate block_id "${block.block_id}" (first used at ${first})`);
        else blockIds.set(block.block_id, path);
      }
    }
    checkBlock(issues, path, block, report, walk);
  });
  if (report.tableCount > slackLimits.tablesPerMessage) {
    issues.add(basePath, `only ${slackLimits.tablesPerMessage} table block is allowed per message`);
  }
  if (report.dataVizCount > slackLimits.dataVizPerMessage) {
    issues.add(basePath, `only ${slackLimits.dataVizPerMessage} data_visualization blocks are allowed per message`);
  }
  if (report.markdownChars > slackLimits.markdownBlockTotalChars) {
    issues.add(basePath, `markdown blocks must total no more than ${slackLimits.markdownBlockTotalChars} characters`);
  }
  return report;
}
