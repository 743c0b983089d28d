/**
 * Distributes blocks over as many thread messages as needed. Each message holds at most 50
 * blocks, one `table` (any number of `data_table`s), sections ≤ 3000 chars, and a total text budget below the point where
 * chat.postMessage answers `msg_blocks_too_long` (undocumented; observed ≈ 12–13k chars, so we
 * keep ~11k). Splits happen at block boundaries; an oversize section is cut at a sentence or
 * word boundary, an oversize table by rows with its header repeated. Nothing is dropped
 * silently: past `maxMessages` the rest is replaced by a visible note.
 * @see https://docs.slack.dev/reference/methods/chat.postMessage (msg_blocks_too_long)
 * @see https://docs.slack.dev/reference/block-kit/blocks
 */
import type { KnownBlock, TableBlock } from '@slack/types';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import type { AnswerLanguage } from '../../../language/answer-language.js';
import { messageWords } from '../../../language/message-words.js';
import { SLACK_LIMITS } from '../limits.js';
import { ELLIPSIS } from '../clamp-text.js';
import { noteBlock, sectionBlock } from './markdown-to-blocks.js';
import { splitMrkdwn } from './split-mrkdwn.js';
import { messageFallbackText } from './message-fallback-text.js';

export interface MessageLimits {
  maxBlocks: number;
  /** `table` blocks per message; data_table blocks are not limited this way. */
  maxTables: number;
  maxSectionChars: number;
  /** Characters of text across all blocks of one message. */
  maxTextChars: number;
  maxTableRows: number;
  /** Thread messages one answer may take; the rest is replaced by a note. */
  maxMessages: number;
}

/** Safe text per message: Slack's cap is ~12k "with a buffer for block containers" (bolt-js#2867). */
export const MESSAGE_TEXT_BUDGET = 11_000;

const DEFAULT_MESSAGE_LIMITS: MessageLimits = {
  maxBlocks: SLACK_LIMITS.blocksPerMessage,
  maxTables: SLACK_LIMITS.tablesPerMessage,
  maxSectionChars: SLACK_LIMITS.sectionTextChars,
  maxTextChars: MESSAGE_TEXT_BUDGET,
  maxTableRows: SLACK_LIMITS.tableRows,
  maxMessages: 20,
};

/** The limits a split uses: Slack's, with the given overrides. */
export function resolveMessageLimits(overrides: Partial<MessageLimits> = {}): MessageLimits {
  return { ...DEFAULT_MESSAGE_LIMITS, ...overrides };
}

export interface SplitOptions {
  /** Blocks that must end the answer (ending line, sources, footer); kept even on overflow. */
  tail?: KnownBlock[];
  /** mrkdwn appended to the overflow note, e.g. a link to the full conversation. */
  overflowHint?: string;
  /** The language of the notes and fallback words we add; default English. */
  language?: AnswerLanguage;
}

/** Characters of text a block carries (all `text` strings inside it). */
export function blockTextLength(block: unknown): number {
  if (Array.isArray(block)) return block.reduce((n: number, b) => n + blockTextLength(b), 0);
  if (typeof block !== 'object' || block === null) return 0;
  let n = 0;
  for (const [k, v] of Object.entries(block)) {
    if (k === 'text' && typeof v === 'string') n += v.length;
    else if (typeof v === 'object' && v !== null) n += blockTextLength(v);
  }
  return n;
}

/** Splits a table so every part has ≤ maxRows rows and ≤ maxChars of text, header repeated. */
function splitTable(table: TableBlock, limits: MessageLimits, language: AnswerLanguage): KnownBlock[] {
  const [header, ...body] = table.rows;
  if (!header) return [table];
  const headerChars = blockTextLength(header);
  const budget = limits.maxTextChars - headerChars - 200; // room for the continuation note
  const parts: TableBlock['rows'][] = [];
  let current: TableBlock['rows'] = [];
  let chars = 0;
  for (const row of body) {
    const n = blockTextLength(row);
    if (current.length > 0 && (current.length + 1 >= limits.maxTableRows || chars + n > budget)) {
      parts.push(current);
      current = [];
      chars = 0;
    }
    current.push(row);
    chars += n;
  }
  if (current.length > 0 || parts.length === 0) parts.push(current);
  if (parts.length === 1) return [table];
  const out: KnownBlock[] = [];
  let first = 1;
  parts.forEach((rows, i) => {
    const last = first + rows.length - 1;
    if (i > 0) out.push(noteBlock(messageWords(language).tableContinued(first, last, body.length)));
    out.push({ ...table, rows: [header, ...rows] });
    first = last + 1;
  });
  return out;
}

