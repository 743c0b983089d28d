/**
 * Reads the demo agent's report figures back and recomputes each from the statement records of
 * the period its label names (report-figures-truth.test.ts). Independent of the app's extractor
 * and of the emulator's report code: its own regular expressions over the report's text, its own
 * reading of period labels (the Chinese calendar forms must fit the record's end date), raw
 * statement lines as the `/v1/stock/...` routes serve them (quarterly or annual records).
 */ import { expect } from 'vitest';
import { buildDataset } from '../../../src/emulators/service/data/dataset.js';
import type { StatementHeader } from '../../../src/emulators/service/data/financials.js';
import type { FoundCompany } from '../../../src/emulators/service/research-findings.js';

const dataset = buildDataset();

export interface Check {
  where: string;
  metric: string;
  written: string;
  value: number;
  truth: number;
  tolerance: number;
}
export const ok = (c: Check): boolean => Math.abs(c.value - c.truth) <= c.tolerance + 1e-9 * Math.max(1, Math.abs(c.truth));

// ---- Reading the report's numbers --------------------------------------------------------
const AMT = String.raw`((?:USD|CNY|HKD) -?[\d.]+bn|-?[\d.]+亿(?:美元|港元|元))`;
const PCT = String.raw`([+−-]?[\d.]+)%`;
const PTS = String.raw`([+−-][\d.]+)(?: pts|个百分点)`;

function num(text: string): { value: number; tolerance: number } {
  const m = /([+−-]?)([\d.]+)/.exec(text);
  if (!m?.[2]) throw new Error(`no number in ${text}`);
  const decimals = m[2].split('.')[1]?.length ?? 0;
  const scale = /bn/.test(text) ? 1e9 : /亿/.test(text) ? 1e8 : 1;
  const sign = m[1] === '−' || m[1] === '-' ? -1 : 1;
  return { value: sign * Number(m[2]) * scale, tolerance: 0.5 * 10 ** -decimals * scale };
}

// ---- Period labels back to statement records ---------------------------------------------
interface PeriodKey {
  period: 'quarterly' | 'annual';
  fiscalYear: string;
  quarter?: string;
  /** The calendar month the Chinese calendar form implies (年报 12, 一季报 3, …). */
  calendarMonth?: number;
}
const ZH_CALENDAR: Record<string, [string | undefined, number]> = {
  年报: [undefined, 12],
  一季报: ['Q1', 3],
  第二季度: ['Q2', 6],
  第三季度: ['Q3', 9],
  第四季度: ['Q4', 12],
};
const ZH_FISCAL: Record<string, string> = { 第一季度: 'Q1', 第二季度: 'Q2', 第三季度: 'Q3', 第四季度: 'Q4' };

function periodKey(label: string): PeriodKey {
  const t = label.trim();
  let m = /^FY(\d{4})$/.exec(t);
  if (m?.[1]) return { period: 'annual', fiscalYear: m[1] };
  m = /^(Q[1-4]) FY(\d{4})$/.exec(t);
  if (m?.[1] && m[2]) return { period: 'quarterly', fiscalYear: m[2], quarter: m[1] };
  m = /^(\d{4})财年(第[一二三四]季度)?$/.exec(t);
  if (m?.[1]) return m[2] ? { period: 'quarterly', fiscalYear: m[1], quarter: ZH_FISCAL[m[2]] } : { period: 'annual', fiscalYear: m[1] };
  m = /^(\d{4})年(年报|一季报|第[二三四]季度)$/.exec(t);
  const cal = m?.[2] ? ZH_CALENDAR[m[2]] : undefined;
  if (m?.[1] && cal) {
    const [quarter, calendarMonth] = cal;
    return { period: quarter ? 'quarterly' : 'annual', fiscalYear: m[1], ...(quarter ? { quarter } : {}), calendarMonth };
  }
  throw new Error(`period label not understood: ${label}`);
}

