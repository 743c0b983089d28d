/**
 * Agent Markdown → Block Kit: headers (h1/h2), mrkdwn sections (paragraphs, lists, quotes,
 * code, smaller headings), dividers, and Markdown tables as Slack `data_table` blocks (sortable,
 * paged, several per message; data-table.ts), or `table` blocks, or text. Every block produced is
 * valid on its own (sections ≤ 3000 chars, tables within their row, column and character limits);
 * splitIntoMessages then distributes them over messages (≤ 50 blocks, one `table`, text budget).
 * Nothing is dropped: what cannot be shown as intended is shown another way, with a note.
 * @see https://docs.slack.dev/reference/block-kit/blocks/data-table-block
 * @see https://docs.slack.dev/reference/block-kit/blocks/table-block
 */
import type { ContextBlock, KnownBlock, SectionBlock, TableBlock } from '@slack/types';
import { languageOfText, type AnswerLanguage } from '../../../language/answer-language.js';
import { messageWords } from '../../../language/message-words.js';
import { buildDataTables } from '../data-table.js';
import { plainText } from '../escape.js';
import { SLACK_LIMITS } from '../limits.js';
import { formulasToUnicode } from './formulas-to-unicode.js';
import { lexMarkdown, tokensToPieces, type Piece } from './markdown-pieces.js';
import type { LinkPolicy } from './present-link.js';
import { splitMrkdwn } from './split-mrkdwn.js';
import { tableAsText, type ColumnAlign } from './table-as-text.js';

type ColumnSetting = NonNullable<TableBlock['column_settings']>[number];

export interface MarkdownToBlocksOptions {
  /**
   * 'data_table' (default): Markdown tables become data_table blocks; 'blocks': `table` blocks
   * (one per message); 'text': monospaced/records text.
   */
  tables?: 'data_table' | 'blocks' | 'text';
  /** Section text cap; default Slack's 3000. */
  maxSectionChars?: number;
  /** Which link hosts may keep a plain label (present-link.ts); default none. */
  links?: LinkPolicy;
  /** The language of the words we add (captions, notes); default the Markdown's own language. */
  language?: AnswerLanguage;
}

/** Slack documents no empty cell; limits.ts pads with a space, and so do we. */
const EMPTY_CELL = ' ';

export function sectionBlock(mrkdwn: string): SectionBlock {
  // verbatim: Slack must not auto-link names or parse mentions in agent text.
  return { type: 'section', text: { type: 'mrkdwn', text: mrkdwn, verbatim: true } };
}

export function noteBlock(mrkdwn: string): ContextBlock {
  return { type: 'context', elements: [{ type: 'mrkdwn', text: mrkdwn }] };
}

function columnSettings(align: readonly ColumnAlign[], width: number): ColumnSetting[] {
  return Array.from({ length: Math.min(width, SLACK_LIMITS.tableColumnSettings) }, (_, c) => {
    const a = align[c];
    return a ? { align: a, is_wrapped: true } : { is_wrapped: true };
  });
}

/** Rows (first = header) → one table block; rows are padded to the same width. */
function tableBlock(rows: readonly string[][], align: readonly ColumnAlign[]): TableBlock {
  const width = Math.max(1, ...rows.map((r) => r.length));
  return {
    type: 'table',
    rows: rows.map((r) =>
      Array.from({ length: width }, (_, c) => ({
        type: 'raw_text' as const,
        text: (r[c] ?? '') === '' ? EMPTY_CELL : (r[c] ?? EMPTY_CELL),
      })),
    ),
    column_settings: columnSettings(align, width),
  };
}

/** Splits a table into blocks of at most `maxRows` rows each, repeating the header row. */
function splitTableRows(rows: readonly string[][], maxRows: number): string[][][] {
  const [header, ...body] = rows;
  if (!header) return [];
  const per = Math.max(1, maxRows - 1);
  if (body.length <= per) return [rows.map((r) => [...r])];
  const parts: string[][][] = [];
  for (let i = 0; i < body.length; i += per) parts.push([[...header], ...body.slice(i, i + per).map((r) => [...r])]);
  return parts;
}

type ResolvedOptions = Required<Omit<MarkdownToBlocksOptions, 'links'>>;

