/**
 * The one module that knows Slack's Block Kit limits, and the clamps applied to every payload
 * before it is sent. Numbers: the Block Kit reference of each block, element and view.
 * Lengths are counted in UTF-16 code units (`String#length`), never fewer than Slack's
 * "characters", so a payload that fits here fits in Slack.
 * @see https://docs.slack.dev/reference/block-kit/blocks
 */
import type {
  ActionsBlockElement,
  AnyBlock,
  Button,
  ConfirmationDialog,
  ContextBlock,
  DataTableBlock,
  InputBlock,
  KnownBlock,
  Option,
  PlainTextOption,
  SectionBlock,
  TableBlock,
  TextObject,
  View,
} from '@slack/types';
import type { SlackMessage } from '../../slack-api/slack-message.js';
import { clampPlainText, clampText, ELLIPSIS } from './clamp-text.js';
import { isKnownBlock } from './is-known-block.js';
import type { TableCell } from './table-cell-text.js';

export const SLACK_LIMITS = {
  blocksPerMessage: 50,
  blocksPerView: 100,
  blockIdChars: 255,
  actionIdChars: 255,
  sectionTextChars: 3000,
  sectionFields: 10,
  sectionFieldChars: 2000,
  headerTextChars: 150,
  contextElements: 10,
  /** Text objects in general (context elements included). */
  textObjectChars: 3000,
  actionsElements: 25,
  /** @see https://docs.slack.dev/reference/block-kit/blocks/context-actions-block */
  contextActionsElements: 5,
  buttonTextChars: 75,
  buttonValueChars: 2000,
  buttonUrlChars: 3000,
  accessibilityLabelChars: 75,
  imageUrlChars: 3000,
  imageAltTextChars: 2000,
  markdownBlockTotalChars: 12_000,
  tableRows: 100,
  tableCellsPerRow: 20,
  tableColumnSettings: 20,
  /** Reported by integrators, not documented: design for one. */
  tablesPerMessage: 1,
  /** Our own cap per table cell (Slack documents none); keeps a table readable. */
  tableCellChars: 2000,
  /**
   * data_table: a header plus 1–100 rows, ≤ 20 columns, about 10,000 characters across all cells,
   * page_size 1–100 (Slack's default 5). Any number of them per message.
   * @see https://docs.slack.dev/reference/block-kit/blocks/data-table-block
   */
  dataTableRows: 101,
  dataTableColumns: 20,
  dataTableCellChars: 10_000,
  dataTablePageSizeMax: 100,
  /** Ours: rows a page shows (Slack's default of 5 hides most of a statement). */
  dataTablePageSize: 10,
  /** Ours: Slack documents no caption limit; a caption is a label, not a paragraph. */
  dataTableCaptionChars: 150,
  /**
   * data_visualization (slack-facts §8): title ≤ 50; pie segments 1–6 (label ≤ 20, value > 0);
   * bar/area/line series 1–6 with one point per x category; ≤ 2 per message. Series names,
   * categories ≤ 20 and axis labels ≤ 50, points ≤ 20 per series: the field tables of the
   * slack-messaging crate, which cite Slack's block reference (docs.rs/slack-messaging 0.7.7).
   * @see https://docs.slack.dev/reference/block-kit/blocks/data-visualization-block
   */
  dataVizTitleChars: 50,
  dataVizSegmentsMax: 6,
  dataVizSeriesMax: 6,
  dataVizLabelChars: 20,
  dataVizPointsPerSeries: 20,
  dataVizAxisLabelChars: 50,
  dataVizPerMessage: 2,
  placeholderChars: 150,
  optionTextChars: 75,
  optionValueChars: 150,
  optionDescriptionChars: 75,
  selectOptions: 100,
  radioOptions: 10,
  inputLabelChars: 2000,
  inputHintChars: 2000,
  plainTextInputChars: 3000,
  confirmTitleChars: 100,
  confirmTextChars: 300,
  confirmButtonChars: 30,
  /** chat.update / postEphemeral reject text over 4,000 (msg_too_long); we use it everywhere. */
  fallbackTextChars: 4000,
  viewTitleChars: 24,
  viewButtonChars: 24,
  privateMetadataChars: 3000,
  callbackIdChars: 255,
  externalIdChars: 255,
  viewBytes: 250 * 1024,
} as const;

