/**
 * A card's Block Kit (our own rendering of service data) → canvas Markdown, so a statement or a
 * comparison saved as a canvas shows what the card shows: its header as a heading, its text,
 * its notes, and its tables (`data_table` and `table`) as canvas tables with the card's formatted
 * figures. Buttons, charts and images are left out: a canvas cannot run them.
 * @see https://docs.slack.dev/surfaces/canvases
 * @see https://docs.slack.dev/reference/block-kit/blocks
 */
import type { KnownBlock, RawNumberElement, RawTextElement, RichTextBlock } from '@slack/types';
import { decodeSlackEntities } from '../text/decode-slack-entities.js';
import type { LinkPolicy } from '../markdown/present-link.js';
import { canvasLink, canvasLiteral, canvasText } from './canvas-text.js';
import { type Align, canvasTable, markdownToCanvas } from './markdown-to-canvas.js';

/** A Slack token `<…>` or one of mrkdwn's emphasis markers. */
const MRKDWN_PIECE = /(<[^<>]*>|[*~])/;

/** Our cards' mrkdwn → canvas Markdown: links kept, mentions shown as text, `*bold*` and `~strike~` in Markdown's form. */
export function mrkdwnToCanvas(mrkdwn: string, links?: LinkPolicy): string {
  return mrkdwn
    .split('\n')
    .map((line) =>
      line
        .split(MRKDWN_PIECE)
        .map((piece) => {
          if (piece === '*') return '**';
          if (piece === '~') return '~~';
          if (!piece.startsWith('<') || !piece.endsWith('>')) {
            // Literal text: `_` stays an emphasis marker as in Markdown; the rest shows as written.
            return canvasLiteral(decodeSlackEntities(piece)).replace(/\\_/g, '_');
          }
          const [target = '', label] = piece.slice(1, -1).split('|', 2);
          // A mention or broadcast token shows its label (or nothing): a saved canvas pings no one.
          if (/^[@#!]/.test(target)) return label ? canvasText(decodeSlackEntities(label)) : '';
          return canvasLink(decodeSlackEntities(target), decodeSlackEntities(label ?? target), links);
        })
        .join(''),
    )
    .join('\n');
}

type Cell = RawTextElement | RawNumberElement | RichTextBlock;

function richTextOf(block: RichTextBlock): string {
  const parts: string[] = [];
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    const n = node as { type?: string; text?: unknown; url?: unknown; elements?: unknown[] };
    if (n.type === 'text' && typeof n.text === 'string') parts.push(n.text);
    else if (n.type === 'link') parts.push(typeof n.text === 'string' ? n.text : String(n.url ?? ''));
    for (const child of n.elements ?? []) walk(child);
  };
  walk(block);
  return parts.join('');
}

function cellText(cell: Cell): string {
  if (cell.type === 'raw_text') return cell.text;
  if (cell.type === 'raw_number') return cell.text ?? String(cell.value);
  return richTextOf(cell);
}

function tableOf(rows: readonly (readonly Cell[])[], align: readonly Align[] = []): string {
  return canvasTable(
    rows.map((r) => r.map(cellText)),
    align,
    (text) => canvasText(text),
  );
}

function textObject(text: { type: string; text: string } | undefined, links?: LinkPolicy): string {
  if (text === undefined) return '';
  return text.type === 'mrkdwn' ? mrkdwnToCanvas(text.text, links) : canvasText(text.text);
}

function blockToCanvas(block: KnownBlock, links?: LinkPolicy): string | undefined {
  switch (block.type) {
    case 'header':
      return `## ${canvasText(block.text.text)}`;
    case 'section': {
      const parts = [textObject(block.text, links), ...(block.fields ?? []).map((f) => textObject(f, links))];
      return parts.filter((p) => p !== '').join('\n\n') || undefined;
    }
    case 'context': {
      const texts = block.elements.flatMap((e) =>
        'text' in e && typeof e.text === 'string' ? [textObject(e as { type: string; text: string }, links)] : [],
      );
      const line = texts.filter((t) => t !== '').join(' · ');
      return line === '' ? undefined : `_${line}_`;
    }
    case 'markdown':
      return markdownToCanvas(block.text, links);
    case 'divider':
      return '---';
    case 'table':
      return tableOf(
        block.rows,
        (block.column_settings ?? []).map((c) => c?.align ?? null),
      );
    default:
      if ((block as { type: string }).type === 'data_table') return tableOf((block as unknown as { rows: Cell[][] }).rows);
      return undefined;
  }
}

/** The card's blocks, in order, as canvas Markdown (blocks a canvas cannot show are left out). */
export function blocksToCanvas(blocks: readonly KnownBlock[], links?: LinkPolicy): string {
  return blocks
    .map((b) => blockToCanvas(b, links))
    .filter((md): md is string => md !== undefined && md.trim() !== '')
    .join('\n\n');
}
