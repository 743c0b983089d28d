/**
 * The report's answer to a margins question: what drives each company's margins. For one
 * company, its margins over the last periods and each cost line as a share of revenue against a
 * year earlier, with a sentence naming what moved them most; for several, their cost structures
 * side by side and a sentence each. The revenue mix closes it: which business brings the revenue.
 */
import { COST_LINES, type CostLine, type IncomePeriod } from './income-series.js';
import { periodText } from './period-text.js';
import { points } from './report-figures.js';
import { amount, type Lang, percent } from './report-format.js';
import type { FoundCompany } from './research-findings.js';

/** `en` heads a table row, `inline` goes mid-sentence. */
interface Name {
  en: string;
  inline: string;
  zh: string;
}

const COST_NAMES: Record<CostLine, Name> = {
  cost_of_sales: { en: 'Cost of sales', inline: 'cost of sales', zh: '营业成本' },
  rnd: { en: 'R&D', inline: 'R&D', zh: '研发费用' },
  selling: { en: 'Selling expenses', inline: 'selling expenses', zh: '销售费用' },
  admin: { en: 'Administrative expenses', inline: 'administrative expenses', zh: '管理费用' },
};

const MARGIN_NAMES: Record<'gross' | 'operating' | 'net', Name> = {
  gross: { en: 'Gross margin', inline: 'gross margin', zh: '毛利率' },
  operating: { en: 'Operating margin', inline: 'operating margin', zh: '营业利润率' },
  // The statements' net profit is the owners' share: say so (minorities are left out).
  net: { en: 'Net margin (profit to owners)', inline: 'net margin on profit to owners', zh: '净利率（归母）' },
};

const row = (cells: string[]): string => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;

/** Cost lines that moved most against a year earlier, biggest move first. */
function costMoves(now: IncomePeriod, then: IncomePeriod | undefined): Array<{ line: CostLine; delta: number }> {
  if (!then) return [];
  return COST_LINES.flatMap((line) => {
    const a = now.costs[line];
    const b = then.costs[line];
    return a === undefined || b === undefined ? [] : [{ line, delta: a - b }];
  }).sort((x, y) => Math.abs(y.delta) - Math.abs(x.delta));
}

/** "Gross margin 73.4% (−3.4 pts on a year earlier): cost of sales rose to 26.6% of revenue; …". */
function driversSentence(c: FoundCompany, lang: Lang): string {
  const zh = lang === 'zh';
  const [now] = c.income.periods;
  if (!now) return zh ? `**${c.name}**：演示数据中没有它的利润表。` : `**${c.name}**: the demo data has no income statement for it.`;
  const then = c.income.yearEarlier;
  const when = periodText(now.ref, lang);
  const margin = (name: Name, a: number | undefined, b: number | undefined): string => {
    if (a === undefined) return '';
    const move = b === undefined ? '' : zh ? `（同比${points(a - b, lang)}）` : ` (${points(a - b, lang)} on a year earlier)`;
    return `${zh ? name.zh : name.inline} ${percent(a)}${move}`;
  };
  const margins = [
    margin(MARGIN_NAMES.gross, now.grossMargin, then?.grossMargin),
    margin(MARGIN_NAMES.operating, now.operatingMargin, then?.operatingMargin),
    margin(MARGIN_NAMES.net, now.netMargin, then?.netMargin),
  ].filter(Boolean);
  const moves = costMoves(now, then)
    .slice(0, 2)
    .map(({ line, delta }) => {
      const name = zh ? COST_NAMES[line].zh : COST_NAMES[line].inline;
      const share = percent(now.costs[line]);
      if (zh) return `${name}占营收${share}（${points(delta, lang)}）`;
      return `${name} ${delta >= 0 ? 'rose' : 'fell'} to ${share} of revenue (${points(delta, lang)})`;
    });
  const segments = c.mix;
  const top = segments?.segments.reduce((a, b) => (b.revenue > a.revenue ? b : a));
  const mix =
    top && segments
      ? zh
        ? `收入以${top.name}为主（${periodText(segments.ref, lang)}占${percent(top.percent)}），其定价与成本决定整体毛利率。`
        : `${top.name} brings ${percent(top.percent)} of revenue (${periodText(segments.ref, lang)}), so its pricing and costs set the gross margin.`
      : '';
  if (zh) {
    const why = moves.length > 0 ? `主要变化来自：${moves.join('；')}。` : '';
    return `**${c.name}**：${when}${margins.join('，')}。${why}${mix}`;
  }
  const why = moves.length > 0 ? ` What moved them: ${moves.join('; ')}.` : '';
  return `**${c.name}**: in ${when}, ${margins.join(', ')}.${why}${mix ? ` ${mix}` : ''}`;
}

