/**
 * A chart's title naming its companies: "Kweichow Moutai (SH:600519) · income statement",
 * "NVIDIA (US:NVDA) vs AMD (US:AMD) · share price". The same title goes to the native block,
 * which holds 50 characters, and to the PNG: when the full form is longer, the names alone, then
 * the symbols alone, then as many symbols as fit (the legend and the cards keep both). Pure.
 */

export interface ChartCompany {
  symbol: string;
  name?: string;
}

/** Slack's data_visualization title limit (SLACK_LIMITS.dataVizTitleChars; src/charts imports nothing of ours, a test keeps them equal). */
export const NATIVE_CHART_TITLE_CHARS = 50;

const length = (text: string): number => [...text].length;

export function companyLabel(c: ChartCompany): string {
  const name = c.name?.trim();
  return name && name !== c.symbol ? `${name} (${c.symbol})` : c.symbol;
}

export interface ChartTitleOptions {
  /** How several companies are joined, in the chart's language (default "A vs B"). */
  join?: (names: string[]) => string;
  maxChars?: number;
}

export function companiesChartTitle(companies: readonly ChartCompany[], what: string, options: ChartTitleOptions = {}): string {
  const join = options.join ?? ((names: string[]) => names.join(' vs '));
  const maxChars = options.maxChars ?? NATIVE_CHART_TITLE_CHARS;
  const forms = [companies.map(companyLabel), companies.map((c) => c.name?.trim() || c.symbol), companies.map((c) => c.symbol)].map(
    (names) => (names.length > 0 ? `${join(names)} · ${what}` : what),
  );
  const fits = forms.find((t) => length(t) <= maxChars);
  if (fits !== undefined) return fits;
  // Too many companies even as symbols: cut the list, never what the chart shows (the legend names them all).
  const room = Math.max(1, maxChars - length(what) - 4);
  const symbols = [...join(companies.map((c) => c.symbol))];
  return `${symbols.slice(0, room).join('').trimEnd()}… · ${what}`;
}
