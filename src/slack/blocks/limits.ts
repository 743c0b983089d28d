/**
 * The one module that knows Slack's Block Kit limits, and the clamps applied to every payload
 * before it is sent. Numbers: the Block Kit reference below and each block's page there.
 * Lengths are counted in UTF-16 code units (`String#length`), never fewer than Slack's
 * "characters", so a payload that fits here fits in Slack.
 * @see https://docs.slack.dev/reference/block-kit/blocks
 */
import type {
  Block,
  ButtonElement,
  ConfirmDialog,
  ContextBlock,
  InputBlock,
  SectionBlock,
  SelectOption,
  SlackMessage,
  TableBlock,
  TextObject,
  View,
} from './block-kit.js';

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

export const ELLIPSIS = '…';
const ENTITY_AT_START = /^&(?:amp|lt|gt|#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,8});/i;
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Largest grapheme boundary ≤ cut (never splits a surrogate pair, emoji ZWJ sequence or flag). */
function graphemeBoundary(text: string, cut: number): number {
  const start = Math.max(0, cut - 64);
  const window = text.slice(start, Math.min(text.length, cut + 16));
  let best = start;
  for (const seg of segmenter.segment(window)) {
    const at = start + seg.index;
    if (at > cut) break;
    best = at;
  }
  if (start + window.length === cut) best = cut;
  // Never leave a high surrogate dangling, even if the window began mid-pair.
  const code = text.charCodeAt(best - 1);
  return code >= 0xd800 && code <= 0xdbff ? best - 1 : best;
}

/** Moves a cut back so it does not fall inside `&amp;`-style entities or `<url|label>` tokens. */
function mrkdwnBoundary(text: string, cut: number): number {
  let at = cut;
  const amp = text.lastIndexOf('&', at - 1);
  if (amp >= 0 && at - amp <= 12) {
    const m = ENTITY_AT_START.exec(text.slice(amp, amp + 14));
    if (m && amp + m[0].length > at) at = amp;
  }
  const open = text.lastIndexOf('<', at - 1);
  if (open >= 0) {
    const close = text.indexOf('>', open);
    if (close === -1 || close >= at) at = open;
  }
  return at;
}

function clampWith(text: string, max: number, mrkdwn: boolean): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  if (max <= ELLIPSIS.length) return ELLIPSIS.slice(0, max);
  let cut = graphemeBoundary(text, max - ELLIPSIS.length);
  if (mrkdwn) cut = mrkdwnBoundary(text, cut);
  return `${text.slice(0, cut).trimEnd()}${ELLIPSIS}`;
}

/** Clamps mrkdwn to `max` UTF-16 units with '…', at a grapheme boundary, outside entities and `<…>` tokens. */
export function clampText(text: string, max: number): string {
  return clampWith(text, max, true);
}

/** Clamps plain text (no entities or tokens to respect) at a grapheme boundary. */
export function clampPlainText(text: string, max: number): string {
  return clampWith(text, max, false);
}

const nonEmpty = (text: string, fallback = '—'): string => (text.trim() === '' ? fallback : text);

function clampTextObject<T extends TextObject>(obj: T, max: number): T {
  const text = nonEmpty(obj.type === 'mrkdwn' ? clampText(obj.text, max) : clampPlainText(obj.text, max));
  return { ...obj, text };
}

const plainObj = (text: string, max: number) => ({ type: 'plain_text' as const, text: nonEmpty(clampPlainText(text, max)) });

export function moreContext(hidden: number, noun = 'more'): ContextBlock {
  return { type: 'context', elements: [{ type: 'mrkdwn', text: `${ELLIPSIS}and ${hidden} ${noun} not shown` }] };
}

/**
 * Caps a block list at `max`, replacing what is cut with a visible "…and N more" context block.
 * A trailing actions block (paging, share) is kept since it is how the user gets at the rest.
 */
