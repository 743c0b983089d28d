/**
 * `/financials <SYMBOL> overview`: who a company is, where it is listed and who owns it, from the
 * service's company overview and company shareholders (routes of the 2026-04 schema, read through
 * the client's one stock call path with this kind's schemas). The two are fetched in parallel; one
 * that fails leaves the other, named under the card. Its chart is the ownership of the top holders;
 * its export holds every field and holder.
 */
import type { ChartData } from '../../../charts/chart-data.js';
import type { StockSymbol } from '../../../service/symbols.js';
import type { ExportCell, ExportTable } from '../../kit/export/export-types.js';
import { codeOf, companyOf, num } from '../export/statement-export.js';
import { failedParts, throwWhenAllFailed, valueOr } from '../fetch/settle-parts.js';
import type { FinancialsKind } from './financials-kind.js';
import { overviewCompanyName, renderCompanyOverview, type OverviewData } from './overview-card.js';
import { companyOverviewsSchema, shareholdersSchema, type CompanyOverview } from './overview-schema.js';

export interface OverviewArgs {
  kind: 'overview';
  symbol: StockSymbol;
}

/** Holders asked for: the service's own default, and what a table shows at a glance. */
const TOP_HOLDERS = 10;
/** Named slices of the ownership pie; the rest is one (the native chart block shows six at most). */
const NAMED_HOLDERS = 5;

const EXAMPLE = '/financials US:NVDA overview';

/** The profile's fields in the export, by the wire names the service uses. */
const PROFILE_FIELDS: ReadonlyArray<[string, (p: CompanyOverview) => string | number | undefined]> = [
  ['name', (p) => p.name],
  ['name_en', (p) => p.nameEn],
  ['industry', (p) => p.industry],
  ['exchange', (p) => p.exchange],
  ['listing_date', (p) => p.listingDate],
  ['currency', (p) => p.currency],
  ['established_date', (p) => p.establishedDate],
  ['headquarters', (p) => p.headquarters],
  ['employees', (p) => p.employees],
  ['chairman', (p) => p.chairman],
  ['ceo', (p) => p.ceo],
  ['website', (p) => p.website],
  ['total_shares', (p) => p.totalShares],
  ['float_shares', (p) => p.floatShares],
  ['description', (p) => p.description],
];

const cellOf = (v: string | number | undefined): ExportCell => (typeof v === 'number' ? num(v) : (v ?? null));

function companyName(data: OverviewData): string {
  return companyOf(data.symbol, overviewCompanyName(data.symbol, data.profile));
}

function titleOf(data: OverviewData): string {
  return `${companyName(data)} · Overview${data.missing.length > 0 ? ` (without the ${data.missing.join(' and the ')})` : ''}`;
}

/** The CSV: one long table, a row per field or holder figure, so it loads as it is (as the snapshot's does). */
function overviewTable(data: OverviewData): ExportTable {
  const company = companyName(data);
  const rows: ExportCell[][] = [];
  for (const [field, value] of PROFILE_FIELDS) {
    const v = data.profile ? value(data.profile) : undefined;
    if (v !== undefined) rows.push([company, 'profile', '', field, cellOf(v)]);
  }
  data.shareholders.forEach((h, i) => {
    const figures: Array<[string, string | number | undefined]> = [
      ['rank', i + 1],
      ['percent_of_shares', h.ratio],
      ['shares', h.shares],
      ['change', h.change],
      ['holder_type', h.holderType],
      ['as_of', h.asOf],
    ];
    for (const [field, v] of figures) if (v !== undefined) rows.push([company, 'shareholders', h.name, field, cellOf(v)]);
  });
  return { name: `${codeOf(data.symbol)}-overview`, title: titleOf(data), header: ['Company', 'Section', 'Item', 'Field', 'Value'], rows };
}

