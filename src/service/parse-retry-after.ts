/**
 * Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). Returns milliseconds to
 * wait from `nowMs`, or undefined when the header is absent or unreadable.
 */
export function parseRetryAfter(header: string | string[] | undefined, nowMs: number): number | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  if (!Number.isFinite(at)) return undefined;
  return Math.max(0, at - nowMs);
}