function find<T extends StatementHeader>(records: readonly T[] | undefined, label: string): T {
  const k = periodKey(label);
  const r = (records ?? []).find(
    (x) => x.period === k.period && x.fiscal_year === k.fiscalYear && (k.period === 'annual' || x.fiscal_quarter === k.quarter),
  );
  if (!r) throw new Error(`no ${k.period} record for ${label}`);
  // "2025年一季报" must be a quarter ending in March 2025, not a fiscal year's.
  if (k.calendarMonth) expect(r.end_date.slice(0, 7), label).toBe(`${k.fiscalYear}-${String(k.calendarMonth).padStart(2, '0')}`);
  return r;
}

const statements = (symbol: string) => ({
  bs: (label: string) => find(dataset.financials.get(symbol)?.balanceSheets, label),
  cf: (label: string) => find(dataset.financials.get(symbol)?.cashFlows, label),
  is: (label: string) => find(dataset.income.get(symbol), label),
});

/** The same period a year before: "Q1 FY2026" → "Q1 FY2025", "2025年一季报" → "2024年一季报". */
function yearBefore(label: string): string {
  const k = periodKey(label);
  return label.replace(k.fiscalYear, String(Number(k.fiscalYear) - 1));
}

// ---- True values of a company's period ----------------------------------------------------
type Truth = (label: string) => number | undefined;
const pct = (a: number | undefined, b: number | undefined) => (a === undefined || !b ? undefined : (a / b) * 100);
const growthOf = (v: Truth) => (label: string) => {
  const now = v(label);
  const then = v(yearBefore(label));
  return now === undefined || then === undefined || then <= 0 ? undefined : ((now - then) / then) * 100;
};

function truths(symbol: string) {
  const s = statements(symbol);
  const revenue = (l: string) => s.is(l).revenue_and_costs.revenue;
  const margin = (pick: (r: ReturnType<typeof s.is>) => number | undefined) => (l: string) => pct(pick(s.is(l)), revenue(l));
  const t = {
    revenue,
    cash: (l: string) => s.bs(l).current_assets.cash_and_cash_equivalents,
    assets: (l: string) => s.bs(l).non_current_assets.total_assets,
    liabilities: (l: string) => s.bs(l).non_current_liabilities.total_liabilities,
    equity: (l: string) => s.bs(l).owners_equity.total_shareholders_equity,
    ocf: (l: string) => s.cf(l).cash_flows_from_operating_activities.net_cash_flows_from_operating_activities,
    ownersProfit: (l: string) => s.is(l).profit.profit_attributable_to_owners_of_the_parent,
    gross: margin((r) => r.revenue_and_costs.gross_profit),
    operating: margin((r) => r.operating_results.operating_profit),
    net: margin((r) => r.profit.profit_attributable_to_owners_of_the_parent),
    costOfSales: margin((r) => r.revenue_and_costs.cost_of_sales),
    rnd: margin((r) => r.operating_results.research_and_development_expenses),
    selling: margin((r) => r.operating_results.selling_and_distribution_expenses),
    admin: margin((r) => r.operating_results.administrative_expenses),
  };
  return {
    ...t,
    cashShare: (l: string) => pct(t.cash(l), t.assets(l)),
    leverage: (l: string) => pct(t.liabilities(l), t.assets(l)),
  };
}
type Truths = ReturnType<typeof truths>;
type Key = keyof Truths;

// ---- Collecting the report's figures with their true values ------------------------------
const LABEL = String.raw`(Q[1-4] FY\d{4}|FY\d{4}|\d{4}财年(?:第[一二三四]季度)?|\d{4}年(?:年报|一季报|第[二三四]季度))`;