/** A caption for screen readers and the table's title: where it stands and what its columns are. */
function tableCaption(rows: readonly string[][], heading: string | undefined, n: number, language: AnswerLanguage): string {
  const columns = (rows[0] ?? []).map((c) => c.trim()).filter((c) => c !== '');
  // Plain text, neutralised like every cell: a caption must not ping anyone either.
  return plainText(messageWords(language).tableCaption(heading, n, columns));
}

function tableToBlocks(rows: string[][], align: ColumnAlign[], opts: ResolvedOptions, caption: string): KnownBlock[] {
  const width = Math.max(0, ...rows.map((r) => r.length));
  const longCell = rows.some((r) => r.some((c) => c.length > SLACK_LIMITS.tableCellChars));
  // Wider than 20 columns: split into column groups (first column repeated) as data_tables.
  if (opts.tables === 'data_table' && !longCell) return buildDataTables(rows, { caption });
  if (opts.tables === 'text' || width > SLACK_LIMITS.tableCellsPerRow || longCell) {
    const blocks: KnownBlock[] = [];
    const words = messageWords(opts.language);
    if (opts.tables !== 'text') {
      const why = longCell ? words.tableTooLongCell : words.tableTooWide(width, SLACK_LIMITS.tableCellsPerRow);
      blocks.push(noteBlock(words.tableShownAsText(why)));
    }
    for (const piece of splitMrkdwn(tableAsText(rows, align), opts.maxSectionChars)) blocks.push(sectionBlock(piece));
    return blocks;
  }
  const parts = splitTableRows(rows, SLACK_LIMITS.tableRows);
  const dataRows = rows.length - 1;
  const blocks: KnownBlock[] = [];
  let first = 1;
  parts.forEach((part, i) => {
    const last = first + part.length - 2;
    if (i > 0) blocks.push(noteBlock(messageWords(opts.language).tableContinued(first, last, dataRows)));
    blocks.push(tableBlock(part, align));
    first = last + 1;
  });
  return blocks;
}

/** Pieces → blocks: consecutive text pieces share a section up to the section limit. */
function piecesToBlocks(pieces: readonly Piece[], options: MarkdownToBlocksOptions & { language: AnswerLanguage }): KnownBlock[] {
  const opts: ResolvedOptions = {
    language: options.language,
    tables: options.tables ?? 'data_table',
    maxSectionChars: Math.min(options.maxSectionChars ?? SLACK_LIMITS.sectionTextChars, SLACK_LIMITS.sectionTextChars),
  };
  const blocks: KnownBlock[] = [];
  let pending = '';
  let heading: string | undefined;
  let tables = 0;
  const flush = (): void => {
    if (pending.trim() !== '') for (const part of splitMrkdwn(pending, opts.maxSectionChars)) blocks.push(sectionBlock(part));
    pending = '';
  };
  for (const p of pieces) {
    if (p.kind === 'text') {
      const joined = pending === '' ? p.mrkdwn : `${pending}\n\n${p.mrkdwn}`;
      if (joined.length <= opts.maxSectionChars || pending === '') pending = joined;
      else {
        flush();
        pending = p.mrkdwn;
      }
      continue;
    }
    flush();
    if (p.kind === 'header') {
      heading = p.text;
      blocks.push({ type: 'header', text: { type: 'plain_text', text: p.text, emoji: true } });
    } else if (p.kind === 'divider') blocks.push({ type: 'divider' });
    else if (p.kind === 'note') blocks.push(noteBlock(p.mrkdwn));
    else {
      tables += 1;
      blocks.push(...tableToBlocks(p.rows, p.align, opts, tableCaption(p.rows, heading, tables, opts.language)));
    }
  }
  flush();
  return blocks;
}

/** Untrusted Markdown → valid blocks (escaped, mentions neutralised). Empty input → []. */
export function markdownToBlocks(markdown: string, options: MarkdownToBlocksOptions = {}): KnownBlock[] {
  const language = options.language ?? languageOfText(markdown) ?? 'en';
  return piecesToBlocks(tokensToPieces(lexMarkdown(formulasToUnicode(markdown)), false, options.links), { ...options, language });
}
