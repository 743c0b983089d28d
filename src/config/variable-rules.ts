/**
 * The rules a variable's text is checked by, shared by every slice of the configuration. Issue
 * messages are the problem only; loadConfig prefixes the variable and adds its example.
 */
import { z } from 'zod';

/** A variable as set: trimmed, and blank counted as unset (an empty `FOO=` in a compose file). */
export const setting = z
  .string()
  .optional()
  .transform((raw) => raw?.trim() || undefined);

export function fail(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/** A problem of a rule that joins variables, reported under the variable to change. */
export function issue(ctx: z.RefinementCtx, variable: string, message: string): never {
  ctx.addIssue({ code: 'custom', message, path: [variable] });
  return z.NEVER;
}

/** Runs a rule for a variable only one mode reads, reporting under that variable. */
export function checkIn<T>(ctx: z.RefinementCtx, variable: string, rule: z.ZodType<T>, raw: string | undefined): T {
  const result = rule.safeParse(raw);
  if (result.success) return result.data;
  for (const problem of result.error.issues) ctx.addIssue({ code: 'custom', message: problem.message, path: [variable] });
  return z.NEVER;
}

export function numberIn(fallback: number, min: number, max: number) {
  return setting.transform((raw, ctx) => {
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (Number.isFinite(value) && value >= min && value <= max) return value;
    return fail(ctx, `must be a number from ${min} to ${max}, got "${raw}"`);
  });
}

/** An integer in [min, max]; unset stays undefined, so the default lives with the code that uses it. */
export function optionalIntegerIn(min: number, max: number) {
  return setting.transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    const value = Number(raw);
    if (Number.isInteger(value) && value >= min && value <= max) return value;
    return fail(ctx, `must be a whole number from ${min} to ${max}, got "${raw}"`);
  });
}

export function portNumber(fallback: number) {
  return setting.transform((raw, ctx) => {
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (Number.isInteger(value) && value >= 0 && value <= 65_535) return value;
    return fail(ctx, `must be a port number from 0 to 65535, got "${raw}"`);
  });
}

/** Case-insensitive choice. */
export function oneOf<const T extends string>(allowed: readonly T[], fallback: T) {
  return setting.transform((raw, ctx): T => {
    if (raw === undefined) return fallback;
    const lower = raw.toLowerCase() as T;
    if (allowed.includes(lower)) return lower;
    return fail(ctx, `must be one of ${allowed.join(', ')}, got "${raw}"`);
  });
}

/** `true`/`false` (also 1/0, yes/no). */
export function flag(fallback: boolean) {
  return setting.transform((raw, ctx) => {
    if (raw === undefined) return fallback;
    const lower = raw.toLowerCase();
    if (['true', '1', 'yes'].includes(lower)) return true;
    if (['false', '0', 'no'].includes(lower)) return false;
    return fail(ctx, `must be true or false, got "${raw}"`);
  });
}

/** A secret token with a known prefix; the message never repeats the value. */
export function token(prefix: string, problem: string) {
  return setting.refine((raw) => raw === undefined || raw.startsWith(prefix), problem);
}

export const httpUrl = setting.transform((raw, ctx) => {
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return fail(ctx, 'is not a valid URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return fail(ctx, 'must be an http:// or https:// URL');
  return raw;
});
