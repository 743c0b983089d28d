/**
 * Axis and tooltip numbers: thousands separators, at most two decimals (or as many as an axis's
 * step needs to tell its ticks apart), a true minus sign.
 * Pure and locale-fixed ("en-US") so a chart is the same on every machine (snapshot tests).
 */
const formats = new Map<number, Intl.NumberFormat>();

export function formatAxisNumber(value: number, maxDecimals = 2): string {
  if (!Number.isFinite(value)) return '';
  const decimals = Math.min(20, Math.max(2, maxDecimals));
  let format = formats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { maximumFractionDigits: decimals });
    formats.set(decimals, format);
  }
  const text = format.format(Math.abs(value));
  return value < 0 && text !== '0' ? `−${text}` : text;
}