/** One company: its margins period by period, newest first. */
function trendTable(c: FoundCompany, lang: Lang): string[] {
  const zh = lang === 'zh';
  const head = zh
    ? ['报告期', '营业收入', MARGIN_NAMES.gross.zh, MARGIN_NAMES.operating.zh, MARGIN_NAMES.net.zh]
    : ['Period', 'Revenue', MARGIN_NAMES.gross.en, MARGIN_NAMES.operating.en, MARGIN_NAMES.net.en];
  return [
    row(head),
    '|---|---:|---:|---:|---:|',
    ...c.income.periods.map((p) =>
      row([
        periodText(p.ref, lang),
        amount(p.revenue, c.currency, lang),
        percent(p.grossMargin),
        percent(p.operatingMargin),
        percent(p.netMargin),
      ]),
    ),
  ];
}

/** One company: each cost line's share of revenue, now and a year earlier. */
function costTable(c: FoundCompany, lang: Lang): string[] {
  const zh = lang === 'zh';
  const [now] = c.income.periods;
  const then = c.income.yearEarlier;
  if (!now) return [];
  const lines = COST_LINES.filter((l) => now.costs[l] !== undefined);
  const delta = (a: number | undefined, b: number | undefined): string => (a === undefined || b === undefined ? '—' : points(a - b, lang));
  return [
    row([
      zh ? '占营收比例' : '% of revenue',
      periodText(now.ref, lang),
      then ? periodText(then.ref, lang) : zh ? '上年同期' : 'A year earlier',
      zh ? '变化' : 'Change',
    ]),
    '|---|---:|---:|---:|',
    ...lines.map((l) =>
      row([zh ? COST_NAMES[l].zh : COST_NAMES[l].en, percent(now.costs[l]), percent(then?.costs[l]), delta(now.costs[l], then?.costs[l])]),
    ),
    row([
      zh ? MARGIN_NAMES.operating.zh : MARGIN_NAMES.operating.en,
      percent(now.operatingMargin),
      percent(then?.operatingMargin),
      delta(now.operatingMargin, then?.operatingMargin),
    ]),
  ];
}

/** Several companies: cost structures of each one's period asked, side by side. */
function sideBySide(companies: readonly FoundCompany[], lang: Lang): string[] {
  const zh = lang === 'zh';
  const latest = companies.map((c) => c.income.periods[0]);
  const lines = COST_LINES.filter((l) => latest.some((p) => p?.costs[l] !== undefined));
  const cells = (pick: (p: IncomePeriod) => number | undefined) => latest.map((p) => (p ? percent(pick(p)) : '—'));
  return [
    row([zh ? '指标' : 'Metric', ...companies.map((c) => `${c.name} (${c.symbol})`)]),
    `|---|${companies.map(() => '---:').join('|')}|`,
    row([zh ? '报告期' : 'Period', ...latest.map((p) => (p ? periodText(p.ref, lang) : '—'))]),
    row([zh ? MARGIN_NAMES.gross.zh : MARGIN_NAMES.gross.en, ...cells((p) => p.grossMargin)]),
    ...lines.map((l) => row([zh ? `${COST_NAMES[l].zh}占营收` : `${COST_NAMES[l].en} (% of revenue)`, ...cells((p) => p.costs[l])])),
    row([zh ? MARGIN_NAMES.operating.zh : MARGIN_NAMES.operating.en, ...cells((p) => p.operatingMargin)]),
    row([zh ? MARGIN_NAMES.net.zh : MARGIN_NAMES.net.en, ...cells((p) => p.netMargin)]),
  ];
}

export function marginSection(companies: readonly FoundCompany[], lang: Lang): string[] {
  if (companies.length === 0) return [];
  const zh = lang === 'zh';
  const only = companies.length === 1 ? companies[0] : undefined;
  const tables = only ? [...trendTable(only, lang), '', ...costTable(only, lang)] : sideBySide(companies, lang);
  return [
    zh ? '## 利润率驱动因素' : '## What drives the margins',
    '',
    ...companies.map((c) => `- ${driversSentence(c, lang)}`),
    '',
    ...tables,
    '',
  ];
}
