/**
 * The tests' oracle for the limits src/slack/blocks/limits.ts enforces: lists every way a payload
 * would break a Slack limit (property tests feed it random renders). Written apart from the
 * clamps so a clamp that forgets a limit is caught.
 */
import type { AnyBlock, Button, TextObject, View } from '@slack/types';
import type { SlackMessage } from '../../../src/slack-api/slack-message.js';
import { isKnownBlock } from '../../../src/slack/blocks/is-known-block.js';
import { SLACK_LIMITS as L } from '../../../src/slack/blocks/limits.js';

type Add = (path: string, problem: string) => void;

function text(add: Add, path: string, t: TextObject | undefined, max: number): void {
  if (!t) {
    add(path, 'missing text object');
    return;
  }
  if (t.text.length === 0) add(path, 'empty text');
  if (t.text.length > max) add(path, `text ${t.text.length} > ${max}`);
}

function button(add: Add, path: string, b: Button): void {
  text(add, `${path}/text`, b.text, L.buttonTextChars);
  if (b.text.type !== 'plain_text') add(`${path}/text`, 'button text must be plain_text');
  if (b.value !== undefined && b.value.length > L.buttonValueChars) add(`${path}/value`, `value ${b.value.length} > ${L.buttonValueChars}`);
  if (b.url !== undefined && (b.url.length > L.buttonUrlChars || !/^https?:\/\/\S+$/i.test(b.url))) add(`${path}/url`, 'bad url');
  if ((b.accessibility_label?.length ?? 0) > L.accessibilityLabelChars) add(`${path}/accessibility_label`, 'too long');
}

