import { describe, expect, it } from 'vitest';
import type { CompanyFinancialsOutput } from '../../../src/slack/kit/operations/company-financials-types.js';
import type { SearchResearchOutput } from '../../../src/slack/kit/operations/search-research-types.js';
import type { TrendingConceptsOutput } from '../../../src/slack/kit/operations/trending-concepts-types.js';
import { formatConcepts } from '../../../src/slack/workflows/format/format-concepts.js';
import { formatFinancials } from '../../../src/slack/workflows/format/format-financials.js';
import { formatSearchResults } from '../../../src/slack/workflows/format/format-search-results.js';
import { elementTypes, expectInert, texts } from './support/rich-text-output.js';

const HOSTILE = 'Alert <!channel> <!here|here> <@U999> @channel @everyone &lt;!here&gt;';

const search = (over: Partial<SearchResearchOutput> = {}): SearchResearchOutput => ({
  query: 'NVDA data center',
  totalCount: 42,
  documents: [
    {
      id: 'd1',
      title: 'NVIDIA Q3 call',
      url: 'https://research.example.com/d/1',
      company: 'NVIDIA (US:NVDA)',
      category: 'transcripts',
      date: '2025-11-20',
    },
    { id: 'd2', title: 'No link here', category: 'news' },
  ],
  firstDocumentUrl: 'https://research.example.com/d/1',
  ...over,
});

describe('formatSearchResults', () => {
  it('gives the count, the documents as a list of links with their details, and the first link', () => {
    const out = formatSearchResults(search());
    expect(out.result_count).toBe(42);
    expect(out.first_link).toBe('https://research.example.com/d/1');
    expect(out.results.type).toBe('rich_text');
    const [heading, list] = out.results.elements;
    expect(texts({ type: 'rich_text', elements: [heading as never] }).join('')).toBe(
      '42 documents match “NVDA data center” — the first 2:',
    );
    expect(list).toMatchObject({ type: 'rich_text_list', style: 'bullet' });
    expect((list as { elements: unknown[] }).elements[0]).toEqual({
      type: 'rich_text_section',
      elements: [
        { type: 'link', url: 'https://research.example.com/d/1', text: 'NVIDIA Q3 call', style: { bold: true } },
        { type: 'text', text: ' — NVIDIA (US:NVDA) · transcripts · 2025-11-20' },
      ],
    });
  });

  it('says so when nothing matches, with no list and no first link', () => {
    const out = formatSearchResults(search({ totalCount: 0, documents: [], firstDocumentUrl: undefined }));
    expect(out).toEqual({
      result_count: 0,
      results: {
        type: 'rich_text',
        elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: 'No documents match “NVDA data center”.' }] }],
      },
    });
  });

  it('keeps untrusted titles, companies and queries from pinging anyone, and drops links that are not http(s)', () => {
    const out = formatSearchResults(
      search({
        query: HOSTILE,
        documents: [{ id: 'd', title: HOSTILE, url: 'javascript:alert(1)', company: '<@U1> @here' }],
        firstDocumentUrl: 'javascript:alert(1)',
      }),
    );
    for (const t of texts(out.results)) expectInert(t);
    expect([...elementTypes(out.results)].sort()).toEqual(['rich_text_list', 'rich_text_section', 'text']);
    expect(out.first_link).toBeUndefined();
  });
});

const statement = (over: Partial<CompanyFinancialsOutput> = {}): CompanyFinancialsOutput => ({
  companyName: 'Kweichow Moutai',
  symbol: 'SH:600519',
  statement: 'income',
  statementTitle: 'Income statement',
  periods: ['FY2024', 'FY2023'],
  periodEnds: ['2024-12-31', '2023-12-31'],
  rows: [],
  currency: 'CNY',
  unit: 'Amounts in CNY millions',
  keyFigures: { revenue: 170_899_000_000, netProfit: 86_228_000_000, epsBasic: 68.64, grossProfit: null },
  markdownTable: [
    '**Kweichow Moutai (SH:600519) · Income statement** — Amounts in CNY millions',
    '',
    '| Line | FY2024 | FY2023 |',
    '| --- | ---: | ---: |',
    '| Revenue | 170,899.0 | 147,694.0 |',
    '| Net profit \\| owners | 86,228.0 | 74,734.1 |',
  ].join('\n'),
  ...over,
});