const nonEmpty = (text: string, fallback = '—'): string => (text.trim() === '' ? fallback : text);

function clampTextObject<T extends TextObject>(obj: T, max: number): T {
  const text = nonEmpty(obj.type === 'mrkdwn' ? clampText(obj.text, max) : clampPlainText(obj.text, max));
  return { ...obj, text };
}

const plainObj = (text: string, max: number) => ({ type: 'plain_text' as const, text: nonEmpty(clampPlainText(text, max)) });

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

function clampConfirm(c: ConfirmationDialog): ConfirmationDialog {
  const out: ConfirmationDialog = { ...c, text: clampTextObject(c.text, SLACK_LIMITS.confirmTextChars) };
  if (c.title) out.title = plainObj(c.title.text, SLACK_LIMITS.confirmTitleChars);
  if (c.confirm) out.confirm = plainObj(c.confirm.text, SLACK_LIMITS.confirmButtonChars);
  if (c.deny) out.deny = plainObj(c.deny.text, SLACK_LIMITS.confirmButtonChars);
  return out;
}

/** Over-long values or URLs cannot be cut meaningfully (JSON, links): they are dropped instead. */
function clampButton(b: Button): Button {
  const out: Button = { ...b, text: plainObj(b.text.text, SLACK_LIMITS.buttonTextChars) };
  if (out.action_id !== undefined) out.action_id = clampPlainText(out.action_id, SLACK_LIMITS.actionIdChars);
  if (out.value !== undefined && out.value.length > SLACK_LIMITS.buttonValueChars) delete out.value;
  if (out.url !== undefined && (out.url.length > SLACK_LIMITS.buttonUrlChars || !/^https?:\/\/\S+$/i.test(out.url))) {
    delete out.url;
  }
  if (out.accessibility_label !== undefined) {
    out.accessibility_label = clampPlainText(out.accessibility_label, SLACK_LIMITS.accessibilityLabelChars);
  }
  if (out.confirm) out.confirm = clampConfirm(out.confirm);
  return out;
}

function clampOptionRest<O extends Option>(o: O): O {
  const out: O = { ...o };
  if (o.value !== undefined) out.value = clampPlainText(o.value, SLACK_LIMITS.optionValueChars);
  if (o.description) out.description = plainObj(o.description.text, SLACK_LIMITS.optionDescriptionChars);
  return out;
}

function clampPlainOption(o: PlainTextOption): PlainTextOption {
  return clampOptionRest({ ...o, text: plainObj(o.text.text, SLACK_LIMITS.optionTextChars) });
}

/** Radio buttons and checkboxes may label options in mrkdwn; selects only in plain_text. */
function clampOption(o: Option): Option {
  return o.text.type === 'plain_text'
    ? clampPlainOption({ ...o, text: o.text })
    : clampOptionRest({ ...o, text: clampTextObject(o.text, SLACK_LIMITS.optionTextChars) });
}

function clampSection(b: SectionBlock): SectionBlock {
  const out: SectionBlock = { ...b };
  if (b.text) out.text = clampTextObject(b.text, SLACK_LIMITS.sectionTextChars);
  if (b.fields) {
    let fields = b.fields.map((f) => clampTextObject(f, SLACK_LIMITS.sectionFieldChars));
    if (fields.length > SLACK_LIMITS.sectionFields) {
      const hidden = fields.length - (SLACK_LIMITS.sectionFields - 1);
      fields = [...fields.slice(0, SLACK_LIMITS.sectionFields - 1), { type: 'mrkdwn', text: `${ELLIPSIS}and ${hidden} more` }];
    }
    if (fields.length === 0) delete out.fields;
    else out.fields = fields;
  }
  if (!out.text && !out.fields) out.text = { type: 'mrkdwn', text: '—' };
  if (b.accessory?.type === 'button') out.accessory = clampButton(b.accessory);
  return out;
}

