/**
 * JSON as the service writes it: integers beyond 2^53 (message ids) stay exact. A fixture holds
 * such an id as a BigInt, which JSON.stringify cannot write; it is written as bare digits here.
 */
const MARK = '\u0000bigint:';

export function stringifyWire(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${MARK}${v}` : v)).replace(/"\\u0000bigint:(-?\d+)"/g, '$1');
}

/** The value as a JSON parser sees it (BigInts become numbers), for schema checks. */
export function asParsedJson(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(stringifyWire(value));
}
