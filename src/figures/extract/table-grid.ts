import type { Tokens } from 'marked';
import { inlinePlainText, type PlainText } from './inline-plain-text.js';

/** One cell of a Markdown table as a reader sees it, and where it starts in the Markdown. */
export interface GridCell {
  /** Plain text: `**NVIDIA** (`US:NVDA`)` reads `NVIDIA (US:NVDA)`. */
  text: string;
  /** Index in the Markdown of the cell's first character (of its segment when it is empty). */
  offset: number;
  plain: PlainText;
}

export interface TableGrid {
  header: GridCell[];
  rows: GridCell[][];
}

/**
 * A table token with each cell's plain text and offset. `offset` is the index in `markdown` where
 * the table starts; the header is its first line, the delimiter row the second, then one line
 * per row (marked keeps that shape: a table ends at the first line that is not a row).
 */
export function tableGrid(table: Tokens.Table, markdown: string, offset: number): TableGrid {
  const lineStarts = tableLineStarts(markdown, offset, 2 + table.rows.length);
  const rowOf = (cells: Tokens.TableCell[], line: number): GridCell[] => {
    const starts = cellStarts(markdown, lineStarts[line] ?? offset);
    return cells.map((cell, j) => {
      const from = starts[j] ?? starts[starts.length - 1] ?? offset;
      const plain = inlinePlainText(cell.tokens, markdown, from);
      return { text: plain.text.trim(), offset: plain.offsets[0] ?? from, plain };
    });
  };
  return {
    header: rowOf(table.header, 0),
    rows: table.rows.map((row, i) => rowOf(row, i + 2)),
  };
}

function tableLineStarts(markdown: string, offset: number, count: number): number[] {
  const starts = [offset];
  let p = offset;
  while (starts.length < count) {
    const nl = markdown.indexOf('\n', p);
    if (nl < 0) break;
    starts.push(nl + 1);
    p = nl + 1;
  }
  return starts;
}

/** Where each cell's content starts on a table line: after each unescaped pipe (the leading pipe optional). */
function cellStarts(markdown: string, lineStart: number): number[] {
  const end = markdown.indexOf('\n', lineStart);
  const line = markdown.slice(lineStart, end < 0 ? markdown.length : end);
  const starts: number[] = [];
  const lead = /^\s*\|?/.exec(line)?.[0].length ?? 0;
  starts.push(lineStart + lead);
  for (let i = lead; i < line.length; i++) {
    if (line[i] === '\\') {
      i++;
      continue;
    }
    if (line[i] === '|') starts.push(lineStart + i + 1);
  }
  return starts;
}
