import type { MetadataMap, TagMap } from './types.js';
import { isRecord, stringList } from './read-shape.js';

/**
 * Tags and metadatas come as a map (type → values) or, in one documented variant, as a single
 * `{key, value}` pair (some samples also show a list of such pairs). All fold into one map.
 * Unknown shapes become an empty map: tags are decoration, never worth failing a call over.
 */
export function normaliseTags(raw: unknown): TagMap {
  const out: TagMap = {};
  for (const [key, value] of pairsOf(raw)) {
    const values = stringList(value);
    out[key] = [...(out[key] ?? []), ...values];
  }
  return out;
}

export function normaliseMetadatas(raw: unknown): MetadataMap {
  const out: MetadataMap = {};
  for (const [key, value] of pairsOf(raw)) {
    if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
    else if (Array.isArray(value)) out[key] = stringList(value);
  }
  return out;
}

/** True for the single-pair form: an object whose only members are a string `key` and `value`. */
export function isKeyValuePair(raw: unknown): raw is { key: string; value: unknown } {
  if (!isRecord(raw) || typeof raw.key !== 'string' || !('value' in raw)) return false;
  return Object.keys(raw).every((k) => k === 'key' || k === 'value');
}

function pairsOf(raw: unknown): Array<[string, unknown]> {
  if (isKeyValuePair(raw)) return [[raw.key, raw.value]];
  if (Array.isArray(raw)) return raw.filter(isKeyValuePair).map((p) => [p.key, p.value]);
  if (isRecord(raw)) return Object.entries(raw);
  return [];
}
