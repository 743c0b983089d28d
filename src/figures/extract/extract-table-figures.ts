import type { Tokens } from 'marked';
import { type ExtractedFigure, type FigureMeasure, type FigureMetric, type FigurePeriod, metricsIn } from '../figure-types.js';
import type { CompanyMatcher } from './company-matcher.js';
import { type AxisLabel, type CellValue, readAxisLabel, readCellValue } from './table-axes.js';
import { type GridCell, tableGrid } from './table-grid.js';

export interface TableFigureContext {
  /** The whole report: cell offsets are indexes in it. */
  markdown: string;
  companies: CompanyMatcher;
  /** The company of the section or report, for a table about one company (its header names none). */
  company?: string;
  /** The period the section's heading or the table's caption names, for a table that names none. */
  period?: FigurePeriod;
  /** The metric the section's heading names, for a table whose labels name none ("## Revenue"). */
  metric?: FigureMetric;
}

/**
 * The figures of a Markdown table, whatever its orientation: every data cell takes its company,
 * metric and period from its column header, its row label, the table's label rows and columns
 * (a "Period"/"报告期" row, an "End date"/"截止日" column, a "Company" column) and, failing
 * those, the section. Shapes the reports use:
 * (a) metric rows × company columns with a period row; (b) metric rows × period columns for one
 * company; (c) period rows × metric columns; (d) company rows × metric columns.
 * A cell whose company or metric is not exactly one yields nothing; one whose period is
 * contradictory or missing yields a figure without period (not checkable, never wrong).
 */
export function extractTableFigures(table: Tokens.Table, offset: number, ctx: TableFigureContext): ExtractedFigure[] {
  const grid = tableGrid(table, ctx.markdown, offset);
  const columns = withChangeColumns(
    grid.header.map((cell) => readAxisLabel(cell.text, ctx.companies)),
    grid.rows.find((cells) => readAxisLabel(cells[0]?.text ?? '', ctx.companies).role === 'period'),
    ctx.companies,
  );
  // Under a "Company" or "Period" first column, a row label is read as that and nothing else.
  const first = columns[0];
  const rowLabel = (cell: GridCell | undefined) =>
    first?.role && first.role !== 'metric' ? labelCell(cell, first, ctx.companies) : readAxisLabel(cell?.text ?? '', ctx.companies);
  const rows = grid.rows.map((cells) => ({ cells, label: rowLabel(cells[0]) }));
  // The first column labels the rows; a "Period", "End date" or "Company" column elsewhere does too.
  const labelColumns = new Set(columns.flatMap((c, j) => (j === 0 || (c.role && c.role !== 'metric') ? [j] : [])));
  const periodRow = rows.find((r) => r.label.role === 'period')?.cells;
  const endDateRow = rows.find((r) => r.label.role === 'end_date')?.cells;
  // A table that names its companies along an axis speaks of no other: a "Gap", "Average" or
  // "Sector" column or row beside them is of none, not of the section's company.
  const namesCompanies = columns.some((c) => c.company) || rows.some((r) => r.label.company);
  const cellCtx: TableFigureContext = namesCompanies ? { ...ctx, company: undefined } : ctx;
  const figures: ExtractedFigure[] = [];
  for (const row of rows) {
    if (row.label.role) continue;
    const along = [...labelColumns].flatMap((j) => (j > 0 ? [labelCell(row.cells[j], columns[j], ctx.companies)] : []));
    row.cells.forEach((cell, j) => {
      const column = columns[j];
      if (labelColumns.has(j) || !column) return;
      // The top-left cell labels the whole table ("| Microsoft | Revenue | … |", "| 占营收比例 | … |").
      const corner = j > 0 && first ? [cornerFor(first, column)] : [];
      const figure = cellFigure(cell, [column, row.label, ...along, ...corner], {
        periodCell: periodRow?.[j]?.text,
        endDateCell: endDateRow?.[j]?.text,
        ctx: cellCtx,
      });
      if (figure) figures.push(figure);
    });
  }
  return figures;
}

