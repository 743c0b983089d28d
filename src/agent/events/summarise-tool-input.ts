import { isObject, oneLine, readNonEmptyString, readNumber, type JsonObject } from './event-fields.js';

const MAX_KEY_INPUT = 160;

/** YYYY-MM-DD part of a YYYY-MM-DD[ HH:MM:SS] string; other strings unchanged. */
function datePart(s: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(s.trim());
  return m?.[1] ?? s.trim();
}

function symbolsOf(v: unknown): string | undefined {
  if (Array.isArray(v)) {
    const items = v.map((x) => readNonEmptyString(x)).filter((x): x is string => x !== undefined);
    if (items.length === 0) return undefined;
    const shown = items.slice(0, 4).join(', ');
    return items.length > 4 ? `${shown} +${items.length - 4}` : shown;
  }
  return readNonEmptyString(v);
}

/**
 * One short line saying what a tool call does, from its `input`: the query, symbols, date
 * range, result count and file type (the keys the service's tools use). Falls back to the
 * first string value. Plain text, untrusted: the renderer escapes it.
 */
export function summariseToolInput(input: unknown): string {
  if (!isObject(input)) return readNonEmptyString(input) ? oneLine(String(input), MAX_KEY_INPUT) : '';
  const obj: JsonObject = input;
  const parts: string[] = [];
  const query = readNonEmptyString(obj.query) ?? readNonEmptyString(obj.q) ?? readNonEmptyString(obj.keyword);
  if (query) parts.push(`“${oneLine(query, 100)}”`);
  const symbols = symbolsOf(obj.symbols ?? obj.symbol);
  if (symbols) parts.push(symbols);
  const start = readNonEmptyString(obj.start_datetime ?? obj.start_date);
  const end = readNonEmptyString(obj.end_datetime ?? obj.end_date);
  if (start && end) parts.push(`${datePart(start)} → ${datePart(end)}`);
  else if (start) parts.push(`from ${datePart(start)}`);
  else if (end) parts.push(`until ${datePart(end)}`);
  const num = readNumber(obj.num ?? obj.limit ?? obj.top_k);
  if (num !== undefined) parts.push(`top ${num}`);
  const filetype = readNonEmptyString(obj.filetype);
  if (filetype) parts.push(filetype);
  if (parts.length === 0) {
    for (const v of Object.values(obj)) {
      const s = readNonEmptyString(v);
      if (s) return oneLine(s, MAX_KEY_INPUT);
    }
    return '';
  }
  return oneLine(parts.join(' · '), MAX_KEY_INPUT);
}