/** The XLSX: the profile as field and value, the holders as a table. */
function overviewSheets(data: OverviewData): ExportTable[] {
  const base = { name: `${codeOf(data.symbol)}-overview`, title: titleOf(data) };
  const profile = PROFILE_FIELDS.flatMap(([field, value]) => {
    const v = data.profile ? value(data.profile) : undefined;
    return v === undefined ? [] : [[field, cellOf(v)]];
  });
  const holders = data.shareholders.map((h, i) => [
    i + 1,
    h.name,
    h.holderType ?? null,
    num(h.ratio),
    num(h.shares),
    num(h.change),
    h.asOf ?? null,
  ]);
  return [
    { ...base, sheet: 'Profile', header: ['Field', 'Value'], rows: profile },
    { ...base, sheet: 'Top shareholders', header: ['Rank', 'Holder', 'Type', '% of shares', 'Shares', 'Change', 'As of'], rows: holders },
  ];
}

/** The top holders' stakes and everyone else's, as a share of all shares. */
function ownershipChart(data: OverviewData): ChartData | null {
  const stakes = data.shareholders.flatMap((h) => (h.ratio !== undefined && h.ratio > 0 ? [{ label: h.name, value: h.ratio }] : []));
  if (stakes.length === 0) return null;
  const named = stakes.slice(0, NAMED_HOLDERS);
  const others = 100 - named.reduce((sum, s) => sum + s.value, 0);
  const asOf = data.shareholders.find((h) => h.asOf)?.asOf;
  return {
    kind: 'pie',
    title: `${companyName(data)} ownership${asOf ? ` ${asOf}` : ''} (% of shares)`,
    segments: others > 0 ? [...named, { label: 'All other holders', value: Number(others.toFixed(4)) }] : named,
  };
}

export const overviewKind: FinancialsKind<OverviewArgs, OverviewData> = {
  id: 'overview',
  words: {
    grammar: 'symbol',
    of: 'company',
    words: ['overview', 'profile', '概况'],
    problems(symbol, o) {
      if (!(o.period || o.limit || o.fiscalYear || o.fiscalQuarter || o.startDate || o.endDate)) return [];
      return [
        {
          token: 'overview',
          message: 'The overview is the company as it is now: it takes no periods, limit:, fy:, q: or dates.',
          example: `/financials ${symbol.canonical} overview`,
        },
      ];
    },
    request: (symbol) => ({ kind: 'overview', symbol }),
  },
  help: { word: 'overview', examples: [EXAMPLE], note: '`overview` gives the profile, the listing and the top shareholders' },
  modal: { label: 'Company overview (owners)', periods: false },
  describe: (args) => `the overview of ${args.symbol.canonical}`,
  async fetch(args, ctx) {
    const symbol = args.symbol.canonical;
    const [overviews, holders] = await Promise.allSettled([
      // `symbols` (2026-04) and `symbol` (2025-12): each version reads its own and ignores the other.
      ctx.service.stockQuery('/v1/stock/company-overview', { symbols: symbol, symbol }, companyOverviewsSchema, ctx.call),
      ctx.service.stockQuery(
        '/v1/stock/company-shareholders',
        { symbol, type: 'shareholders', limit: TOP_HOLDERS },
        shareholdersSchema,
        ctx.call,
      ),
    ]);
    const parts = [
      { name: 'profile', result: overviews },
      { name: 'shareholders', result: holders },
    ];
    // Nothing to show when every part failed or came back empty: an unknown symbol is a 404 on one
    // route and an empty list on the other (or on both, as the published schema's service answers).
    throwWhenAllFailed(parts.filter((p) => p.result.status === 'rejected' || p.result.value.length > 0));
    const failed = failedParts(parts, 'overview part failed', ctx.log, { purpose: ctx.purpose });
    // Several companies may come back for several symbols: this one's, else the only one.
    const list = valueOr(overviews, []);
    const profile = list.find((o) => o.symbol === symbol) ?? (list.length === 1 ? list[0] : undefined);
    return {
      kind: 'overview',
      symbol,
      ...(profile ? { profile } : {}),
      shareholders: valueOr(holders, []),
      missing: failed.map((p) => p.name),
      reasons: Object.fromEntries(failed.map((p) => [p.name, p.reason])),
    };
  },
  card: (data) => renderCompanyOverview(data),
  chart(data) {
    const chart = ownershipChart(data);
    return chart ? { data: chart, preferImage: false } : null;
  },
  export: (data) => ({ table: overviewTable(data), sheets: overviewSheets(data) }),
};
