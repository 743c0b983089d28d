import { describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '../../../src/emulators/service/data/companies.js';
import { DEMO_CONCEPTS } from '../../../src/emulators/service/data/concepts.js';
import { INDEX_NAMES } from '../../../src/emulators/service/data/index-names.js';
import { DEMO_INDICES } from '../../../src/emulators/service/data/indices.js';
import { UNCOVERED_COMPANIES } from '../../../src/emulators/service/data/uncovered-companies.js';
import { buildEntityCatalog, recognizeEntities } from '../../../src/emulators/service/question-entities.js';

const catalog = buildEntityCatalog({
  companies: DEMO_COMPANIES,
  indices: DEMO_INDICES,
  indexNames: INDEX_NAMES,
  concepts: DEMO_CONCEPTS,
  uncovered: UNCOVERED_COMPANIES,
});
const recognize = (q: string) => recognizeEntities(q, catalog);
const companiesOf = (q: string) => recognize(q).companies;

describe('companies', () => {
  it.each([
    ['What is Moutai’s cash position?', ['SH:600519']],
    ["What is Moutai's cash position?", ['SH:600519']],
    ['Kweichow Moutai margins', ['SH:600519']],
    ['贵州茅台的现金流', ['SH:600519']],
    ['茅台今年怎么样', ['SH:600519']],
    ['腾讯的营收结构', ['HK:00700']],
    ['How is Tencent doing?', ['HK:00700']],
    ['How strong is NVIDIA’s balance sheet?', ['US:NVDA']],
    ['nvidia earnings', ['US:NVDA']],
    ['Alibaba cloud', ['HK:09988']],
    ['阿里云怎么样', ['HK:09988']],
    ['AWS vs Azure growth', ['US:AMZN', 'US:MSFT']],
    ['超威半导体的毛利率', ['US:AMD']],
    ['比亚迪和特斯拉谁卖得多', ['SZ:002594', 'US:TSLA']],
  ])('%s', (question, expected) => {
    expect(companiesOf(question)).toEqual(expected);
  });

  it.each([
    ['600519', 'SH:600519'],
    ['SH:600519', 'SH:600519'],
    ['sh:600519 现金', 'SH:600519'],
    ['600519.SS', 'SH:600519'],
    ['US:NVDA', 'US:NVDA'],
    ['NVDA', 'US:NVDA'],
    ['0700.HK', 'HK:00700'],
    ['00700.HK', 'HK:00700'],
    ['HK:00700', 'HK:00700'],
    ['HK:700 revenue', 'HK:00700'],
    ['00700', 'HK:00700'],
    ['SZ:000858', 'SZ:000858'],
  ])('symbol %s', (question, symbol) => {
    expect(recognize(question)).toMatchObject({ companies: [symbol], uncovered: [] });
  });

  it('keeps the order of the question and names each company once', () => {
    expect(companiesOf('NVDA vs AMD')).toEqual(['US:NVDA', 'US:AMD']);
    expect(companiesOf('AMD vs NVIDIA (NVDA)')).toEqual(['US:AMD', 'US:NVDA']);
    expect(companiesOf('比较茅台和五粮液')).toEqual(['SH:600519', 'SZ:000858']);
    expect(companiesOf('Apple, Microsoft and Amazon cloud revenue')).toEqual(['US:AAPL', 'US:MSFT', 'US:AMZN']);
  });

  it('ignores Slack markup and the emulator’s magic words', () => {
    expect(recognize('<@U0BOT123> [slow] 茅台 <https://example.com/NVDA|link>')).toEqual({
      companies: ['SH:600519'],
      indices: [],
      topics: [],
      uncovered: [],
    });
  });
});

describe('indices and topics', () => {
  it.each([
    ['沪深300最近表现', '000300'],
    ['How did the CSI 300 do?', '000300'],
    ['SPX over six months', 'SPX'],
    ['S&P 500 valuation', 'SPX'],
    ['标普500估值', 'SPX'],
    ['恒指走势', 'HSI'],
    ['Nasdaq-100 this year', 'NDX'],
  ])('%s', (question, symbol) => {
    expect(recognize(question)).toMatchObject({ indices: [symbol], companies: [], uncovered: [] });
  });

  it('finds topics by concept name and keywords, not inside a company name', () => {
    expect(recognize('Who benefits from solid-state battery progress?').topics).toEqual(['SOLID_BATTERY']);
    expect(recognize('AI算力需求').topics).toEqual(['AI_COMPUTE']);
    expect(recognize('GPU demand and cloud spending').topics).toEqual(['AI_COMPUTE', 'CLOUD']);
    // 茅台 is a keyword of the baijiu concept, but here it names the company.
    expect(recognize('茅台的现金')).toMatchObject({ companies: ['SH:600519'], topics: [] });
  });
});

describe('companies the demo data does not cover', () => {
  it.each([
    ['What is Google’s cash position?', ['Alphabet (Google)']],
    ['京东的营收', ['京东 (JD.com)']],
    ['US:ZZZZ balance sheet', ['US:ZZZZ']],
    ['How is ZZZZ doing?', ['ZZZZ']],
    ["What is Costco's cash position?", ['Costco']],
    ['对比茅台和剑南春', ['剑南春']],
    ['平安银行的净息差', ['平安银行']],
  ])('%s', (question, uncovered) => {
    expect(recognize(question).uncovered).toEqual(uncovered);
    expect(recognize(question).companies.filter((s) => s !== 'SH:600519')).toEqual([]);
  });

  it('names the covered and the uncovered side of a comparison', () => {
    expect(recognize('Apple vs Costco margins')).toMatchObject({ companies: ['US:AAPL'], uncovered: ['Costco'] });
    expect(recognize('NVDA vs GOOGL')).toMatchObject({ companies: ['US:NVDA'], uncovered: ['Alphabet (Google)'] });
    expect(recognize('compare Costco and NVDA margins')).toMatchObject({ companies: ['US:NVDA'], uncovered: ['Costco'] });
    // A covered first side is not also reported as not covered (found in the playground).
    expect(recognize('compare NVDA and AMD margins')).toMatchObject({ companies: ['US:NVDA', 'US:AMD'], uncovered: [] });
  });

  it.each([
    'How strong is NVIDIA’s balance sheet?',
    'What is the P/E and EPS of AAPL in FY2024 Q1?',
    "What's China's AI compute outlook?",
    'Compare revenue vs margins for Tesla',
    'Is the CEO of Apple buying back stock? What about FCF and ROE?',
  ])('no false alarm: %s', (question) => {
    expect(recognize(question).uncovered).toEqual([]);
  });

  it('no name of a company the data does not cover is a demo company’s', () => {
    const demoTerms = new Set(DEMO_COMPANIES.flatMap((c) => [c.nameZh, c.nameEn, c.code, ...c.aliases].map((t) => t.toLowerCase())));
    for (const u of UNCOVERED_COMPANIES) for (const name of u.names) expect(demoTerms.has(name.toLowerCase())).toBe(false);
    for (const symbol of Object.keys(INDEX_NAMES)) expect(DEMO_INDICES.map((i) => i.symbol)).toContain(symbol);
  });
});
