import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { exportSheetsOf, exportTableOf } from '../../../../src/slack/financials/export/export-table.js';
import type { SnapshotExportData } from '../../../../src/slack/financials/export/snapshot-export.js';
import { writeCsv } from '../../../../src/slack/kit/export/write-csv.js';
import { writeXlsx } from '../../../../src/slack/kit/export/write-xlsx.js';
import { buildBalance, buildCashFlow, buildEarningsEntry, buildIncome, buildRevenue } from '../../blocks/fixtures.js';

function buildSnapshot(over: Partial<SnapshotExportData> = {}): SnapshotExportData {
  const income = buildIncome(2024);
  income.lines.revenue = 174_144_069_958.25;
  return {
    kind: 'snapshot',
    symbol: 'SH:600519',
    name: '贵州茅台',
    income: [buildIncome(2023, 0.9), income],
    balance: [buildBalance(2024)],
    cashFlow: [buildCashFlow(2024)],
    revenue: buildRevenue(),
    missing: [],
    ...over,
  };
}

describe('the company snapshot export', () => {
  it('is one long CSV table: a row per figure, the statement and unit on each row, parsed back to the same numbers', () => {
    const data = buildSnapshot();
    const t = exportTableOf(data);
    expect(t.name).toBe('600519-snapshot');
    expect(t.header).toEqual(['Company', 'Statement', 'Section', 'Line', 'Period', 'Period end', 'Unit', 'Value']);
    const rows = parse(Buffer.from(writeCsv(t), 'utf8'), { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(new Set(rows.map((r) => r.Statement))).toEqual(new Set(['income_statement', 'balance_sheet', 'cash_flow', 'revenue_mix']));
    // Every row has the same columns: it loads as one table.
    expect(rows.every((r) => Object.keys(r).length === 8 && r.Company === '贵州茅台 (SH:600519)')).toBe(true);
    const revenue = rows.filter((r) => r.Statement === 'income_statement' && r.Line === 'revenue');
    expect(revenue.map((r) => [r.Period, r['Period end'], r.Unit, Number(r.Value)])).toEqual([
      ['FY2024', '2024-12-31', 'CNY (units)', 174_144_069_958.25],
      ['FY2023', '2023-12-31', 'CNY (units)', 171_200_000_000 * 0.9],
    ]);
    const outflow = rows.find((r) => r.Line === 'net_cash_flows_from_investing_activities');
    expect([outflow?.Statement, outflow?.Section, Number(outflow?.Value)]).toEqual(['cash_flow', 'investing', -1_900_000_000]);
    // A revenue segment: its amount in the currency and its share in %, the Chinese name intact.
    const segment = rows.filter((r) => r.Statement === 'revenue_mix' && r.Line === '茅台酒' && r.Period === 'FY2024');
    expect(segment.map((r) => [r.Section, r.Unit, Number(r.Value)])).toEqual([
      ['industry', 'CNY (units)', 145_900_000_000],
      ['industry', '%', 85.2],
    ]);
    // A segment without figures has no row (no empty value pretending to be one).
    expect(rows.some((r) => r.Line === '国内' && r.Period === 'FY2023')).toBe(false);
  });

  it('names the parts the service could not give in its title', () => {
    const t = exportTableOf(buildSnapshot({ revenue: null, cashFlow: [], missing: ['cash flow', 'revenue mix'] }));
    expect(t.title).toBe('贵州茅台 (SH:600519) · Snapshot (without the cash flow and the revenue mix)');
    expect(t.rows.some((r) => r[1] === 'cash_flow' || r[1] === 'revenue_mix')).toBe(false);
  });

  it('is one XLSX sheet per statement, each the statement’s own table', async () => {
    const sheets = exportSheetsOf(buildSnapshot());
    expect(sheets.map((s) => s.sheet)).toEqual(['Income statement', 'Balance sheet', 'Cash flow', 'Revenue breakdown']);
    expect(sheets[0]?.header[2]).toBe('FY2024 (ends 2024-12-31; CNY, units)');
    const xlsx = await writeXlsx(sheets);
    // Entry names in a zip are stored uncompressed: four worksheets, no fifth.
    const text = xlsx.toString('latin1');
    expect(text).toContain('xl/worksheets/sheet4.xml');
    expect(text).not.toContain('xl/worksheets/sheet5.xml');
    expect(exportSheetsOf(buildSnapshot({ revenue: null, missing: ['revenue mix'] })).map((s) => s.sheet)).toEqual([
      'Income statement',
      'Balance sheet',
      'Cash flow',
    ]);
  });

  it('keeps one sheet when the service gave no figures at all, and sheet names unique', async () => {
    expect(exportSheetsOf(buildSnapshot({ income: [], balance: [], cashFlow: [], revenue: null }))).toHaveLength(1);
    const same = { name: 'x', title: 'A title longer than thirty-one characters, twice', header: ['a'], rows: [] };
    await expect(writeXlsx([same, same])).resolves.toBeInstanceOf(Buffer);
  });
});

describe('the earnings calendar export', () => {
  it('is one table of the week’s reports by date and timing, every market in it', () => {
    const t = exportTableOf({
      kind: 'earnings',
      startDate: '2026-11-23',
      endDate: '2026-11-29',
      markets: [
        {
          market: 'us',
          entries: [
            buildEarningsEntry({ timing: 'after-close' }),
            buildEarningsEntry({ date: '2026-11-24', symbol: 'US:ZM', name: 'Zoom' }),
          ],
        },
        { market: 'hk', entries: [buildEarningsEntry({ date: '2026-11-26', symbol: 'HK:00700', name: '腾讯控股', market: 'hk' })] },
      ],
      missing: ['cn'],
    });
    expect(t.name).toBe('earnings-us-hk-week-2026-11-23');
    expect(t.title).toBe('Earnings calendar · US, HK · 2026-11-23 to 2026-11-29 (without CN)');
    expect(t.header).toEqual([
      'Report date',
      'Timing',
      'Market',
      'Symbol',
      'Company',
      'Fiscal year',
      'Fiscal period',
      'Period',
      'Period end',
    ]);
    expect(t.rows).toEqual([
      ['2026-11-24', null, 'us', 'US:ZM', 'Zoom', '2027', 'Q3', 'Q3 FY2027', '2026-10-31'],
      ['2026-11-25', 'after_close', 'us', 'NVDA', 'NVIDIA', '2027', 'Q3', 'Q3 FY2027', '2026-10-31'],
      ['2026-11-26', null, 'hk', 'HK:00700', '腾讯控股', '2027', 'Q3', 'Q3 FY2027', '2026-10-31'],
    ]);
  });
});