type Spec = { key: Key; as: 'value' | 'growth' | 'points' };
const SENTENCES: Record<'en' | 'zh', Array<[RegExp, Spec[]]>> = {
  en: [
    [
      new RegExp(`revenue of ${AMT}(?:, ${PCT} on a year earlier)?`),
      [
        { key: 'revenue', as: 'value' },
        { key: 'revenue', as: 'growth' },
      ],
    ],
    [
      new RegExp(`cash and equivalents of ${AMT}, ${PCT} of total assets(?:, ${PCT} on a year earlier)?`),
      [
        { key: 'cash', as: 'value' },
        { key: 'cashShare', as: 'value' },
        { key: 'cash', as: 'growth' },
      ],
    ],
    [
      new RegExp(`operating cash flow of ${AMT}(?:, ${PCT} on a year earlier)?`),
      [
        { key: 'ocf', as: 'value' },
        { key: 'ocf', as: 'growth' },
      ],
    ],
    [
      new RegExp(`liabilities at ${PCT} of total assets \\(${AMT}\\)`),
      [
        { key: 'leverage', as: 'value' },
        { key: 'assets', as: 'value' },
      ],
    ],
    [
      new RegExp(`net profit to owners of ${AMT}(?:, ${PCT} on a year earlier)?`),
      [
        { key: 'ownersProfit', as: 'value' },
        { key: 'ownersProfit', as: 'growth' },
      ],
    ],
    [
      new RegExp(`gross margin ${PCT}(?: \\(${PTS} on a year earlier\\))?`),
      [
        { key: 'gross', as: 'value' },
        { key: 'gross', as: 'points' },
      ],
    ],
    [
      new RegExp(`operating margin ${PCT}(?: \\(${PTS} on a year earlier\\))?`),
      [
        { key: 'operating', as: 'value' },
        { key: 'operating', as: 'points' },
      ],
    ],
    [
      new RegExp(`net margin on profit to owners ${PCT}(?: \\(${PTS} on a year earlier\\))?`),
      [
        { key: 'net', as: 'value' },
        { key: 'net', as: 'points' },
      ],
    ],
  ],
  zh: [
    [
      new RegExp(`营业收入 ${AMT}(?:，同比${PCT})?`),
      [
        { key: 'revenue', as: 'value' },
        { key: 'revenue', as: 'growth' },
      ],
    ],
    [
      new RegExp(`现金及等价物 ${AMT}，占总资产 ${PCT}(?:，同比${PCT})?`),
      [
        { key: 'cash', as: 'value' },
        { key: 'cashShare', as: 'value' },
        { key: 'cash', as: 'growth' },
      ],
    ],
    [
      new RegExp(`经营现金流 ${AMT}(?:，同比${PCT})?`),
      [
        { key: 'ocf', as: 'value' },
        { key: 'ocf', as: 'growth' },
      ],
    ],
    [
      new RegExp(`资产负债率 ${PCT}（总资产 ${AMT}）`),
      [
        { key: 'leverage', as: 'value' },
        { key: 'assets', as: 'value' },
      ],
    ],
    [
      new RegExp(`归母净利润 ${AMT}(?:，同比${PCT})?`),
      [
        { key: 'ownersProfit', as: 'value' },
        { key: 'ownersProfit', as: 'growth' },
      ],
    ],
    [
      new RegExp(`毛利率 ${PCT}(?:（同比${PTS}）)?`),
      [
        { key: 'gross', as: 'value' },
        { key: 'gross', as: 'points' },
      ],
    ],
    [
      new RegExp(`营业利润率 ${PCT}(?:（同比${PTS}）)?`),
      [
        { key: 'operating', as: 'value' },
        { key: 'operating', as: 'points' },
      ],
    ],
    [
      new RegExp(`净利率（归母） ${PCT}(?:（同比${PTS}）)?`),
      [
        { key: 'net', as: 'value' },
        { key: 'net', as: 'points' },
      ],
    ],
  ],
};

const COST_WORDS: Record<string, Key> = {
  'cost of sales': 'costOfSales',
  'R&D': 'rnd',
  'selling expenses': 'selling',
  'administrative expenses': 'admin',
  营业成本: 'costOfSales',
  研发费用: 'rnd',
  销售费用: 'selling',
  管理费用: 'admin',
};