/**
 * A column of changes ("YoY", "同比", "Change", "变化") without a metric or period of its own: beside a
 * metric column it is that metric's change ("| Revenue | YoY |"); after two period columns a year
 * apart it is the change to the later one ("| Q1 FY2025 | Q1 FY2024 | Change |").
 */
function withChangeColumns(columns: AxisLabel[], periodRow: GridCell[] | undefined, companies: CompanyMatcher): AxisLabel[] {
  const periods = columns.map((c, j) => c.period ?? (periodRow ? readAxisLabel(periodRow[j]?.text ?? '', companies).period : undefined));
  const named = periods.filter((p): p is FigurePeriod => p?.kind !== undefined);
  const [later, earlier] = named;
  const yearApart = named.length === 2 && later && earlier && later.kind === earlier.kind && later.fiscalYear === earlier.fiscalYear + 1;
  return columns.map((c, j) => {
    if (!c.yoy || c.role || c.manyMetrics || c.manyPeriods) return c;
    const out = { ...c };
    const left = columns.slice(1, j).reverse()[0];
    if (!out.metric && left?.metric && !left.yoy) out.metric = left.metric;
    if (!periods[j] && yearApart && later) out.period = later;
    return out;
  });
}

/**
 * The top-left label as it applies under one column: its metric only over columns that name a
 * company, period or metric ("| Revenue (USD bn) | NVIDIA | AMD |"); over unnamed columns
 * ("| Revenue | Data Center | Gaming |": segments) it would give a part the whole's name.
 */
function cornerFor(corner: AxisLabel, column: AxisLabel): AxisLabel {
  if (column.company || column.period || column.metric || column.yoy || !corner.metric) return corner;
  const { metric: _metric, ...rest } = corner;
  return rest;
}

/** A cell in a label column ("Q1 FY2025" under "Period", "AMD" under "Company") read as a label of its role. */
function labelCell(cell: GridCell | undefined, column: AxisLabel | undefined, companies: CompanyMatcher): AxisLabel {
  const text = cell?.text ?? '';
  if (column?.role === 'end_date') return { period: endDateOnly(text) };
  const read = readAxisLabel(text, companies);
  if (column?.role === 'period') return { period: read.period, manyPeriods: read.manyPeriods };
  if (column?.role === 'company') return { company: read.company, manyCompanies: read.manyCompanies || !read.company };
  return read;
}

/** An end date alone, to complete the period named elsewhere on the row or column. */
function endDateOnly(text: string): FigurePeriod | undefined {
  const date = /(?:19|20)\d{2}-\d{2}-\d{2}/.exec(text)?.[0];
  return date ? ({ endDate: date } as FigurePeriod) : undefined;
}

interface CellExtras {
  periodCell: string | undefined;
  endDateCell: string | undefined;
  ctx: TableFigureContext;
}

function cellFigure(cell: GridCell, labels: AxisLabel[], extras: CellExtras): ExtractedFigure | undefined {
  const { ctx } = extras;
  if (labels.some((l) => l.manyCompanies || l.manyMetrics)) return undefined;
  const symbols = new Set(labels.flatMap((l) => (l.company ? [l.company] : [])));
  if (symbols.size > 1) return undefined;
  const symbol = [...symbols][0] ?? ctx.company;
  const metrics = new Map(labels.flatMap((l) => (l.metric ? [[`${l.metric.metric}/${l.metric.measure}`, l.metric] as const] : [])));
  if (!symbol || metrics.size > 1) return undefined;
  const [named] = metrics.size > 0 ? metrics.values() : ctx.metric ? [{ metric: ctx.metric, measure: 'level' as const }] : [];
  if (!named) return undefined;
  const asShare = labels.some((l) => l.shareOfRevenue) ? SHARE_OF_REVENUE[named.metric] : undefined;
  const metric = asShare ? { ...named, metric: asShare } : named;
  const unit = labels.find((l) => l.unit)?.unit;
  const read = readCellValue(cell.text, unit, metric.metric === 'eps_basic' || metric.metric === 'eps_diluted');
  if (!read) return undefined;
  const measure = cellMeasure(metric, labels, read);
  if (!measure) return undefined;
  const period = cellPeriod(labels, extras);
  const figure: ExtractedFigure = {
    symbol,
    metric: metric.metric,
    measure,
    value: read.value,
    written: read.written,
    source: 'table',
    offset: cell.plain.offsets[read.index] ?? cell.offset,
  };
  if (period) figure.period = period;
  return figure;
}

