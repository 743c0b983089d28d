/**
 * The demo agent's report and tool calls are about the question asked, with figures from the
 * demo data: one company's cash position, an English and a Chinese comparison, follow-ups, and
 * companies the data does not cover.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_LABEL } from '../../../src/emulators/service/agent-report.js';
import { buildRunScript } from '../../../src/emulators/service/agent-run-script.js';
import { buildDataset } from '../../../src/emulators/service/data/dataset.js';
import { amount } from '../../../src/emulators/service/report-format.js';
import { findResearch } from '../../../src/emulators/service/research-findings.js';

const dataset = buildDataset();

function research(question: string, earlier: string[] = []) {
  const findings = findResearch(dataset, question, [], earlier);
  const script = buildRunScript({
    question,
    findings,
    startOffset: 1,
    responseId: 'resp_report_test_0001',
    conversationId: '1',
    framing: 'document',
  });
  const toolCalls = script.steps
    .map((s) => s.event)
    .filter((e) => e.event_type === 'tool_start')
    .map((e) => ({ name: e.tool_name, input: e.input as { symbols: string[]; query: string } }));
  return { findings, report: script.report, toolCalls };
}

function latestQuarter(symbol: string) {
  const sheet = dataset.financials.get(symbol)?.balanceSheets.find((b) => b.period === 'quarterly');
  const income = dataset.income.get(symbol)?.find((r) => r.period === 'quarterly');
  if (!sheet || !income) throw new Error(`no statements for ${symbol}`);
  return { sheet, income };
}

/** The Markdown table's row whose first cell is `label`, as cells. */
function tableRow(report: string, label: string): string[] {
  const line = report.split('\n').find((l) => l.startsWith(`| ${label} |`));
  return line
    ? line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim())
    : [];
}

const OTHER_COMPANIES = ['Xiaomi', 'Alibaba', 'Microsoft', 'Tencent', 'Tesla', 'CATL'];