/** Text cells are cut to our cap; a rich_text cell is passed through as it is. */
function clampCell(c: TableCell): TableCell {
  if (c.type === 'raw_text') return { type: 'raw_text', text: nonEmpty(clampPlainText(c.text, SLACK_LIMITS.tableCellChars), ' ') };
  if (c.type === 'raw_number') return { ...c, text: nonEmpty(clampPlainText(c.text, SLACK_LIMITS.tableCellChars), ' ') };
  return c;
}

function clampTable(b: TableBlock): TableBlock {
  const width = Math.min(SLACK_LIMITS.tableCellsPerRow, Math.max(1, ...b.rows.map((r) => r.length)));
  let rows: TableCell[][] = b.rows.map((r) => {
    const cells = r.slice(0, width).map(clampCell);
    while (cells.length < width) cells.push({ type: 'raw_text', text: ' ' });
    return cells;
  });
  if (rows.length === 0) rows = [[{ type: 'raw_text', text: '—' }]];
  if (rows.length > SLACK_LIMITS.tableRows) {
    const hidden = rows.length - (SLACK_LIMITS.tableRows - 1);
    const note = [{ type: 'raw_text' as const, text: `${ELLIPSIS}and ${hidden} more rows` }];
    while (note.length < width) note.push({ type: 'raw_text', text: ' ' });
    rows = [...rows.slice(0, SLACK_LIMITS.tableRows - 1), note];
  }
  const out: TableBlock = { ...b, rows };
  if (b.column_settings) out.column_settings = b.column_settings.slice(0, Math.min(width, SLACK_LIMITS.tableColumnSettings));
  return out;
}

const cellChars = (c: TableCell): number => (c.type === 'rich_text' ? 0 : Math.max(1, c.text.length));

/**
 * A data_table within Slack's limits: ≤ 20 columns, rows padded to one width, a raw_text header,
 * 2–101 rows and ≤ 10,000 characters across cells (rows past either are dropped, and the caption
 * says so: renderers split big tables before this, so it is a last resort), a caption, a page
 * size of 1–100 and a row header column that exists.
 */
function clampDataTable(b: DataTableBlock): DataTableBlock {
  const width = Math.min(SLACK_LIMITS.dataTableColumns, Math.max(1, ...b.rows.map((r) => r.length)));
  const pad = (r: TableCell[]): TableCell[] => {
    const cells = r.slice(0, width).map(clampCell);
    while (cells.length < width) cells.push({ type: 'raw_text', text: ' ' });
    return cells;
  };
  const [first = [], ...rest] = b.rows;
  // The header takes at most half the character budget, so there is room for rows.
  const headerCellChars = Math.floor(SLACK_LIMITS.dataTableCellChars / 2 / width);
  const header = pad(first).map(
    (c): TableCell => ({ type: 'raw_text', text: c.type === 'rich_text' ? ' ' : nonEmpty(clampPlainText(c.text, headerCellChars), ' ') }),
  );
  let budget = SLACK_LIMITS.dataTableCellChars - header.reduce((n, c) => n + cellChars(c), 0);
  const body: TableCell[][] = [];
  for (const r of rest.slice(0, SLACK_LIMITS.dataTableRows - 1).map(pad)) {
    const n = r.reduce((m, c) => m + cellChars(c), 0);
    if (n > budget) break;
    budget -= n;
    body.push(r);
  }
  if (body.length === 0) body.push(pad([]));
  const hidden = Math.max(0, rest.length - body.length);
  const note = hidden > 0 ? ` (first ${body.length} of ${rest.length} rows)` : '';
  const caption = `${clampPlainText(nonEmpty(b.caption, 'Table'), SLACK_LIMITS.dataTableCaptionChars - note.length)}${note}`;
  const out: DataTableBlock = { ...b, caption, rows: [header, ...body] };
  if (b.page_size !== undefined) out.page_size = Math.max(1, Math.min(SLACK_LIMITS.dataTablePageSizeMax, Math.round(b.page_size)));
  if (b.row_header_column_index !== undefined && (b.row_header_column_index < 0 || b.row_header_column_index >= width)) {
    delete out.row_header_column_index;
  }
  return out;
}

