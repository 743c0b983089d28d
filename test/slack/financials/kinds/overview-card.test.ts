import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateMessageContent } from '../../../../src/emulators/slack/validation/message.js';
import { renderCompanyOverview, type OverviewData } from '../../../../src/slack/financials/kinds/overview-card.js';
import type { CompanyOverview, Shareholder } from '../../../../src/slack/financials/kinds/overview-schema.js';
import { findMessageViolations } from '../../blocks/limit-violations.js';
import { buildOverviewData } from './overview-fixtures.js';

const allText = (m: { text?: string; blocks: unknown[] }): string => `${m.text ?? ''} ${JSON.stringify(m.blocks)}`;

function expectValid(m: ReturnType<typeof renderCompanyOverview>): void {
  expect(findMessageViolations(m)).toEqual([]);
  validateMessageContent({ text: m.text, blocks: JSON.stringify(m.blocks) }, 'chat.postMessage');
}

describe('the company overview card', () => {
  it('shows who the company is, its listing and its top shareholders', () => {
    const card = renderCompanyOverview(buildOverviewData());
    expectValid(card);
    const text = allText(card);
    expect(text).toContain('Kweichow Moutai (SH:600519) · Overview');
    expect(text).toContain('贵州茅台 · 白酒 · reports in CNY');
    expect(text).toContain('Shanghai Stock Exchange since 2001-08-27');
    const table = card.blocks.find((b) => b.type === 'table') as unknown as { rows: Array<Array<{ text: string }>> };
    expect(table.rows[0]?.map((c) => c.text)).toEqual(['Holder', '% of shares', 'Shares', 'Change']);
    expect(table.rows[1]?.slice(0, 2).map((c) => c.text)).toEqual(['中国贵州茅台酒厂(集团)有限责任公司', '54.07%']);
    expect(text).toContain('Top 7 shareholders');
    // 54.07 + 6.8 + 3.5 + 3 + 2.5 + 2 + 1.5
    expect(text).toContain('As of 2025-03-31 · together 73.37% of all shares');
    expect(card).toMatchSnapshot();
  });

  it('names a part the service could not give, and why', () => {
    const card = renderCompanyOverview(
      buildOverviewData({ shareholders: [], missing: ['shareholders'], reasons: { shareholders: 'the service is unavailable right now' } }),
    );
    expectValid(card);
    expect(allText(card)).toContain('Not shown: the shareholders (the service is unavailable right now).');
    expect(card.blocks.some((b) => b.type === 'table')).toBe(false);
  });

  it('says plainly when the service knows nothing of the symbol', () => {
    const card = renderCompanyOverview({ kind: 'overview', symbol: 'US:ZZZZ', shareholders: [], missing: [] });
    expectValid(card);
    expect(card.text).toBe('No overview data for US:ZZZZ.');
  });
});

const HOSTILE = ['<!channel>', '<@U123>', '&lt;!here&gt;', '*ST康美', '<https://evil.example|click>', '\u0000', '😀', '贵州茅台'];
const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 1, arbitrary: fc.string({ minLength: 2000, maxLength: 6000 }) },
);
const optText = fc.option(text, { nil: undefined });
const num = fc.option(fc.oneof(fc.double(), fc.integer(), fc.constantFrom(Number.NaN, Infinity, 1e300, -1e20, 0)), { nil: undefined });
const profile: fc.Arbitrary<CompanyOverview> = fc.record(
  {
    symbol: optText,
    name: optText,
    nameEn: optText,
    exchange: optText,
    industry: optText,
    currency: optText,
    listingDate: optText,
    establishedDate: optText,
    employees: num,
    website: fc.option(fc.oneof(fc.webUrl(), fc.constantFrom('javascript:alert(1)', 'https://x.com/a|b'), text), { nil: undefined }),
    headquarters: optText,
    chairman: optText,
    ceo: optText,
    description: optText,
    totalShares: num,
    floatShares: num,
  },
  { requiredKeys: [] },
) as fc.Arbitrary<CompanyOverview>;
const holder: fc.Arbitrary<Shareholder> = fc.record(
  { name: text, shares: num, ratio: num, holderType: optText, change: num, asOf: optText },
  { requiredKeys: ['name'] },
) as fc.Arbitrary<Shareholder>;

describe('the overview card with random hostile service data', () => {
  it('stays within Slack’s limits and shows no mention or broadcast from the data', () => {
    fc.assert(
      fc.property(
        fc.option(profile, { nil: undefined }),
        fc.array(holder, { maxLength: 120 }),
        fc.subarray(['profile', 'shareholders']),
        (p, holders, missing) => {
          const data: OverviewData = { kind: 'overview', symbol: 'US:NVDA', ...(p ? { profile: p } : {}), shareholders: holders, missing };
          const card = renderCompanyOverview(data);
          expect(findMessageViolations(card)).toEqual([]);
          validateMessageContent({ text: card.text, blocks: JSON.stringify(card.blocks) }, 'chat.postMessage');
          expect(JSON.stringify(card)).not.toMatch(/<[!@#]/);
        },
      ),
      { numRuns: 60 },
    );
  });
});
