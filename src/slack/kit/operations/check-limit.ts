/** An operation's optional count input (`limit`), checked: a whole number in range, or the default. */
import { OperationInputError } from './operation-input-error.js';

export function checkLimit(value: unknown, range: { field?: string; max: number; fallback: number }): number {
  const field = range.field ?? 'limit';
  if (value === undefined || value === null) return range.fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > range.max) {
    throw new OperationInputError({
      code: typeof value === 'number' && Number.isInteger(value) ? 'out_of_range' : 'bad_format',
      field,
      message: `${field} must be a whole number from 1 to ${range.max} (leave it empty for ${range.fallback}).`,
    });
  }
  return value;
}
