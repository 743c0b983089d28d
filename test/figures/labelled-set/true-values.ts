/**
 * A helper for whoever writes cases (not used by the test): prints the emulator's true figures of
 * one company per period, rounded as a report would write them, so hand-written sentences quote
 * true numbers. Run: npx tsx test/figures/labelled-set/true-values.ts US:NVDA [US:AMD …]
 */
import { buildDataset } from '../../../src/emulators/service/data/dataset.js';

const ds = buildDataset();
const kindOf = (q: string): string => (q.startsWith('Q3 (') ? '9M' : q);
const bn = (x: number | undefined): string => (x === undefined ? '—' : `${(x / 1e9).toFixed(4)}bn/${(x / 1e8).toFixed(3)}亿`);
const pct = (a: number | undefined, b: number | undefined): string => (a === undefined || !b ? '—' : `${((a / b) * 100).toFixed(3)}%`);

for (const symbol of process.argv.slice(2)) {
  const income = ds.income.get(symbol) ?? [];
  const fin = ds.financials.get(symbol);
  process.stdout.write(`==== ${symbol} (${income[0]?.currency})\n`);
  const seen = new Set<string>();
  for (const r of income) {
    const key = `${r.fiscal_year} ${kindOf(r.fiscal_quarter)}`;
    if (seen.has(key) || seen.size >= 10) continue;
    seen.add(key);
    const all = { ...r.revenue_and_costs, ...r.operating_results, ...r.profit, ...r.earnings_per_share };
    const rev = all.revenue;
    const prior = income.find(
      (p) => Number(p.fiscal_year) === Number(r.fiscal_year) - 1 && kindOf(p.fiscal_quarter) === kindOf(r.fiscal_quarter),
    );
    const prev = prior ? { ...prior.revenue_and_costs, ...prior.operating_results, ...prior.profit } : undefined;
    const growth = (a?: number, b?: number): string => (a === undefined || !b ? '—' : `${((a / b - 1) * 100).toFixed(3)}%`);
    const cf = fin?.cashFlows.find((c) => c.fiscal_year === r.fiscal_year && c.fiscal_quarter === r.fiscal_quarter);
    const bs = fin?.balanceSheets.find((b) => b.end_date === r.end_date);
    process.stdout.write(
      `${key} end ${r.end_date} | rev ${bn(rev)} yoy ${growth(rev, prev?.revenue)} | GP ${bn(all.gross_profit)} GM ${pct(all.gross_profit, rev)}` +
        ` | OP ${bn(all.operating_profit)} OM ${pct(all.operating_profit, rev)} | NP ${bn(all.profit_for_the_period)} yoy ${growth(all.profit_for_the_period, prev?.profit_for_the_period)}` +
        ` | owners ${bn(all.profit_attributable_to_owners_of_the_parent)} yoy ${growth(all.profit_attributable_to_owners_of_the_parent, prev?.profit_attributable_to_owners_of_the_parent)} NM ${pct(all.profit_for_the_period, rev)}/${pct(all.profit_attributable_to_owners_of_the_parent, rev)}` +
        ` | EPS ${all.basic_earnings_per_share}/${all.diluted_earnings_per_share}` +
        (cf
          ? ` | OCF ${bn(cf.cash_flows_from_operating_activities.net_cash_flows_from_operating_activities)} ICF ${bn(cf.cash_flows_from_investing_activities.net_cash_flows_from_investing_activities)} FCF ${bn(cf.cash_flows_from_financing_activities.net_cash_flows_from_financing_activities)}`
          : '') +
        (bs
          ? ` | cash ${bn(bs.current_assets.cash_and_cash_equivalents)} TA ${bn(bs.non_current_assets.total_assets)} TL ${bn(bs.non_current_liabilities.total_liabilities)} EQ ${bn(bs.owners_equity.total_shareholders_equity)} D/A ${pct(bs.non_current_liabilities.total_liabilities, bs.non_current_assets.total_assets)}`
          : '') +
        '\n',
    );
  }
}
