/**
 * Axis and tooltip numbers: thousands separators, at most two decimals, a true minus sign.
 * Pure and locale-fixed ("en-US") so a chart is the same on every machine (snapshot tests).
 */
const TWO_DECIMALS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function formatAxisNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  const text = TWO_DECIMALS.format(Math.abs(value));
  return value < 0 ? `−${text}` : text;
}
