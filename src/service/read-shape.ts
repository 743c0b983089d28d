import { ShapeError } from './errors/shape-error.js';

/**
 * Small readers used by the normalisers. Required readers throw ShapeError when a field is
 * missing or of the wrong type; optional readers return undefined for absent fields and tolerate
 * harmless drift (a number where a string is documented, a numeric string where a number is).
 */
export type Json = Record<string, unknown>;

export function join(at: string, key: string | number): string {
  return typeof key === 'number' ? `${at}[${key}]` : at ? `${at}.${key}` : key;
}

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asRecord(value: unknown, at: string): Json {
  if (!isRecord(value)) throw new ShapeError(at, 'object', value);
  return value;
}

export function asArray(value: unknown, at: string): unknown[] {
  if (!Array.isArray(value)) throw new ShapeError(at, 'array', value);
  return value;
}

export function reqString(obj: Json, key: string, at: string): string {
  const value = obj[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new ShapeError(join(at, key), 'string', value);
}

export function optString(obj: Json, key: string): string | undefined {
  const value = obj[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

export function optNumber(obj: Json, key: string): number | undefined {
  return toNumber(obj[key]);
}

export function reqNumber(obj: Json, key: string, at: string): number {
  const n = toNumber(obj[key]);
  if (n === undefined) throw new ShapeError(join(at, key), 'number', obj[key]);
  return n;
}

export function reqInteger(obj: Json, key: string, at: string): number {
  const n = reqNumber(obj, key, at);
  if (!Number.isInteger(n)) throw new ShapeError(join(at, key), 'integer', obj[key]);
  return n;
}

/** Absent or null → fallback; present → must be an array. */
export function optArray(obj: Json, key: string, at: string): unknown[] {
  const value = obj[key];
  if (value === undefined || value === null) return [];
  return asArray(value, join(at, key));
}

export function optRecord(obj: Json, key: string): Json | undefined {
  const value = obj[key];
  return isRecord(value) ? value : undefined;
}

export function optBoolean(obj: Json, key: string): boolean | undefined {
  const value = obj[key];
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 'true') return true;
  if (value === 0 || value === 'false') return false;
  return undefined;
}

export function stringList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map(String);
}

/** Drops keys whose value is undefined so results compare cleanly and serialise small. */
export function compact<T extends object>(obj: T): T {
  for (const key of Object.keys(obj) as Array<keyof T>) {
    if (obj[key] === undefined) delete obj[key];
  }
  return obj;
}
