/**
 * The overview kind end to end inside the process: its words in the shared grammar, its fetch of
 * both routes through the client's stock call path (a fake service answering as the published
 * schema's `data` might), its export and chart, and what the registry makes of it (card offer, help).
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ServiceError } from '../../../../src/service/errors/service-error.js';
import { parseShape } from '../../../../src/service/schemas/parse-shape.js';
import type { ResearchService } from '../../../../src/service/types.js';
import { createMemoryLogger } from '../../../../src/observability/logger.js';
import { parseFinancialsArgs } from '../../../../src/slack/financials/args/parse-financials-args.js';
import { financialsCardOffer, kindContext } from '../../../../src/slack/financials/financials-card.js';
import { renderFinancialsHelp } from '../../../../src/slack/financials/financials-help.js';
import { overviewKind, type OverviewArgs } from '../../../../src/slack/financials/kinds/overview.js';
import { readFinancialsText, type KindRequest } from '../../../../src/slack/financials/read-financials-text.js';
import { exportSheetsOf, exportTableOf } from '../../../../src/slack/financials/export/export-table.js';
import { buildOverviewData } from './overview-fixtures.js';

const NOW = new Date('2025-06-30T08:00:00Z');

interface Call {
  route: string;
  body: Record<string, unknown>;
}

/** A service whose stock routes answer `data` from `answers` (an Error is thrown instead), recording each call. */
function fakeService(answers: Record<string, unknown>): { service: ResearchService; calls: Call[] } {
  const calls: Call[] = [];
  const stockQuery = async <S extends z.ZodType>(route: string, body: Record<string, unknown>, schema: S): Promise<z.output<S>> => {
    calls.push({ route, body });
    const answer = answers[route];
    if (answer instanceof Error) throw answer;
    return parseShape(schema, answer, ['data']);
  };
  return { service: { stockQuery } as unknown as ResearchService, calls };
}

const NVDA_2026 = [
  {
    symbol: 'US:NVDA',
    name: 'NVIDIA',
    name_en: 'NVIDIA',
    exchange: 'NASDAQ',
    industry: 'Semiconductors',
    currency: 'USD',
    listing_date: '1999-01-22',
    employees: 36000,
    ceo: 'Jensen Huang',
    total_shares: 2.45e10,
  },
];
const HOLDERS = [
  {
    holder_name: 'The Vanguard Group',
    holder_type: 'Institution',
    hold_num: 2.18e9,
    hold_ratio: 8.9,
    hold_change: 0,
    end_date: '2025-03-31',
  },
  { holder_name: 'BlackRock', hold_num: '1862000000', hold_ratio: '7.6', end_date: '2025-03-31' },
  { holder_name: '', hold_ratio: 1 },
];

function overviewArgs(text: string): OverviewArgs {
  const args = parseFinancialsArgs(text, NOW);
  if (args.kind !== 'overview') throw new Error(`parsed to ${args.kind}`);
  return args;
}
const MOUTAI = overviewArgs('SH:600519 overview');

async function fetchOverview(answers: Record<string, unknown>, text = 'NVDA overview') {
  const args = overviewArgs(text);
  const { service, calls } = fakeService(answers);
  const log = createMemoryLogger((l) => l);
  const data = await overviewKind.fetch(args, kindContext(service, { correlationId: 'c1', log, now: NOW.getTime() }, 'card'));
  return { args, data, calls, log };
}