/** An amount's share of revenue, under a "% of revenue" / "占营收比例" label. */
const SHARE_OF_REVENUE: Partial<Record<FigureMetric, FigureMetric>> = {
  cost_of_sales: 'cost_of_sales_ratio',
  gross_profit: 'gross_margin',
  operating_profit: 'operating_margin',
  net_profit: 'net_margin',
  net_profit_to_owners: 'net_margin',
};

/** Ratios of revenue (or of assets): their change on a year earlier is in points. */
const RATIOS = metricsIn('percent');
/** Expense words ("R&D", "管理费用") read as ratios: an amount under them is the expense, not a ratio. */
const EXPENSE_RATIOS: ReadonlySet<FigureMetric> = new Set(['cost_of_sales_ratio', 'rnd_ratio', 'admin_ratio', 'selling_ratio']);

/**
 * What the cell measures: the label's measure, or a change on a year earlier when a label or the
 * value says so ("YoY", "同比", points). Undefined when the cell cannot be what its labels name:
 * a bare percentage under an amount ("Revenue | +9.2%" is growth or a slip, not revenue), an
 * amount under an expense ratio.
 */
function cellMeasure(
  metric: { metric: FigureMetric; measure: FigureMeasure },
  labels: AxisLabel[],
  read: CellValue,
): FigureMeasure | undefined {
  const ratio = RATIOS.has(metric.metric);
  const unit = read.value.unit;
  let measure = metric.measure;
  if (measure === 'level' && (labels.some((l) => l.yoy) || read.measure)) measure = ratio ? 'yoy_change' : 'yoy_growth';
  // Points alone ("| Gap | 22.1 pts |") are a difference, of a year or of a peer: only a label or the value says which.
  if (measure === 'level' && unit === 'points') return undefined;
  if (measure === 'yoy_growth' && ratio && unit === 'points') measure = 'yoy_change';
  // A growth is a percent; a ratio's change is in points ("+1.8%" of a margin may be relative).
  if (measure === 'yoy_growth') return unit === 'percent' ? measure : undefined;
  if (measure === 'yoy_change') return ratio && unit === 'points' ? measure : undefined;
  if (unit === 'percent' && !ratio) return undefined;
  if (EXPENSE_RATIOS.has(metric.metric) && (unit === 'amount' || unit === 'per_share')) return undefined;
  return measure;
}

/**
 * The one period the cell's labels name, completed by an end date given beside it. Periods
 * that disagree, or a label naming several, leave the figure without a period.
 */
function cellPeriod(labels: AxisLabel[], extras: CellExtras): FigurePeriod | undefined {
  const ctx = extras.ctx;
  const fromRow = extras.periodCell === undefined ? undefined : readAxisLabel(extras.periodCell, ctx.companies);
  const fromDates = extras.endDateCell === undefined ? undefined : endDateOnly(extras.endDateCell);
  const all = [...labels, ...(fromRow ? [fromRow] : [])];
  if (all.some((l) => l.manyPeriods)) return undefined;
  const named = all.flatMap((l) => (l.period?.kind ? [l.period] : []));
  const dates = [...all, ...(fromDates ? [{ period: fromDates }] : [])].flatMap((l) => (l.period?.endDate ? [l.period.endDate] : []));
  const distinct = new Map(named.map((p) => [`${p.kind}/${p.fiscalYear}/${p.calendarYear ?? false}`, p]));
  if (distinct.size > 1 || new Set(dates).size > 1) return undefined;
  const [period] = distinct.values();
  const base = period ?? (dates.length === 0 ? ctx.period : undefined);
  if (!base) return undefined;
  const endDate = dates[0] ?? base.endDate;
  return endDate ? { ...base, endDate } : { ...base };
}