function clampInput(b: InputBlock): InputBlock {
  const out: InputBlock = { ...b, label: plainObj(b.label.text, SLACK_LIMITS.inputLabelChars) };
  if (b.hint) out.hint = plainObj(b.hint.text, SLACK_LIMITS.inputHintChars);
  const el = { ...b.element };
  if (el.action_id !== undefined) el.action_id = clampPlainText(el.action_id, SLACK_LIMITS.actionIdChars);
  switch (el.type) {
    case 'plain_text_input':
      if (el.placeholder) el.placeholder = plainObj(el.placeholder.text, SLACK_LIMITS.placeholderChars);
      if (el.initial_value !== undefined) el.initial_value = clampPlainText(el.initial_value, SLACK_LIMITS.plainTextInputChars);
      break;
    case 'static_select':
      if (el.options) el.options = el.options.slice(0, SLACK_LIMITS.selectOptions).map(clampPlainOption);
      if (el.initial_option) el.initial_option = clampPlainOption(el.initial_option);
      if (el.placeholder) el.placeholder = plainObj(el.placeholder.text, SLACK_LIMITS.placeholderChars);
      break;
    case 'radio_buttons':
      el.options = el.options.slice(0, SLACK_LIMITS.radioOptions).map(clampOption);
      if (el.initial_option) el.initial_option = clampOption(el.initial_option);
      break;
    default:
      break;
  }
  out.element = el;
  return out;
}

/** Per-payload state: the markdown budget, the one `table` (data_tables are not counted), and id uniqueness. */
interface ClampState {
  markdownLeft: number;
  tables: number;
  blockIds: Set<string>;
  actionIds: Set<string>;
}

function uniqueId(id: string, seen: Set<string>, max: number): string {
  let out = clampPlainText(id, max);
  for (let n = 2; seen.has(out); n += 1) out = `${clampPlainText(id, max - 6)}:d${n}`;
  seen.add(out);
  return out;
}

function clampActionElement(e: ActionsBlockElement): ActionsBlockElement {
  if (e.type === 'button') return clampButton(e);
  if (e.type === 'static_select' && e.options)
    return { ...e, options: e.options.slice(0, SLACK_LIMITS.selectOptions).map(clampPlainOption) };
  return { ...e };
}

function clampBlock(block: KnownBlock, state: ClampState): KnownBlock | null {
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

function withUniqueBlockId<B extends AnyBlock>(out: B, state: ClampState): B {
  if (out.block_id !== undefined) out.block_id = uniqueId(out.block_id, state.blockIds, SLACK_LIMITS.blockIdChars);
  return out;
}

/** Views may hold blocks @slack/types does not know: those only get their block_id checked. */
function clampAnyBlock(block: AnyBlock, state: ClampState): AnyBlock | null {
  return isKnownBlock(block) ? clampBlock(block, state) : withUniqueBlockId({ ...block }, state);
}

function clampBlockList<B extends AnyBlock>(
  blocks: B[],
  max: number,
  clampOne: (block: B, state: ClampState) => B | null,
): Array<B | ContextBlock> {
  const state: ClampState = { markdownLeft: SLACK_LIMITS.markdownBlockTotalChars, tables: 0, blockIds: new Set(), actionIds: new Set() };
  const clamped = blocks.map((b) => clampOne(b, state)).filter((b): b is B => b !== null);
  return clampBlocks(clamped, max);
}

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
