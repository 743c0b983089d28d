import { z } from 'zod';
import { isRecord } from '../read-shape.js';

/**
 * Field schemas the response schemas are built from. The interface is loose about types in places
 * (years as numbers or strings, amounts as numeric strings), so required fields accept that
 * harmless drift, and optional fields read anything unusable as absent: only what the app cannot
 * do without fails a response.
 */

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A numeric string → the number it spells; anything else unchanged (and judged by the schema). */
function numericText(v: unknown): unknown {
  if (typeof v !== 'string' || v.trim() === '') return v;
  const n = Number(v);
  return Number.isFinite(n) ? n : v;
}

/** A string; a finite number counts as its decimal text. */
export const wireString = z.preprocess((v) => (isFiniteNumber(v) ? String(v) : v), z.string());
// The common case (a string, or absent) takes zod's fast path; the rest is sorted out in catch.
export const optionalString = z
  .string()
  .optional()
  .catch(({ input }) => (isFiniteNumber(input) ? String(input) : undefined));

/** A finite number; a numeric string counts as the number it spells. */
export const wireNumber = z.preprocess(numericText, z.number());
export const optionalNumber = z
  .number()
  .optional()
  .catch(({ input }) => {
    const n = numericText(input);
    return isFiniteNumber(n) ? n : undefined;
  });

/**
 * An id the service sends as an integer (conversation and message ids): its decimal text. The real
 * service's ids pass 2^53, so they are carried as text; the JSON parser (parse-json-text.ts) hands
 * such a literal over as its digits, and a numeric string counts too.
 */
export const wireId = z.union([
  z
    .string()
    .trim()
    .regex(/^\d{1,40}$/, 'an integer id'),
  z
    .number()
    .refine((n) => Number.isInteger(n) && n >= 0, 'an integer id')
    .transform((n) => BigInt(n).toString()),
]);
export const optionalId = wireId.optional().catch(undefined);

/** true/false, also as 1/0 or 'true'/'false'. */
export const optionalBoolean = z
  .boolean()
  .optional()
  .catch(({ input }) => (input === 1 || input === 'true' ? true : input === 0 || input === 'false' ? false : undefined));

export const optionalRecord = z.record(z.string(), z.unknown()).optional().catch(undefined);

/** Absent or null → []; present → must be an array of `item`. */
export function listOf<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullish()
    .transform((list) => list ?? []);
}

/** As listOf, but members that are not objects are skipped rather than failing the list. */
export function recordsIn<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => (Array.isArray(v) ? v.filter(isRecord) : v), listOf(item));
}

/** Strings (numbers as text) of a list, or a single string as a list of one; anything else is dropped. */
export function toStringList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map(String);
}

/** A lenient list of strings (keywords, tag values): never fails. */
export const looseStringList = z.unknown().optional().transform(toStringList);

/** Must be an array when present; its strings (numbers as text) are kept, anything else dropped. */
export const stringsIn = listOf(z.unknown()).transform(toStringList);

/** Reports a required field that none of its documented names carried; the transform then yields nothing. */
export function missingField(ctx: z.RefinementCtx, key: string): never {
  ctx.addIssue({ code: 'invalid_type', expected: 'string', path: [key], input: undefined });
  return z.NEVER;
}