function blocks(add: Add, list: AnyBlock[], maxBlocks: number): void {
  if (list.length > maxBlocks) add('blocks', `${list.length} blocks > ${maxBlocks}`);
  const blockIds = new Set<string>();
  const actionIds = new Set<string>();
  let markdown = 0;
  let tables = 0;
  const actionId = (path: string, id: string | undefined): void => {
    // Slack would make one up, but our handlers route on it: a missing one is a bug here.
    if (id === undefined) {
      add(path, 'missing action_id');
      return;
    }
    if (id.length === 0 || id.length > L.actionIdChars) add(path, 'bad action_id length');
    if (actionIds.has(id)) add(path, `duplicate action_id ${id}`);
    actionIds.add(id);
  };
  list.forEach((b, i) => {
    const p = `blocks/${i}`;
    if (b.block_id !== undefined) {
      if (b.block_id.length > L.blockIdChars) add(`${p}/block_id`, 'too long');
      if (blockIds.has(b.block_id)) add(`${p}/block_id`, `duplicate block_id ${b.block_id}`);
      blockIds.add(b.block_id);
    }
    if (!isKnownBlock(b)) return;
    switch (b.type) {
      case 'section':
        if (!b.text && !b.fields) add(p, 'section needs text or fields');
        if (b.text) text(add, `${p}/text`, b.text, L.sectionTextChars);
        if (b.fields) {
          if (b.fields.length > L.sectionFields) add(`${p}/fields`, 'too many fields');
          for (const [j, f] of b.fields.entries()) text(add, `${p}/fields/${j}`, f, L.sectionFieldChars);
        }
        if (b.accessory?.type === 'button') {
          button(add, `${p}/accessory`, b.accessory);
          actionId(`${p}/accessory`, b.accessory.action_id);
        }
        break;
      case 'header':
        text(add, `${p}/text`, b.text, L.headerTextChars);
        if (b.text.type !== 'plain_text') add(`${p}/text`, 'header text must be plain_text');
        break;
      case 'context':
        if (b.elements.length === 0 || b.elements.length > L.contextElements) add(`${p}/elements`, 'bad element count');
        b.elements.forEach((e, j) => {
          if (e.type !== 'image') text(add, `${p}/elements/${j}`, e, L.textObjectChars);
        });
        break;
      case 'actions':
        if (b.elements.length === 0 || b.elements.length > L.actionsElements) add(`${p}/elements`, 'bad element count');
        b.elements.forEach((e, j) => {
          if (e.type === 'button') button(add, `${p}/elements/${j}`, e);
          actionId(`${p}/elements/${j}`, e.action_id);
        });
        break;
      case 'context_actions':
        if (b.elements.length === 0 || b.elements.length > L.contextActionsElements) add(`${p}/elements`, 'bad element count');
        b.elements.forEach((e, j) => {
          if (e.type === 'feedback_buttons') {
            for (const key of ['positive_button', 'negative_button'] as const) {
              text(add, `${p}/elements/${j}/${key}/text`, e[key].text, L.buttonTextChars);
              if (e[key].value.length === 0 || e[key].value.length > L.buttonValueChars)
                add(`${p}/elements/${j}/${key}/value`, 'bad value');
            }
          }
          actionId(`${p}/elements/${j}`, e.action_id);
        });
        break;
      case 'markdown':
        markdown += b.text.length;
        if (b.text.length === 0) add(`${p}/text`, 'empty markdown');
        break;
      case 'table': {
        tables += 1;
        if (b.rows.length === 0 || b.rows.length > L.tableRows) add(`${p}/rows`, `${b.rows.length} rows`);
        const width = b.rows[0]?.length ?? 0;
        b.rows.forEach((r, j) => {
          if (r.length > L.tableCellsPerRow) add(`${p}/rows/${j}`, 'too many cells');
          if (r.length !== width) add(`${p}/rows/${j}`, 'ragged row');
          r.forEach((c, k) => {
            if (c.type !== 'rich_text' && c.text.length === 0) add(`${p}/rows/${j}/${k}`, 'empty cell');
          });
        });
        if ((b.column_settings?.length ?? 0) > L.tableColumnSettings) add(`${p}/column_settings`, 'too many');
        break;
      }
      case 'data_table': {
        if (b.caption.trim() === '' || b.caption.length > L.dataTableCaptionChars) add(`${p}/caption`, 'bad caption');
        if (b.rows.length < 2 || b.rows.length > L.dataTableRows) add(`${p}/rows`, `${b.rows.length} rows`);
        const width = b.rows[0]?.length ?? 0;
        let chars = 0;
        b.rows.forEach((r, j) => {
          if (r.length > L.dataTableColumns) add(`${p}/rows/${j}`, 'too many cells');
          if (r.length !== width) add(`${p}/rows/${j}`, 'ragged row');
          r.forEach((c, k) => {
            if (c.type === 'rich_text') {
              if (j === 0) add(`${p}/rows/0/${k}`, 'rich_text header cell');
              return;
            }
            if (c.text.length === 0) add(`${p}/rows/${j}/${k}`, 'empty cell');
            chars += c.text.length;
          });
        });
        if (chars > L.dataTableCellChars) add(`${p}/rows`, `${chars} characters`);
        if (b.page_size !== undefined && (b.page_size < 1 || b.page_size > L.dataTablePageSizeMax)) add(`${p}/page_size`, 'out of range');
        break;
      }
      case 'input':
        text(add, `${p}/label`, b.label, L.inputLabelChars);
        actionId(`${p}/element`, b.element.action_id);
        if (b.element.type === 'static_select' || b.element.type === 'radio_buttons') {
          const options = b.element.options ?? [];
          if (options.length === 0 || options.length > L.selectOptions) add(`${p}/element/options`, 'bad count');
          options.forEach((o, j) => {
            text(add, `${p}/element/options/${j}`, o.text, L.optionTextChars);
            const value = o.value ?? '';
            if (value.length === 0 || value.length > L.optionValueChars) add(`${p}/element/options/${j}/value`, 'bad length');
          });
        }
        break;
      default:
        break;
    }
  });
  if (markdown > L.markdownBlockTotalChars) add('blocks', `markdown total ${markdown} > ${L.markdownBlockTotalChars}`);
  if (tables > L.tablesPerMessage) add('blocks', `${tables} tables > ${L.tablesPerMessage}`);
}

/** Every limit a message breaks (empty when it is fine). */
export function findMessageViolations(message: SlackMessage): string[] {
  const out: string[] = [];
  const add: Add = (path, problem) => out.push(`${path}: ${problem}`);
  if (message.text.trim().length === 0) add('text', 'empty fallback text');
  if (message.text.length > L.fallbackTextChars) add('text', `${message.text.length} > ${L.fallbackTextChars}`);
  blocks(add, message.blocks, L.blocksPerMessage);
  return out;
}

/** Every limit a modal or Home view breaks (empty when it is fine). */
export function findViewViolations(view: View): string[] {
  const out: string[] = [];
  const add: Add = (path, problem) => out.push(`${path}: ${problem}`);
  if (view.type === 'modal') {
    text(add, 'title', view.title, L.viewTitleChars);
    if (view.submit) text(add, 'submit', view.submit, L.viewButtonChars);
    if (view.close) text(add, 'close', view.close, L.viewButtonChars);
  }
  if ((view.private_metadata?.length ?? 0) > L.privateMetadataChars) add('private_metadata', 'too long');
  if ((view.callback_id?.length ?? 0) > L.callbackIdChars) add('callback_id', 'too long');
  blocks(add, view.blocks, L.blocksPerView);
  if (new TextEncoder().encode(JSON.stringify(view)).length > L.viewBytes) add('view', 'view_too_large');
  return out;
}
