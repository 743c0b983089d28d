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
