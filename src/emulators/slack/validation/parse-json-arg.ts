/** Form-encoded Web API calls carry objects as JSON strings; JSON calls carry them as-is. */
export function parseJsonArg(value: unknown): { ok: true; value: unknown } | { ok: false } {
  if (typeof value !== 'string') return { ok: true, value };
  try {
    return { ok: true, value: JSON.parse(value) as unknown };
  } catch {
    return { ok: false };
  }
}
