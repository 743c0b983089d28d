import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from '../../../../src/slack/blocks/markdown/markdown-to-plain-text.js';
import { renderV2SearchResults } from '../../../../src/slack/research/cards/search-results-card.js';
import { renderDocumentSummary } from '../../../../src/slack/research/cards/document-card.js';

const summary =
  '**贵州茅台：2025年第1季度报告** 要点：\n- 营业收入增长 <!channel>\n- 直销渠道 & 批价\n\n详见 [原文](https://research.example.com/docs/d1)';

describe('markdownToPlainText', () => {
  it('drops Markdown syntax and joins list items on one line', () => {
    expect(markdownToPlainText(summary)).toBe('贵州茅台：2025年第1季度报告 要点： 营业收入增长 <!channel> · 直销渠道 & 批价 详见 原文');
  });

  it('keeps code, table cells and plain text', () => {
    expect(markdownToPlainText('use `a<b`\n\n| x | y |\n|---|---|\n| 1 | 2 |')).toBe('use a<b x | y · 1 | 2');
    expect(markdownToPlainText('')).toBe('');
  });
});

describe('cards show Markdown summaries as text, never as raw syntax or mentions', () => {
  it('search results excerpt', () => {
    const card = renderV2SearchResults(
      { docs: [{ docId: 'd1', title: '茅台', summary, companies: [], metadata: {} }], totalCount: 1, tookMs: 3 },
      { state: { k: 'v2', r: { query: '茅台' }, p: 1 }, visibility: 'ephemeral', pageSize: 5 },
    );
    const text = JSON.stringify(card.blocks);
    expect(text).not.toContain('**');
    expect(text).toContain('营业收入增长');
    expect(text).not.toContain('<!channel>');
  });

  it('document summary renders lists and emphasis as mrkdwn', () => {
    const card = renderDocumentSummary({ summary: { docId: 'd1', summary } });
    const text = JSON.stringify(card.blocks);
    expect(text).not.toContain('**');
    expect(text).toContain('• 营业收入增长');
    expect(text).toContain('&lt;!channel&gt;');
  });
});