describe('formatFinancials', () => {
  it('gives the statement as a padded monospaced table, the company, the newest period and the key figures as numbers', () => {
    const out = formatFinancials(statement());
    expect(out.company).toBe('Kweichow Moutai (SH:600519)');
    expect(out.latest_period).toBe('FY2024');
    expect(out).toMatchObject({ revenue: 170_899_000_000, net_profit: 86_228_000_000, eps_basic: 68.64 });
    // Not reported: left out, not 0.
    expect(out).not.toHaveProperty('gross_profit');
    const [title, table] = out.table.elements;
    expect(texts({ type: 'rich_text', elements: [title as never] }).join('')).toBe(
      'Kweichow Moutai (SH:600519) · Income statement — Amounts in CNY millions',
    );
    expect(table).toEqual({
      type: 'rich_text_preformatted',
      elements: [
        {
          type: 'text',
          text: [
            'Line                    FY2024     FY2023',
            'Revenue              170,899.0  147,694.0',
            'Net profit | owners   86,228.0   74,734.1',
          ].join('\n'),
        },
      ],
    });
  });

  it('says so when the service has no data for the statement', () => {
    const out = formatFinancials(statement({ periods: [], markdownTable: '**x**\n\nThe service has no income statement data.' }));
    expect(texts(out.table).join('')).toContain('The service has no income statement data for SH:600519.');
    expect(out.latest_period).toBe('');
  });

  it('keeps an untrusted company name inert in the table and in the company output', () => {
    const out = formatFinancials(statement({ companyName: HOSTILE }));
    for (const t of texts(out.table)) expectInert(t);
    expectInert(out.company);
  });
});

const concepts = (over: Partial<TrendingConceptsOutput> = {}): TrendingConceptsOutput => ({
  totalCount: 30,
  concepts: [
    {
      id: 'c1',
      name: 'AI servers',
      keywords: [],
      trendingScore: 92.456,
      firstDetected: true,
      stocks: [
        { symbol: 'US:NVDA', name: 'NVIDIA' },
        { symbol: 'SZ:000977', name: 'Inspur' },
        { symbol: 'US:SMCI', name: 'Super Micro' },
        { symbol: 'US:DELL', name: 'Dell' },
      ],
      documents: [],
    },
    { id: 'c2', name: 'Solid-state batteries', keywords: [], trendingScore: 80, firstDetected: false, stocks: [], documents: [] },
  ],
  ...over,
});

describe('formatConcepts', () => {
  it('lists the concepts hottest first with score, a new mark and three related stocks; counts them; names the top one', () => {
    const out = formatConcepts(concepts());
    expect(out.concept_count).toBe(2);
    expect(out.top_concept).toBe('AI servers');
    const list = out.concepts.elements[1] as { style: string; elements: Array<{ elements: Array<{ text: string }> }> };
    expect(list.style).toBe('ordered');
    expect(list.elements.map((item) => item.elements.map((e) => e.text).join(''))).toEqual([
      'AI servers — score 92.5, new · NVIDIA (US:NVDA), Inspur (SZ:000977), Super Micro (US:SMCI)',
      'Solid-state batteries — score 80',
    ]);
  });

  it('says so when nothing trends, and keeps untrusted names inert', () => {
    expect(formatConcepts(concepts({ concepts: [], totalCount: 0 }))).toEqual({
      concepts: {
        type: 'rich_text',
        elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: 'No concepts are trending right now.' }] }],
      },
      concept_count: 0,
    });
    const hostile = formatConcepts(concepts({ concepts: [{ ...concepts().concepts[0]!, name: HOSTILE }] }));
    for (const t of texts(hostile.concepts)) expectInert(t);
    expectInert(hostile.top_concept ?? '');
  });
});
