import { describe, expect, it } from 'vitest';
import { renderPassages } from '../../../../src/slack/research/cards/passages-card.js';
import { buildChunk } from '../../blocks/fixtures.js';
import { findMessageViolations } from '../../blocks/limit-violations.js';

/** Chunks shaped as the service (and its emulator, data/documents.ts) sends them. */
const formula = buildChunk({
  id: 'f1',
  type: 'formula',
  content: '',
  summary: '毛利率计算公式: $$\\text{毛利率} = \\frac{\\text{营业收入} - \\text{营业成本}}{\\text{营业收入}} \\times 100\\%$$',
  mediaUrl: 'https://cdn.example.com/f.png',
});
const table = buildChunk({
  id: 't1',
  type: 'table',
  content: '| 指标 | 2023年 | 2024年 |\n| --- | --- | --- |\n| 营业收入（亿元） | 1505.6 | 1741.4 |\n| ROE（%） | 34.2 | 36.0 |',
  summary: '贵州茅台核心财务指标',
  mediaUrl: 'https://cdn.example.com/t.png',
});

const sectionTexts = (chunks: Parameters<typeof renderPassages>[0]): string => {
  const m = renderPassages(chunks, { query: 'gross margin' });
  expect(findMessageViolations(m)).toEqual([]);
  return m.blocks
    .map((b) => (b as { text?: { text?: string } }).text?.text ?? '')
    .filter(Boolean)
    .join('\n');
};

describe('passages card content', () => {
  it('shows formulas as Unicode, not raw LaTeX', () => {
    const text = sectionTexts([formula]);
    expect(text).toContain('毛利率 = (营业收入 − 营业成本)/营业收入 × 100%');
    expect(text).not.toMatch(/\$\$|\\frac|\\text|\\times/);
  });

  it('shows Markdown tables as aligned columns under their caption, not pipes on one line', () => {
    const text = sectionTexts([table]);
    expect(text).toContain('贵州茅台核心财务指标');
    expect(text).toContain('营业收入（亿元） | 1505.6 | 1741.4');
    expect(text).toContain('ROE（%）         |   34.2 |   36.0'); // numbers right-aligned
    expect(text).toContain('-----------------+--------+-------');
    expect(text).not.toContain('| --- |');
  });

  it('keeps emoji codes where Slack draws them (outside code blocks) and renders Markdown', () => {
    const text = sectionTexts([
      buildChunk({ content: 'Great quarter :rocket: with **record** revenue.' }),
      buildChunk({ id: 't2', type: 'table', content: '| Signal | Move |\n| --- | --- |\n| :chart_with_upwards_trend: | +3.1% |' }),
    ]);
    expect(text).toContain('> Great quarter :rocket: with ');
    expect(text).toContain('*record*');
    expect(text).toMatch(/\*Signal\*\u200b?: :chart_with_upwards_trend:/);
    expect(text).not.toMatch(/```[^`]*:chart_with_upwards_trend:/);
  });

  it('never cuts a long passage mid-number, even in Chinese text without spaces', () => {
    const lead = '营业收入增长主要来自直销渠道占比提升'.repeat(33); // 594 characters, no sentence end
    const text = sectionTexts([buildChunk({ content: `${lead}营业收入1234567.89亿元同比增长15.7%` })]);
    expect(text).toMatch(/…/);
    expect(text).not.toMatch(/\d…/);
    expect(text).not.toMatch(/\d[.,]?…/);
  });
});

describe('passages card: repeated passages', () => {
  /** Issue 29 §7: "gross margin" found the same definition in 8 documents, shown 8 times. */
  const docs = Array.from({ length: 8 }, (_, i) => ({
    id: `d${i}`,
    title: `Report ${i}`,
    url: `https://research.example.com/docs/d${i}`,
    tags: {},
    metadatas: {},
  }));
  const sameFormula = docs.map((doc, i) =>
    buildChunk({
      id: `f${i}`,
      type: 'formula',
      content: '',
      summary: `Gross margin definition:  $$\\frac{a}{b}$$${i % 2 ? ' ' : ''}`,
      doc,
    }),
  );

  it('shows a passage found in several documents once, saying where else it was found', () => {
    const other = buildChunk({ id: 'x', content: 'Gross margin was 61.0%, down 170 bps.', doc: docs[3] });
    const m = renderPassages([...sameFormula.slice(0, 5), other, ...sameFormula.slice(5)], { query: 'gross margin' });
    expect(findMessageViolations(m)).toEqual([]);
    const json = JSON.stringify(m.blocks);
    expect(json.match(/Gross margin definition/g)).toHaveLength(1);
    expect(json).toContain('61.0%');
    const contexts = m.blocks.flatMap((b) => (b.type === 'context' ? b.elements.map((e) => ('text' in e ? e.text : '')) : []));
    const places = contexts.find((t) => t.includes('Found in'));
    expect(places).toContain('Found in 8 places');
    expect(places).toContain('<https://research.example.com/docs/d1|Report 1>');
    expect(places).toContain('and 4 more documents');
    expect(contexts.join(' ')).toContain('2 passages');
    expect(contexts.join(' ')).toContain('7 repeats merged');
    expect(m.text).toContain('(found in 8 places)');
  });

  it('keeps different passages of one document, and empty passages, apart', () => {
    const a = buildChunk({ id: 'a', content: 'Revenue rose.' });
    const b = buildChunk({ id: 'b', content: 'Margins fell.' });
    const empty1 = buildChunk({ id: 'e1', content: '', summary: '' });
    const empty2 = buildChunk({ id: 'e2', content: '', summary: '' });
    const m = renderPassages([a, b, empty1, empty2], { query: 'q' });
    expect(JSON.stringify(m.blocks)).not.toContain('Found in');
    expect(m.blocks.filter((b) => b.type === 'divider')).toHaveLength(4);
  });
});