export function clampBlocks(blocks: Block[], max: number = SLACK_LIMITS.blocksPerMessage): Block[] {
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

function clampConfirm(c: ConfirmDialog): ConfirmDialog {
  return {
    ...c,
    title: plainObj(c.title.text, SLACK_LIMITS.confirmTitleChars),
    text: clampTextObject(c.text, SLACK_LIMITS.confirmTextChars),
    confirm: plainObj(c.confirm.text, SLACK_LIMITS.confirmButtonChars),
    deny: plainObj(c.deny.text, SLACK_LIMITS.confirmButtonChars),
  };
}

/** Over-long values or URLs cannot be cut meaningfully (JSON, links): they are dropped instead. */
export function clampButton(b: ButtonElement): ButtonElement {
  const out: ButtonElement = { ...b, text: plainObj(b.text.text, SLACK_LIMITS.buttonTextChars) };
  out.action_id = clampPlainText(b.action_id, SLACK_LIMITS.actionIdChars);
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

function clampOption(o: SelectOption): SelectOption {
  const out: SelectOption = {
    ...o,
    text: plainObj(o.text.text, SLACK_LIMITS.optionTextChars),
    value: clampPlainText(o.value, SLACK_LIMITS.optionValueChars),
  };
  if (o.description) out.description = plainObj(o.description.text, SLACK_LIMITS.optionDescriptionChars);
  return out;
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

function clampTable(b: TableBlock): TableBlock {
  const width = Math.min(SLACK_LIMITS.tableCellsPerRow, Math.max(1, ...b.rows.map((r) => r.length)));
  let rows = b.rows.map((r) => {
    const cells = r
      .slice(0, width)
      .map((c) => ({ type: 'raw_text' as const, text: nonEmpty(clampPlainText(c.text, SLACK_LIMITS.tableCellChars), ' ') }));
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

function clampInput(b: InputBlock): InputBlock {
  const out: InputBlock = { ...b, label: plainObj(b.label.text, SLACK_LIMITS.inputLabelChars) };
  if (b.hint) out.hint = plainObj(b.hint.text, SLACK_LIMITS.inputHintChars);
  const el = { ...b.element };
  el.action_id = clampPlainText(el.action_id, SLACK_LIMITS.actionIdChars);
  if (el.type === 'plain_text_input') {
    if (el.placeholder) el.placeholder = plainObj(el.placeholder.text, SLACK_LIMITS.placeholderChars);
    if (el.initial_value !== undefined) el.initial_value = clampPlainText(el.initial_value, SLACK_LIMITS.plainTextInputChars);
  } else {
    const max = el.type === 'radio_buttons' ? SLACK_LIMITS.radioOptions : SLACK_LIMITS.selectOptions;
    el.options = el.options.slice(0, max).map(clampOption);
    if (el.initial_option) el.initial_option = clampOption(el.initial_option);
    if (el.type === 'static_select' && el.placeholder) el.placeholder = plainObj(el.placeholder.text, SLACK_LIMITS.placeholderChars);
  }
  out.element = el;
  return out;
}

/** Per-payload state: the markdown budget, the one table, and id uniqueness. */
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

function clampBlock(block: Block, state: ClampState): Block | null {
  let out: Block;
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
    case 'actions':
      if (block.elements.length === 0) return null;
      out = {
        ...block,
        elements: block.elements
          .slice(0, SLACK_LIMITS.actionsElements)
          .map((e) =>
            e.type === 'button' ? clampButton(e) : { ...e, options: e.options.slice(0, SLACK_LIMITS.selectOptions).map(clampOption) },
          ),
      };
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
    case 'input':
      out = clampInput(block);
      break;
    default:
      out = { ...block };
  }
  if (out.block_id !== undefined) out.block_id = uniqueId(out.block_id, state.blockIds, SLACK_LIMITS.blockIdChars);
  if (out.type === 'actions')
    out.elements.forEach((e) => (e.action_id = uniqueId(e.action_id, state.actionIds, SLACK_LIMITS.actionIdChars)));
  if (out.type === 'section' && out.accessory?.type === 'button') {
    out.accessory.action_id = uniqueId(out.accessory.action_id, state.actionIds, SLACK_LIMITS.actionIdChars);
  }
  if (out.type === 'input') out.element.action_id = uniqueId(out.element.action_id, state.actionIds, SLACK_LIMITS.actionIdChars);
  return out;
}

function clampBlockList(blocks: Block[], max: number): Block[] {
  const state: ClampState = { markdownLeft: SLACK_LIMITS.markdownBlockTotalChars, tables: 0, blockIds: new Set(), actionIds: new Set() };
  const clamped = blocks.map((b) => clampBlock(b, state)).filter((b): b is Block => b !== null);
  return clampBlocks(clamped, max);
}

/** A fallback derived from the first header or section when a renderer gave no text. */
function fallbackFromBlocks(blocks: Block[]): string {
  for (const b of blocks) {
    if (b.type === 'header') return b.text.text;
    if (b.type === 'section' && b.text) return b.text.text;
  }
  return 'Research Desk';
}

/** Applied to every message payload before it is sent (postMessage, update, ephemeral, respond). */
export function clampMessage<T extends SlackMessage>(message: T): T {
  const blocks = clampBlockList(message.blocks, SLACK_LIMITS.blocksPerMessage);
  const text = nonEmpty(
    clampText(message.text, SLACK_LIMITS.fallbackTextChars),
    clampText(fallbackFromBlocks(blocks), SLACK_LIMITS.fallbackTextChars),
  );
  return { ...message, text, blocks };
}

/** Applied to every modal and Home view before views.open / update / publish. */
export function clampView<T extends View>(view: T): T {
  const blocks = clampBlockList(view.blocks, SLACK_LIMITS.blocksPerView);
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