describe('the demo agent’s report', () => {
  it('answers “What is Moutai’s cash position?” with Moutai’s cash from its balance sheet', () => {
    const { report, findings, toolCalls } = research('What is Moutai’s cash position?');
    const { sheet } = latestQuarter('SH:600519');
    const cash = amount(sheet.current_assets.cash_and_cash_equivalents ?? 0, 'CNY', 'en');
    expect(report).toMatch(/^# Research report: Kweichow Moutai — cash position\n/);
    expect(report).toContain(DEMO_LABEL.en);
    expect(tableRow(report, 'Cash and equivalents')[1]).toBe(cash);
    expect(tableRow(report, 'Period')[1]).toBe(`${sheet.fiscal_quarter} FY${sheet.fiscal_year} (${sheet.end_date})`);
    expect(report).toContain(`cash and equivalents of ${cash}`);
    for (const name of OTHER_COMPANIES) expect(report).not.toContain(name);
    // Sources are Moutai's own demo documents.
    expect(findings.docs.length).toBeGreaterThan(0);
    for (const d of [...findings.docs, ...findings.news]) expect(dataset.docsById.get(d.doc_id)?.symbols).toContain('SH:600519');
    for (const d of findings.docs) expect(report).toContain(`](${d.url})`);
    expect(toolCalls.map((t) => t.name)).toEqual(['search_documents', 'get_balance_sheet', 'search_news', 'get_index_prices']);
    expect(toolCalls[1]?.input.symbols).toEqual(['SH:600519']);
    expect(toolCalls[0]?.input.symbols).toEqual(['SH:600519']);
  });

  it('compares NVDA and AMD side by side, a column each, with their own figures', () => {
    const { report, toolCalls } = research('NVDA vs AMD');
    expect(report).toMatch(/^# Research report: NVIDIA, AMD\n/);
    expect(tableRow(report, 'Metric')).toEqual(['Metric', 'NVIDIA (US:NVDA)', 'AMD (US:AMD)']);
    const revenue = (symbol: string) => amount(latestQuarter(symbol).income.revenue_and_costs.revenue ?? 0, 'USD', 'en');
    expect(tableRow(report, 'Revenue')).toEqual(['Revenue', revenue('US:NVDA'), revenue('US:AMD')]);
    expect(tableRow(report, 'Gross margin')).toHaveLength(3);
    expect(report).toContain('**AMD** (`US:AMD`)');
    for (const t of toolCalls.filter((c) => c.name?.startsWith('get_') && c.name !== 'get_index_prices')) {
      expect(t.input.symbols).toEqual(['US:NVDA', 'US:AMD']);
    }
    expect(toolCalls.map((t) => t.name)).toEqual(expect.arrayContaining(['get_income_statement', 'get_balance_sheet', 'get_stock_prices']));
  });

  it('compares 茅台 and 五粮液 in Chinese, on the margins asked', () => {
    const { report } = research('比较茅台和五粮液的毛利率');
    expect(report).toMatch(/^# 研究报告：贵州茅台、五粮液 — 利润率\n/);
    expect(report).toContain(DEMO_LABEL.zh);
    expect(tableRow(report, '指标')).toEqual(['指标', '贵州茅台 (SH:600519)', '五粮液 (SZ:000858)']);
    const margin = (symbol: string) => {
      const rc = latestQuarter(symbol).income.revenue_and_costs;
      return `${(((rc.gross_profit ?? 0) / (rc.revenue ?? 1)) * 100).toFixed(1)}%`;
    };
    expect(tableRow(report, '毛利率')).toEqual(['毛利率', margin('SH:600519'), margin('SZ:000858')]);
  });

  it('a follow-up naming no company answers about the earlier question’s company', () => {
    const earlier = ['What is Moutai’s cash position?'];
    const margins = research('what about its margins?', earlier);
    expect(margins.report).toMatch(/^# Research report: Kweichow Moutai — margins\n/);
    expect(margins.report).toContain('following up on Kweichow Moutai');
    expect(margins.report).toContain('## What drives the margins');
    expect(tableRow(margins.report, 'Cost of sales')).toHaveLength(4);
    for (const name of OTHER_COMPANIES) expect(margins.report).not.toContain(name);
    expect(margins.toolCalls.find((t) => t.name === 'get_income_statement')?.input.symbols).toEqual(['SH:600519']);

    const lastYear = research('and last year?', [...earlier, 'what about its margins?']);
    const annual = dataset.financials.get('SH:600519')?.balanceSheets.find((b) => b.period === 'annual');
    // The margins, year by year from the last fiscal year.
    expect(tableRow(lastYear.report, 'Period')).toEqual([
      'Period',
      'Revenue',
      'Gross margin',
      'Operating margin',
      'Net margin (profit to owners)',
    ]);
    expect(lastYear.report).toContain(`| FY${annual?.fiscal_year} | `);
    expect(tableRow(lastYear.report, 'Cost of sales')[1]).toMatch(/%$/);
  });

  it('says plainly that a company is not in the demo data, and answers about no one else', () => {
    const { report, findings, toolCalls } = research('What is Google’s cash position?');
    expect(findings.companies).toEqual([]);
    expect(report).toContain('## Not in the demo data');
    expect(report).toContain('**Alphabet (Google)** is not in the demo data');
    expect(report).not.toContain('## Figures');
    expect(toolCalls.map((t) => t.name)).not.toContain('get_balance_sheet');

    const mixed = research('NVDA vs GOOGL');
    expect(mixed.findings.companies.map((c) => c.symbol)).toEqual(['US:NVDA']);
    expect(mixed.report).toContain('**Alphabet (Google)** is not in the demo data');
  });

  it('is the same for the same inputs (a restarted emulator rebuilds the same run)', () => {
    const a = research('what about its margins?', ['比较茅台和五粮液']);
    const b = research('what about its margins?', ['比较茅台和五粮液']);
    expect(b).toEqual(a);
    expect(a.findings.companies.map((c) => c.symbol)).toEqual(['SH:600519', 'SZ:000858']);
  });
});