/** Metric × period (or × company) table rows, by their first cell. */
const ROW_KEYS: Record<string, Spec> = {
  Revenue: { key: 'revenue', as: 'value' },
  营业收入: { key: 'revenue', as: 'value' },
  'Revenue growth (YoY)': { key: 'revenue', as: 'growth' },
  营收同比: { key: 'revenue', as: 'growth' },
  'Cash and equivalents': { key: 'cash', as: 'value' },
  现金及等价物: { key: 'cash', as: 'value' },
  'Cash / total assets': { key: 'cashShare', as: 'value' },
  现金占总资产: { key: 'cashShare', as: 'value' },
  'Operating cash flow': { key: 'ocf', as: 'value' },
  经营现金流: { key: 'ocf', as: 'value' },
  'Total assets': { key: 'assets', as: 'value' },
  总资产: { key: 'assets', as: 'value' },
  'Total liabilities': { key: 'liabilities', as: 'value' },
  总负债: { key: 'liabilities', as: 'value' },
  'Liabilities / assets': { key: 'leverage', as: 'value' },
  资产负债率: { key: 'leverage', as: 'value' },
  'Total equity': { key: 'equity', as: 'value' },
  股东权益合计: { key: 'equity', as: 'value' },
  'Gross margin': { key: 'gross', as: 'value' },
  毛利率: { key: 'gross', as: 'value' },
  'Operating margin': { key: 'operating', as: 'value' },
  营业利润率: { key: 'operating', as: 'value' },
  'Net margin (profit to owners)': { key: 'net', as: 'value' },
  '净利率（归母）': { key: 'net', as: 'value' },
  'Net profit (owners)': { key: 'ownersProfit', as: 'value' },
  归母净利润: { key: 'ownersProfit', as: 'value' },
  'Cost of sales': { key: 'costOfSales', as: 'value' },
  'Cost of sales (% of revenue)': { key: 'costOfSales', as: 'value' },
  营业成本: { key: 'costOfSales', as: 'value' },
  营业成本占营收: { key: 'costOfSales', as: 'value' },
  'R&D': { key: 'rnd', as: 'value' },
  'R&D (% of revenue)': { key: 'rnd', as: 'value' },
  研发费用: { key: 'rnd', as: 'value' },
  研发费用占营收: { key: 'rnd', as: 'value' },
  'Selling expenses': { key: 'selling', as: 'value' },
  'Selling expenses (% of revenue)': { key: 'selling', as: 'value' },
  销售费用: { key: 'selling', as: 'value' },
  销售费用占营收: { key: 'selling', as: 'value' },
  'Administrative expenses': { key: 'admin', as: 'value' },
  'Administrative expenses (% of revenue)': { key: 'admin', as: 'value' },
  管理费用: { key: 'admin', as: 'value' },
  管理费用占营收: { key: 'admin', as: 'value' },
};

class Collector {
  readonly checks: Check[] = [];
  constructor(private readonly companies: readonly FoundCompany[]) {}

  add(where: string, symbol: string, label: string, spec: Spec, written: string): void {
    if (written === '—' || written === '') return;
    const t = truths(symbol)[spec.key];
    const now = t(label);
    const truth =
      spec.as === 'value'
        ? now
        : spec.as === 'growth'
          ? growthOf(t)(label)
          : now === undefined
            ? undefined
            : (() => {
                const then = t(yearBefore(label));
                return then === undefined ? undefined : now - then;
              })();
    if (truth === undefined)
      throw new Error(`${where}: ${spec.key} ${spec.as} of ${symbol} ${label} written (${written}) but not in the statements`);
    const { value, tolerance } = num(written);
    this.checks.push({ where: `${where} ${symbol} ${label}`, metric: `${spec.key}:${spec.as}`, written, value, truth, tolerance });
  }

  sentence(where: string, symbol: string, label: string, text: string, lang: 'zh' | 'en'): void {
    for (const [re, specs] of SENTENCES[lang]) {
      const m = re.exec(text);
      if (!m) continue;
      specs.forEach((spec, i) => {
        const written = m[i + 1];
        if (written !== undefined) this.add(where, symbol, label, spec, written);
      });
    }
  }

  company(text: string): FoundCompany {
    const c = this.companies.find((x) => text.includes(x.name) || text.includes(x.symbol));
    if (!c) throw new Error(`no company in ${text}`);
    return c;
  }
}

