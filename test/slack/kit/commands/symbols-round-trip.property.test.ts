/**
 * Every symbol a card prints (`SH:600519`, `SZ:000001`, `HK:00700`, `US:AAPL`, and what concept
 * cards print for concept stocks of each market) is accepted by every command that takes a
 * symbol, and names the same company there: /financials in all its forms, the modal, /research
 * filters and bare words, and the message shortcut.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conceptStockSchema } from '../../../../src/service/schemas/concept-schema.js';
import { earningsCalendarSchema } from '../../../../src/service/schemas/earnings-calendar-schema.js';
import { parseShape } from '../../../../src/service/schemas/parse-shape.js';
import { formatSymbol, knownIndices, parseSymbol } from '../../../../src/service/symbols.js';
import { messageSearchRequest } from '../../../../src/slack/research/message-search-request.js';
import { parseFinancialsArgs } from '../../../../src/slack/financials/args/parse-financials-args.js';
import { parseFinancialsModal } from '../../../../src/slack/financials/args/parse-financials-modal.js';
import { parseResearchArgs } from '../../../../src/slack/research/parse-research-args.js';

const NOW = new Date('2025-06-30T00:00:00Z');
const digits = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`));

/** Stock codes as the exchanges issue them. */
const shCode = fc.tuple(fc.constantFrom('600', '601', '603', '605', '688', '689', '900'), digits(3)).map(([a, b]) => a + b);
const szCode = fc.tuple(fc.constantFrom('000', '001', '002', '003', '300', '301', '200'), digits(3)).map(([a, b]) => a + b);
const hkCode = fc.integer({ min: 1, max: 99_999 }).map((n) => String(n).padStart(5, '0'));
const usCode = fc
  .tuple(fc.stringMatching(/^[A-Z]{1,5}$/), fc.option(fc.constantFrom('A', 'B'), { nil: undefined }))
  .map(([t, cls]) => (cls ? `${t}.${cls}` : t));

/** A printed symbol and the company (market, code) it stands for. */
const cardSymbol = fc.oneof(
  shCode.map((code) => ({ market: 'SH', code })),
  szCode.map((code) => ({ market: 'SZ', code })),
  hkCode.map((code) => ({ market: 'HK', code })),
  usCode.map((code) => ({ market: 'US', code })),
);

/** Concept stocks as the service lists them: exchange (`SH`/`SZ`, real samples) or market (`cn`/`hk`/`us`, interface era). */
const conceptListing = fc.oneof(
  fc.tuple(fc.constantFrom('SH', 'sh', 'cn', 'CN'), shCode).map(([m, code]) => ({ listing: { market: m, code }, market: 'SH', code })),
  fc.tuple(fc.constantFrom('SZ', 'sz', 'cn'), szCode).map(([m, code]) => ({ listing: { market: m, code }, market: 'SZ', code })),
  hkCode.map((code) => ({ listing: { market: 'hk', code: code.replace(/^0+/, '') }, market: 'HK', code })),
  usCode.map((code) => ({ listing: { market: 'us', code: code.toLowerCase() }, market: 'US', code })),
);

/** Every command path that takes a symbol, each returning the canonical symbol it understood. */
function readEverywhere(printed: string): Record<string, string | undefined> {
  const fin = (text: string): string | undefined => {
    const a = parseFinancialsArgs(text, NOW);
    return 'symbol' in a ? a.symbol.canonical : undefined;
  };
  const modal = parseFinancialsModal({ symbol: printed, statement: 'balance', period: 'annual' }, NOW);
  const research = (text: string): string | undefined => {
    const a = parseResearchArgs(text, NOW);
    if (a.kind === 'search' || a.kind === 'news' || a.kind === 'passages') return a.request.symbols?.join(',');
    return undefined;
  };
  return {
    parse: ((r) => (r.ok ? r.symbol.canonical : undefined))(parseSymbol(printed)),
    freeText: ((r) => (r.ok ? r.symbol.canonical : undefined))(parseSymbol(printed, { context: 'freeText' })),
    financials: fin(printed),
    financialsBalance: fin(`${printed} balance quarterly`),
    financialsPrices: fin(`${printed} prices`),
    modal: modal.ok && 'symbol' in modal.args ? modal.args.symbol.canonical : undefined,
    researchBare: research(`${printed} margins`),
    researchFilter: research(`margins symbol:${printed}`),
    researchNews: research(`news margins symbol:${printed}`),
    researchPassages: research(`passages margins symbol:${printed}`),
    shortcut: messageSearchRequest(`What about ${printed} margins this year?`)?.symbols.join(','),
  };
}

const expectEverywhere = (printed: string, canonical: string): void => {
  for (const [path, read] of Object.entries(readEverywhere(printed))) expect([path, read]).toEqual([path, canonical]);
};

describe('symbols printed by cards round-trip through every command', () => {
  it('the examples of the issue', () => {
    for (const s of ['SH:600519', 'SZ:000001', 'HK:00700', 'US:AAPL', 'US:BRK.B', 'SZ:300750']) expectEverywhere(s, s);
  });

  it('property: any stock symbol a card prints names the same company in every command', () => {
    fc.assert(
      fc.property(cardSymbol, ({ market, code }) => {
        const printed = formatSymbol({ market: market as 'SH', code });
        expectEverywhere(printed, `${market}:${code}`);
      }),
    );
  });

  it('property: what a concept card prints for a concept stock of any market is accepted everywhere', () => {
    fc.assert(
      fc.property(conceptListing, ({ listing, market, code }) => {
        const printed = conceptStockSchema.parse(listing).symbol;
        expect(printed).toBe(`${market}:${code}`);
        expectEverywhere(printed ?? '', `${market}:${code}`);
      }),
    );
  });

  it('property: what the earnings calendar card prints for a report of any market is accepted everywhere', () => {
    // The service gives the company's code as `symbol` next to its market (cn/hk/us), as the emulator does.
    const report = fc.oneof(
      shCode.map((code) => ({ wire: { symbol: code, market: 'cn' }, market: 'SH', code })),
      szCode.map((code) => ({ wire: { symbol: code, market: 'cn' }, market: 'SZ', code })),
      hkCode.map((code) => ({ wire: { symbol: code, market: 'hk' }, market: 'HK', code })),
      usCode.map((code) => ({ wire: { symbol: code, market: 'us' }, market: 'US', code })),
    );
    fc.assert(
      fc.property(report, ({ wire, market, code }) => {
        const [entry] = parseShape(earningsCalendarSchema, [{ ...wire, filling_date: '2025-10-30' }]);
        expect(entry?.symbol).toBe(`${market}:${code}`);
        expectEverywhere(entry?.symbol ?? '', `${market}:${code}`);
      }),
    );
  });

  it('index symbols that index cards print open the same index in /financials and the modal', () => {
    for (const index of knownIndices()) {
      for (const printed of [index.canonical, ...(index.market === 'US' || index.market === 'HK' ? [index.code] : [])]) {
        const a = parseFinancialsArgs(printed, NOW);
        expect([printed, 'symbol' in a ? a.symbol.canonical : a.kind]).toEqual([printed, index.canonical]);
        const m = parseFinancialsModal({ symbol: printed }, NOW);
        expect([printed, m.ok && 'symbol' in m.args ? m.args.symbol.canonical : 'error']).toEqual([printed, index.canonical]);
      }
    }
  });
});
