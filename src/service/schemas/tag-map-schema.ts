import { z } from 'zod';
import { isRecord } from '../read-shape.js';
import { toStringList } from './wire-fields.js';

/*
 * Tags and metadatas come as a map (type → values) or, in one documented variant, as a single
 * `{key, value}` pair (some samples also show a list of such pairs). All fold into one map.
 * Unknown shapes become an empty map: tags are decoration, never worth failing a call over.
 */

/** The single-pair form: an object whose only members are a string `key` and a `value`. */
function isKeyValuePair(raw: unknown): raw is { key: string; value: unknown } {
  return isRecord(raw) && typeof raw.key === 'string' && 'value' in raw && Object.keys(raw).every((k) => k === 'key' || k === 'value');
}

const pairsOf = (map: Record<string, unknown>): Array<[string, unknown]> =>
  isKeyValuePair(map) ? [[map.key, map.value]] : Object.entries(map);

// The map form first: it is what the service sends nearly always, and a union stops at the first fit.
const pairs = z
  .union([
    z.record(z.string(), z.unknown()).transform(pairsOf),
    z.array(z.unknown()).transform((list) => list.filter(isKeyValuePair).map((p): [string, unknown] => [p.key, p.value])),
  ])
  .catch([]);

/** Tag type (industry, company, person, event) → values. */
export const tagMapSchema = pairs.transform((entries) => {
  const out: Partial<Record<string, string[]>> = {};
  for (const [key, value] of entries) out[key] = [...(out[key] ?? []), ...toStringList(value)];
  return out;
});

/** Metadata type (period, periods, entities, …) → a value or values. */
export const metadataMapSchema = pairs.transform((entries) => {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of entries) {
    if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
    else if (Array.isArray(value)) out[key] = toStringList(value);
  }
  return out;
});