// ---- Walking the report ---------------------------------------------------------------------
function sections(report: string): Array<{ title: string; lines: string[] }> {
  return report.split(/\n(?=## )/).map((chunk) => {
    const [head = '', ...lines] = chunk.split('\n');
    return { title: head.replace(/^## /, ''), lines };
  });
}

function tables(lines: string[]): string[][][] {
  const out: string[][][] = [];
  let current: string[][] = [];
  for (const line of [...lines, '']) {
    if (line.startsWith('|')) {
      if (!/^\|[-:|]+\|$/.test(line))
        current.push(
          line
            .split(/(?<!\\)\|/)
            .slice(1, -1)
            .map((c) => c.trim()),
        );
    } else if (current.length > 0) {
      out.push(current);
      current = [];
    }
  }
  return out;
}

const stripDate = (cell: string): string => cell.replace(/ \(\d{4}-\d{2}-\d{2}\)$/, '');

export function collectReport(report: string, companies: readonly FoundCompany[], lang: 'zh' | 'en'): Check[] {
  const col = new Collector(companies);
  const only = companies.length === 1 ? companies[0] : undefined;
  for (const { title, lines } of sections(report)) {
    const bullets = lines.filter((l) => l.startsWith('- **'));
    if (/^(Key findings|核心结论)$/.test(title)) {
      for (const line of bullets) {
        const c = col.company(line);
        const when = lang === 'en' ? /: in (.+?) \(to \d{4}-\d{2}-\d{2}\)/.exec(line) : /：(.+?)（截至 \d{4}-\d{2}-\d{2}）/.exec(line);
        if (when?.[1]) col.sentence('key findings', c.symbol, when[1], line, lang);
      }
    }
    if (/^(What drives the margins|利润率驱动因素)$/.test(title)) {
      for (const line of bullets) {
        const c = col.company(line);
        const when = new RegExp(lang === 'en' ? `: in ${LABEL}, ` : `\\*\\*：${LABEL}`).exec(line);
        if (!when?.[1]) continue;
        col.sentence('margin drivers', c.symbol, when[1], line, lang);
        const costs =
          lang === 'en'
            ? /(cost of sales|R&D|selling expenses|administrative expenses) (?:rose|fell) to ([\d.]+%) of revenue \(([+−][\d.]+) pts\)/g
            : /(营业成本|研发费用|销售费用|管理费用)占营收([\d.]+%)（([+−][\d.]+)个百分点）/g;
        for (const m of line.matchAll(costs)) {
          const key = COST_WORDS[m[1] ?? ''];
          if (!key || !m[2] || !m[3]) throw new Error(`cost line not understood: ${m[0]}`);
          col.add('margin drivers', c.symbol, when[1], { key, as: 'value' }, m[2]);
          col.add('margin drivers', c.symbol, when[1], { key, as: 'points' }, m[3]);
        }
      }
    }
    if (/^(Revenue trend|营收趋势)$/.test(title)) {
      for (const line of bullets) {
        const c = col.company(line);
        for (const m of line.matchAll(new RegExp(`${LABEL} ${AMT}(?: \\(${PCT}\\))?`, 'g'))) {
          if (!m[1] || !m[2]) continue;
          col.add('revenue trend', c.symbol, m[1], { key: 'revenue', as: 'value' }, m[2]);
          if (m[3]) col.add('revenue trend', c.symbol, m[1], { key: 'revenue', as: 'growth' }, `${m[3]}%`);
        }
      }
    }
    if (/^(Risks|风险提示)$/.test(title)) {
      for (const line of bullets) {
        const c = col.company(line);
        const patterns: Array<[RegExp, Spec, Spec?]> =
          lang === 'en'
            ? [
                [new RegExp(`revenue ${PCT} on a year earlier in ${LABEL}`), { key: 'revenue', as: 'growth' }],
                [
                  new RegExp(`operating margin down to ${PCT} in ${LABEL} \\(${PTS}`),
                  { key: 'operating', as: 'value' },
                  { key: 'operating', as: 'points' },
                ],
              ]
            : [
                [new RegExp(`${LABEL}营收同比${PCT}`), { key: 'revenue', as: 'growth' }],
                [
                  new RegExp(`${LABEL}营业利润率下降至${PCT}（同比${PTS}）`),
                  { key: 'operating', as: 'value' },
                  { key: 'operating', as: 'points' },
                ],
              ];
        for (const [re, first, second] of patterns) {
          const m = re.exec(line);
          if (!m) continue;
          const [label, value] = lang === 'en' ? [m[2], m[1]] : [m[1], m[2]];
          if (!label || !value) continue;
          col.add('risks', c.symbol, label, first, `${value}%`);
          if (second && m[3]) col.add('risks', c.symbol, label, second, m[3]);
        }
        const lev = (
          lang === 'en'
            ? /liabilities are ([\d.]+%) of assets \(at (\d{4}-\d{2}-\d{2})\)/
            : /资产负债率([\d.]+%)（截至 (\d{4}-\d{2}-\d{2})）/
        ).exec(line);
        if (lev?.[1] && lev[2]) {
          const sheet = dataset.financials.get(c.symbol)?.balanceSheets.find((b) => b.end_date === lev[2] && b.period === 'quarterly');
          if (!sheet) throw new Error(`no balance sheet of ${c.symbol} at ${lev[2]}`);
          col.add('risks', c.symbol, `${sheet.fiscal_quarter} FY${sheet.fiscal_year}`, { key: 'leverage', as: 'value' }, lev[1]);
        }
      }
    }
    for (const table of tables(lines)) collectTable(col, title, table, only);
  }
  return col.checks;
}

function collectTable(col: Collector, title: string, table: string[][], only: FoundCompany | undefined): void {
  const [head = [], ...rows] = table;
  const first = head[0] ?? '';
  if (first === 'Metric' || first === '指标') {
    // Metric × (period asked, a year earlier) for one company, or metric × company.
    const periodRow = rows.find((r) => r[0] === 'Period' || r[0] === '报告期') ?? [];
    const columns = head.slice(1).map((h, i) => {
      const c = only ?? col.company(h);
      return { symbol: c.symbol, label: stripDate(periodRow[i + 1] ?? '') };
    });
    for (const row of rows) {
      const spec = ROW_KEYS[row[0] ?? ''];
      if (!spec) continue;
      columns.forEach((column, i) => {
        if (column.label && column.label !== '—') col.add(title, column.symbol, column.label, spec, row[i + 1] ?? '');
      });
    }
    return;
  }
  if (first === 'Period' || first === '报告期') {
    // Margin trend, revenue trend (one company) and the appendix's quarterly balance sheets.
    const appendix = /^(Appendix|附录)/.test(title);
    const c = appendix ? col.company(title) : only;
    if (!c) return;
    const specs: Array<Spec | undefined> = head
      .slice(1)
      .map((h) =>
        h === 'Growth on a year earlier' || h === '同比'
          ? { key: 'revenue', as: 'growth' }
          : h === 'Cash' || h === '现金'
            ? { key: 'cash', as: 'value' }
            : ROW_KEYS[h],
      );
    for (const row of rows) {
      const label = row[0] ?? '';
      if (appendix) expect(row[1], `${c.symbol} ${label} end date`).toBe(statements(c.symbol).bs(label).end_date);
      specs.forEach((spec, i) => {
        if (spec) col.add(title, c.symbol, label, spec, row[i + 1] ?? '');
      });
    }
    return;
  }
  if ((first === '% of revenue' || first === '占营收比例') && only) {
    const [, nowLabel = '', thenLabel = ''] = head;
    for (const row of rows) {
      const spec = ROW_KEYS[row[0] ?? ''];
      if (!spec) throw new Error(`cost row not understood: ${row[0]}`);
      col.add(title, only.symbol, nowLabel, spec, row[1] ?? '');
      col.add(title, only.symbol, thenLabel, spec, row[2] ?? '');
      col.add(title, only.symbol, nowLabel, { key: spec.key, as: 'points' }, row[3] ?? '');
    }
  }
}
