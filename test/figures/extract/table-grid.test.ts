import { marked, type Token, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { tableGrid } from '../../../src/figures/extract/table-grid.js';

function gridOf(markdown: string) {
  const find = (tokens: Token[]): Tokens.Table | undefined => {
    for (const t of tokens) {
      if (t.type === 'table') return t as Tokens.Table;
      const inner = t.type === 'list' ? (t as Tokens.List).items.flatMap((i) => i.tokens) : [];
      const found = find(inner);
      if (found) return found;
    }
    return undefined;
  };
  const table = find(marked.lexer(markdown));
  if (!table) throw new Error('no table');
  return tableGrid(table, markdown, markdown.indexOf(table.raw.slice(0, 5)));
}

describe('tableGrid', () => {
  it('gives each cell its plain text and its offset in the Markdown', () => {
    const md = '## Side by side\n\n| Metric | **NVIDIA** (`US:NVDA`) | AMD |\n|---|---:|---:|\n| Revenue | USD 54.39bn | — |\n';
    const grid = gridOf(md);
    expect(grid.header.map((c) => c.text)).toEqual(['Metric', 'NVIDIA (US:NVDA)', 'AMD']);
    expect(grid.rows[0]!.map((c) => c.text)).toEqual(['Revenue', 'USD 54.39bn', '—']);
    for (const cell of [...grid.header, ...grid.rows[0]!])
      expect(md.slice(cell.offset)).toMatch(/^(?:Metric|NVIDIA|AMD|Revenue|USD 54\.39bn|—)/);
    expect(grid.header[1]!.offset).toBe(md.indexOf('NVIDIA'));
  });

  it('keeps an escaped pipe inside its cell, skips the delimiter row and pads short rows', () => {
    const md = 'Metric | A \\| B\n--- | ---\n| - | 1.0% |\n| Revenue |\n';
    const grid = gridOf(md);
    expect(grid.header.map((c) => c.text)).toEqual(['Metric', 'A | B']);
    expect(grid.rows.map((r) => r.map((c) => c.text))).toEqual([
      ['-', '1.0%'],
      ['Revenue', ''],
    ]);
    expect(grid.rows[0]![0]!.offset).toBe(md.indexOf('| - |') + 2);
    expect(grid.rows[0]![1]!.offset).toBe(md.indexOf('1.0%'));
  });

  it('reads a table indented inside a list item', () => {
    const md = '- **AMD**:\n\n  | 指标 | 本期 |\n  |---|---|\n  | 营业收入 | 810.6亿元 |\n';
    const grid = gridOf(md);
    expect(grid.rows[0]![1]!.text).toBe('810.6亿元');
    expect(grid.rows[0]![1]!.offset).toBe(md.indexOf('810.6'));
  });
});
