/**
 * The demo agent's data tools return what a real data tool returns: the latest figures and the
 * short series behind them, in the service's own shapes (income-statement records, price items
 * newest first), tied to the demo data, at a modest size.
 */
import { describe, expect, it } from 'vitest';
import { buildRunScript } from '../../../src/emulators/service/agent-run-script.js';
import { INCOME_TREND_PERIODS, PRICE_SERIES_DAYS } from '../../../src/emulators/service/company-figures.js';
import { buildDataset } from '../../../src/emulators/service/data/dataset.js';
import { findResearch } from '../../../src/emulators/service/research-findings.js';

const dataset = buildDataset();

function toolOutputs(question: string): Map<string, { raw: string; data: Array<Record<string, unknown>> }> {
  const findings = findResearch(dataset, question, [], []);
  const script = buildRunScript({
    question,
    findings,
    startOffset: 1,
    responseId: 'resp_tools_test_0001',
    conversationId: '1',
    framing: 'document',
  });
  const out = new Map<string, { raw: string; data: Array<Record<string, unknown>> }>();
  for (const { event: e } of script.steps) {
    if (e.event_type !== 'tool_end' || !e.tool_name) continue;
    const raw = String((e.output as { content?: unknown }).content);
    out.set(e.tool_name, { raw, data: (JSON.parse(raw) as { data: Array<Record<string, unknown>> }).data });
  }
  return out;
}

describe('the demo data tools’ series', () => {
  it('get_income_statement returns the latest periods’ records, newest first, as the income statement lists them', () => {
    const tool = toolOutputs('How did NVIDIA’s revenue and margins develop?').get('get_income_statement');
    const row = tool!.data[0]!;
    const records = row.records as Array<{ end_date: string; period: string; revenue_and_costs: { revenue: number } }>;
    expect(records.length).toBeGreaterThanOrEqual(4);
    expect(records.length).toBeLessThanOrEqual(INCOME_TREND_PERIODS);
    expect(records.map((r) => r.end_date)).toEqual([...records.map((r) => r.end_date)].sort().reverse());
    expect(new Set(records.map((r) => r.period))).toEqual(new Set(['quarterly']));
    // The same figures as the service's income statement of those periods, and the flat latest figures kept.
    const source = dataset.income.get('US:NVDA')!.filter((r) => r.period === 'quarterly');
    for (const r of records) {
      expect(r.revenue_and_costs.revenue).toBe(source.find((s) => s.end_date === r.end_date)!.revenue_and_costs.revenue);
    }
    expect(row.revenue).toBe(records[0]!.revenue_and_costs.revenue);
    expect(row.end_date).toBe(records[0]!.end_date);
  });

  it('get_stock_prices returns about three months of daily closes, newest first, ending at the latest close', () => {
    const tool = toolOutputs('How has NVIDIA’s share price performed?').get('get_stock_prices');
    const row = tool!.data[0]!;
    const items = row.items as Array<{ date: string; stock_price: number }>;
    expect(items).toHaveLength(PRICE_SERIES_DAYS);
    expect(items.map((i) => i.date)).toEqual([...items.map((i) => i.date)].sort().reverse());
    expect(items[0]).toEqual({ date: row.date, stock_price: row.close });
    expect(row.name).toBe('NVIDIA');
    // Small enough for an event stream and a run's stored events: a few KB per company.
    expect(tool!.raw.length).toBeLessThan(6_000);
  });
});