/** Every block made to fit a message on its own. */
function normalise(blocks: readonly KnownBlock[], limits: MessageLimits, language: AnswerLanguage): KnownBlock[] {
  const out: KnownBlock[] = [];
  for (const b of blocks) {
    if (b.type === 'section' && b.text && b.text.text.length > limits.maxSectionChars && b.text.type === 'mrkdwn') {
      for (const part of splitMrkdwn(b.text.text, limits.maxSectionChars)) out.push(sectionBlock(part));
    } else if (b.type === 'table' && (b.rows.length > limits.maxTableRows || blockTextLength(b) > limits.maxTextChars - 200)) {
      out.push(...splitTable(b, limits, language));
    } else out.push(b);
  }
  return out;
}

interface Draft {
  blocks: KnownBlock[];
  chars: number;
  tables: number;
}

const emptyDraft = (): Draft => ({ blocks: [], chars: 0, tables: 0 });

function add(d: Draft, b: KnownBlock): void {
  d.blocks.push(b);
  d.chars += blockTextLength(b);
  if (b.type === 'table') d.tables += 1;
}

function fits(d: Draft, b: KnownBlock, limits: MessageLimits): boolean {
  return (
    d.blocks.length + 1 <= limits.maxBlocks &&
    d.chars + blockTextLength(b) <= limits.maxTextChars &&
    (b.type !== 'table' || d.tables < limits.maxTables)
  );
}

function pack(blocks: readonly KnownBlock[], limits: MessageLimits): Draft[] {
  const drafts: Draft[] = [];
  let d = emptyDraft();
  for (const b of blocks) {
    if (!fits(d, b, limits) && d.blocks.length > 0) {
      // A heading or a "table continued" note belongs with what follows it.
      const carry: KnownBlock[] = [];
      const last = d.blocks[d.blocks.length - 1];
      if (last && d.blocks.length > 1 && (last.type === 'header' || (last.type === 'context' && b.type === 'table'))) {
        d.blocks.pop();
        carry.push(last);
        d.chars -= blockTextLength(last);
      }
      drafts.push(d);
      d = emptyDraft();
      for (const c of carry) add(d, c);
    }
    add(d, b);
  }
  if (d.blocks.length > 0) drafts.push(d);
  return drafts;
}

/**
 * Blocks → messages, each with its blocks and a `text` fallback (first words, "(part i of n)").
 * An empty block list yields one message with a short note, so a reply is never blank.
 */
export function splitIntoMessages(
  blocks: readonly KnownBlock[],
  limitOverrides: Partial<MessageLimits> = {},
  opts: SplitOptions = {},
): SlackMessage[] {
  const limits = resolveMessageLimits(limitOverrides);
  const language = opts.language ?? 'en';
  const words = messageWords(language);
  const tail = normalise(opts.tail ?? [], limits, language);
  let drafts = pack(normalise([...blocks, ...tail], limits, language), limits);
  if (drafts.length === 0) drafts = [{ blocks: [noteBlock(words.noContent)], chars: words.noContent.length, tables: 0 }];

  if (drafts.length > limits.maxMessages) {
    const keep = drafts.slice(0, Math.max(0, limits.maxMessages - 1));
    const keptBlocks = keep.reduce((n, d) => n + d.blocks.length, 0);
    const bodyBlocks = drafts.reduce((n, d) => n + d.blocks.length, 0) - tail.length;
    const dropped = Math.max(0, bodyBlocks - keptBlocks);
    const hint = opts.overflowHint ? ` ${opts.overflowHint}` : '';
    const note = noteBlock(`${ELLIPSIS}${words.tooLongForSlack(dropped)}${hint}`);
    drafts = [...keep, ...pack([note, ...tail], limits)];
  }

  const total = drafts.length;
  return drafts.map((d, i) => ({
    text: messageFallbackText(d.blocks, total > 1 ? { part: i + 1, of: total } : undefined, language),
    blocks: d.blocks,
  }));
}
