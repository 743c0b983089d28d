/**
 * Reading what an upload names besides its bytes: `tags` and `metadatas` (JSON text in a form, an
 * object in a JSON body), `published_at`. A bad value is a 422 naming its field.
 */
import type { FieldReader } from '../validation.js';
import type { UploadRecord } from './upload-record.js';

const TAGS_SHAPE = 'a JSON object mapping a tag type to a list of strings, e.g. {"industry": ["Semiconductors"]}';
const METADATAS_SHAPE = 'a JSON object such as {"period": "2023Q4", "entities": ["companyA"]}';

type Path = Array<string | number>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** A form field holding JSON: the parsed value, or an issue. */
export function jsonFormField(r: FieldReader, name: string): unknown {
  const text = r.string(name);
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    r.issue([name], `Value error, ${name} must be valid JSON`, 'value_error', text);
    return undefined;
  }
}

export function readTags(r: FieldReader, path: Path, value: unknown): UploadRecord['tags'] {
  if (value === undefined || value === null) return {};
  if (!isObject(value) || !Object.values(value).every(isStringList)) {
    r.issue(path, `Value error, tags must be ${TAGS_SHAPE}`, 'value_error', value);
    return {};
  }
  const out: UploadRecord['tags'] = {};
  for (const [type, values] of Object.entries(value as Record<string, string[]>)) {
    const kept = values.map((v) => v.trim()).filter((v) => v !== '');
    if (kept.length > 0) out[type] = kept;
  }
  return out;
}

export function readMetadatas(r: FieldReader, path: Path, value: unknown): UploadRecord['metadatas'] {
  const empty = { period: '', periods: [], entities: [] };
  if (value === undefined || value === null) return empty;
  const ok =
    isObject(value) &&
    (value.period === undefined || typeof value.period === 'string') &&
    (value.periods === undefined || isStringList(value.periods)) &&
    (value.entities === undefined || isStringList(value.entities));
  if (!ok) {
    r.issue(path, `Value error, metadatas must be ${METADATAS_SHAPE}`, 'value_error', value);
    return empty;
  }
  const period = typeof value.period === 'string' ? value.period : '';
  const periods = isStringList(value.periods) ? value.periods : period ? [period] : [];
  return { period, periods: [...periods], entities: isStringList(value.entities) ? [...value.entities] : [] };
}
