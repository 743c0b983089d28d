/**
 * Issue 29 §7: relevance as a plain word or not at all. A concept's stocks and documents say how
 * well they match in words, against the best of the same list, never as the service's raw score.
 */
import { describe, expect, it } from 'vitest';
import { renderConceptDetail } from '../../../src/slack/concepts/concepts-card.js';
import { tableCellText } from '../../../src/slack/blocks/table-cell-text.js';
import { buildConcept } from '../blocks/fixtures.js';

describe('concept detail: relevance in words', () => {
  const m = renderConceptDetail(
    buildConcept(0, {
      stocks: [
        { market: 'sz', code: '300750', name: '宁德时代', description: 'Battery leader', relevance: 0.92 },
        { market: 'sh', code: '688005', name: '容百科技', relevance: 0.3 },
        { market: 'sh', code: '600000', name: 'No score' },
      ],
      docs: [
        { docId: 'd9', title: 'Deep dive', url: 'https://research.example.com/docs/d9', relevance: 6.27 },
        { docId: 'd8', title: 'Update', url: 'https://research.example.com/docs/d8', relevance: 3.1 },
      ],
    }),
  );
  const json = JSON.stringify(m.blocks);

  it('shows no raw score', () => {
    expect(json).not.toMatch(/0\.92|0\.30|6\.27|3\.10/);
  });

  it('words each stock and document against the best of its list', () => {
    const table = m.blocks.find((b) => b.type === 'table' || b.type === 'data_table');
    const rows = table?.type === 'table' || table?.type === 'data_table' ? table.rows.map((r) => r.map(tableCellText)) : [];
    expect(rows[0]?.[2]).toBe('Match');
    expect(rows.slice(1).map((r) => r[2])).toEqual(['strong match', 'weak match', '—']);
    expect(json).toContain('Deep dive>  _strong match_');
    expect(json).toContain('Update>  _good match_');
  });
});
