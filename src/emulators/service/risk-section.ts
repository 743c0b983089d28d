/**
 * The risks the demo figures show for each company: falling revenue or margins, high leverage,
 * cash going out of operations, one business bringing most of the revenue, shares far below
 * their high, a rich valuation. A risks question gets every signal; other reports close with the
 * two strongest. Without companies, the usual caveats.
 */
import { points } from './report-figures.js';
import { periodText } from './period-text.js';
import { type Lang, percent, share, signedPercent } from './report-format.js';
import type { FoundCompany } from './research-findings.js';

interface Signal {
  /** Bigger is more worrying; signals are compared across kinds by it. */
  weight: number;
  en: string;
  zh: string;
}

function signals(c: FoundCompany): Signal[] {
  const out: Signal[] = [];
  const f = c.latest;
  const [now] = c.income.periods;
  const then = c.income.yearEarlier;
  // Each figure names its period, and a change is written signed ("revenue −5.0%", not "fell −5.0%").
  if (now?.growth !== undefined && now.growth < 0)
    out.push({
      weight: -now.growth,
      en: `revenue ${signedPercent(now.growth)} on a year earlier in ${periodText(now.ref, 'en')}`,
      zh: `${periodText(now.ref, 'zh')}营收同比${signedPercent(now.growth)}`,
    });
  if (now && then && now.operatingMargin - then.operatingMargin <= -2) {
    const d = now.operatingMargin - then.operatingMargin;
    out.push({
      weight: -d * 2,
      en: `operating margin down to ${percent(now.operatingMargin)} in ${periodText(now.ref, 'en')} (${points(d, 'en')} on a year earlier)`,
      zh: `${periodText(now.ref, 'zh')}营业利润率下降至${percent(now.operatingMargin)}（同比${points(d, 'zh')}）`,
    });
  }
  const leverage = f ? share(f.total_liabilities, f.total_assets) : undefined;
  if (f && leverage !== undefined && leverage >= 60)
    out.push({
      weight: leverage - 50,
      en: `liabilities are ${percent(leverage)} of assets (at ${f.end_date})`,
      zh: `资产负债率${percent(leverage)}（截至 ${f.end_date}）`,
    });
  if (f && f.operating_cash_flow < 0)
    out.push({
      weight: 20,
      en: `operations used cash in ${periodText(f.ref, 'en')}`,
      zh: `${periodText(f.ref, 'zh')}经营现金流为负`,
    });
  const top = c.mix?.segments.reduce((a, b) => (b.revenue > a.revenue ? b : a));
  if (top && c.mix && top.percent >= 60)
    out.push({
      weight: top.percent - 55,
      en: `${top.name} brings ${percent(top.percent)} of revenue (${periodText(c.mix.ref, 'en')})`,
      zh: `${top.name}占营收${percent(top.percent)}（${periodText(c.mix.ref, 'zh')}），收入集中`,
    });
  const p = c.price;
  if (p && p.close <= p.high_1y * 0.8) {
    const below = Math.round((1 - p.close / p.high_1y) * 1000) / 10;
    out.push({ weight: below, en: `shares ${percent(below)} below their 52-week high`, zh: `股价较52周高点回落${percent(below)}` });
  }
  if (p && p.pe_ttm >= 40)
    out.push({
      weight: p.pe_ttm / 4,
      en: `a rich valuation (P/E ${p.pe_ttm.toFixed(1)})`,
      zh: `估值偏高（市盈率${p.pe_ttm.toFixed(1)}倍）`,
    });
  return out.sort((a, b) => b.weight - a.weight);
}

function companyRisks(c: FoundCompany, lang: Lang, limit: number): string {
  const zh = lang === 'zh';
  const found = signals(c).slice(0, limit);
  if (found.length === 0) return zh ? `**${c.name}**：演示数据中未见明显风险信号。` : `**${c.name}**: no warning sign in the demo figures.`;
  const text = found.map((s) => (zh ? s.zh : s.en)).join(zh ? '；' : '; ');
  return zh ? `**${c.name}**：${text}。` : `**${c.name}**: ${text}.`;
}

/** `full`: the question asks about risks (every signal); otherwise the two strongest per company. */
export function riskSection(companies: readonly FoundCompany[], lang: Lang, full: boolean): string[] {
  const zh = lang === 'zh';
  const title = zh ? '## 风险提示' : '## Risks';
  if (companies.length === 0)
    return [title, zh ? '1. *宏观需求*不及预期\n2. 行业竞争加剧' : '1. *Macro demand* falls short\n2. Competition intensifies'];
  return [title, ...companies.map((c) => `- ${companyRisks(c, lang, full ? 10 : 2)}`)];
}
