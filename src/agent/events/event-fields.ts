/**
 * Tolerant readers for the loosely typed parts of workflow stream events (input, output,
 * usage, error). The service documents their layout only partly, so each reader accepts every
 * shape seen or plausible and returns undefined instead of throwing.
 */

export type JsonObject = Record<string, unknown>;

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function readString(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

export function readNonEmptyString(v: unknown): string | undefined {
  const s = readString(v);
  return s !== undefined && s.trim() !== '' ? s : undefined;
}

export function readNumber(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

/** First value among `keys` of `obj` that reads as a non-empty string. */
export function pickString(obj: JsonObject | undefined, keys: readonly string[]): string | undefined {
  if (!obj) return undefined;
  for (const k of keys) {
    const s = readNonEmptyString(obj[k]);
    if (s !== undefined) return s;
  }
  return undefined;
}

export function pickNumber(obj: JsonObject | undefined, keys: readonly string[]): number | undefined {
  if (!obj) return undefined;
  for (const k of keys) {
    const n = readNumber(obj[k]);
    if (n !== undefined) return n;
  }
  return undefined;
}

/** JSON.parse that returns undefined on bad input; objects pass through unparsed. */
export function parseJsonLoose(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const s = v.trim();
  if (s === '' || (s[0] !== '{' && s[0] !== '[')) return undefined;
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return undefined;
  }
}

/** Collapses whitespace and cuts to `max` characters with an ellipsis. */
export function oneLine(s: string, max: number): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  let cut = Math.max(0, max - 1);
  // Never leave half a surrogate pair behind.
  const code = flat.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return `${flat.slice(0, cut).trimEnd()}…`;
}