describe('/financials <SYMBOL> overview', () => {
  it('is asked for by its words after a company, in any order', () => {
    expect(parseFinancialsArgs('NVDA overview', NOW)).toMatchObject({ kind: 'overview', symbol: { canonical: 'US:NVDA' } });
    expect(parseFinancialsArgs('profile SH:600519', NOW)).toMatchObject({ kind: 'overview', symbol: { canonical: 'SH:600519' } });
    expect(parseFinancialsArgs('hk:700 概况', NOW)).toMatchObject({ kind: 'overview', symbol: { canonical: 'HK:00700' } });
  });

  it.each([
    ['NVDA overview annual', 'takes no periods'],
    ['NVDA overview last:1y', 'takes no periods'],
    ['SPX overview', 'is an index'],
    ['NVDA overvew', 'did you mean `overview`'],
    ['NVDA overview balance', 'Choose one statement'],
  ])('%s → usage (%s)', (text, fragment) => {
    const r = parseFinancialsArgs(text, NOW);
    expect(r.kind).toBe('usage');
    if (r.kind === 'usage') expect(r.problems.map((p) => p.message).join(' ')).toContain(fragment);
  });

  it('asks both routes, naming the symbol as either schema version reads it', async () => {
    const { data, calls } = await fetchOverview({ '/v1/stock/company-overview': NVDA_2026, '/v1/stock/company-shareholders': HOLDERS });
    expect(calls).toEqual([
      { route: '/v1/stock/company-overview', body: { symbols: 'US:NVDA', symbol: 'US:NVDA' } },
      { route: '/v1/stock/company-shareholders', body: { symbol: 'US:NVDA', type: 'shareholders', limit: 10 } },
    ]);
    expect(data.profile).toMatchObject({
      name: 'NVIDIA',
      exchange: 'NASDAQ',
      listingDate: '1999-01-22',
      ceo: 'Jensen Huang',
      totalShares: 2.45e10,
    });
    // Numbers sent as text are read as numbers; a holder without a name is left out.
    expect(data.shareholders.map((h) => [h.name, h.ratio, h.shares])).toEqual([
      ['The Vanguard Group', 8.9, 2.18e9],
      ['BlackRock', 7.6, 1.862e9],
    ]);
    expect(data.missing).toEqual([]);
  });

  it('reads the 2025-12 answer (one company, other spellings) and a list under `items`', async () => {
    const old = { company_name: '贵州茅台', list_date: '2001-08-27', sector: '白酒', address: '贵州省仁怀市茅台镇' };
    const { data } = await fetchOverview(
      { '/v1/stock/company-overview': old, '/v1/stock/company-shareholders': { items: HOLDERS } },
      '600519 overview',
    );
    expect(data.profile).toEqual({ name: '贵州茅台', listingDate: '2001-08-27', industry: '白酒', headquarters: '贵州省仁怀市茅台镇' });
    expect(data.shareholders).toHaveLength(2);
  });

  it('shows the part it has when the other fails, and throws only when both fail', async () => {
    const outage = new ServiceError('upstream', 'down', { method: 'POST', path: '/v1/stock/company-shareholders', status: 503 });
    const { data, log } = await fetchOverview({ '/v1/stock/company-overview': NVDA_2026, '/v1/stock/company-shareholders': outage });
    expect(data.missing).toEqual(['shareholders']);
    expect(JSON.stringify(overviewKind.card(data, MOUTAI))).toContain('Not shown: the shareholders (the service is unavailable right now)');
    expect(log.lines.some((l) => l.includes('overview part failed') && l.includes('shareholders'))).toBe(true);
    const auth = new ServiceError('auth', 'bad key', { method: 'POST', path: '/v1/stock/company-overview', status: 401 });
    await expect(fetchOverview({ '/v1/stock/company-overview': auth, '/v1/stock/company-shareholders': outage })).rejects.toBe(auth);
  });

  it('fails as the failing part did when the other has nothing either (an unknown symbol)', async () => {
    const notFound = new ServiceError('not_found', 'no data', { method: 'POST', path: '/v1/stock/company-shareholders', status: 404 });
    await expect(
      fetchOverview({ '/v1/stock/company-overview': [], '/v1/stock/company-shareholders': notFound }, 'US:ZZZZ overview'),
    ).rejects.toBe(notFound);
  });

  it('has no profile for an unknown symbol: an empty list, or no data at all', async () => {
    const { data } = await fetchOverview({ '/v1/stock/company-overview': [], '/v1/stock/company-shareholders': null }, 'US:ZZZZ overview');
    expect(data).toMatchObject({ symbol: 'US:ZZZZ', shareholders: [], missing: [] });
    expect(data.profile).toBeUndefined();
  });

  it('exports every field and holder: one long CSV table, a sheet each in the XLSX', () => {
    const data = buildOverviewData();
    const table = exportTableOf(data);
    expect(table.name).toBe('600519-overview');
    expect(table.title).toBe('Kweichow Moutai (SH:600519) · Overview');
    expect(table.header).toEqual(['Company', 'Section', 'Item', 'Field', 'Value']);
    expect(table.rows).toContainEqual(['Kweichow Moutai (SH:600519)', 'profile', '', 'listing_date', '2001-08-27']);
    expect(table.rows).toContainEqual(['Kweichow Moutai (SH:600519)', 'profile', '', 'total_shares', 1.256e9]);
    expect(table.rows).toContainEqual([
      'Kweichow Moutai (SH:600519)',
      'shareholders',
      '中国贵州茅台酒厂(集团)有限责任公司',
      'percent_of_shares',
      54.07,
    ]);
    expect(table.rows.filter((r) => r[3] === 'rank').map((r) => r[4])).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const sheets = exportSheetsOf(data);
    expect(sheets.map((s) => s.sheet)).toEqual(['Profile', 'Top shareholders']);
    expect(sheets[1]?.rows[0]?.slice(0, 4)).toEqual([1, '中国贵州茅台酒厂(集团)有限责任公司', '国有法人', 54.07]);
    const partial = exportTableOf(buildOverviewData({ shareholders: [], missing: ['shareholders'] }));
    expect(partial.title).toBe('Kweichow Moutai (SH:600519) · Overview (without the shareholders)');
  });

  it('charts what the top holders own, the five largest named and everyone else as one', () => {
    const chart = overviewKind.chart?.(buildOverviewData(), MOUTAI);
    expect(chart?.preferImage).toBe(false);
    expect(chart?.data).toMatchObject({ kind: 'pie', title: 'Kweichow Moutai (SH:600519) ownership 2025-03-31 (% of shares)' });
    const segments = chart?.data.kind === 'pie' ? chart.data.segments : [];
    expect(segments.map((s) => s.label)).toEqual([
      '中国贵州茅台酒厂(集团)有限责任公司',
      '香港中央结算有限公司',
      'Holder 3',
      'Holder 4',
      'Holder 5',
      'All other holders',
    ]);
    expect(segments.reduce((sum, s) => sum + s.value, 0)).toBeCloseTo(100, 6);
    expect(overviewKind.chart?.(buildOverviewData({ shareholders: [] }), MOUTAI)).toBeNull();
  });

  it('is offered Chart, CSV and XLSX, and listed in help', () => {
    const read = readFinancialsText('US:NVDA overview', NOW) as KindRequest;
    expect(financialsCardOffer(read, false)).toEqual({
      source: { command: '/financials', text: 'US:NVDA overview' },
      chart: true,
      csv: true,
      xlsx: true,
      share: true,
    });
    const help = JSON.stringify(renderFinancialsHelp());
    expect(help).toContain('|prices|overview]');
    expect(help).toContain('/financials US:NVDA overview');
  });
});
