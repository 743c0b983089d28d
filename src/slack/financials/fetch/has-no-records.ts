/**
 * Whether a kind's fetched data holds lists and every one is empty: the service had nothing for
 * the request. The real service answers an unknown symbol so (empty lists, no 404: the published
 * schema documents no other status for stock routes), which only then costs a check of the symbol.
 */
import { isRecord } from '../../../service/read-shape.js';

/** Nesting deeper than a kind's data goes (statements inside a snapshot inside its parts). */
const MAX_DEPTH = 4;

export function hasNoRecords(data: unknown): boolean {
  let lists = 0;
  let filled = 0;
  const walk = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(value)) {
      lists += 1;
      if (value.length > 0) filled += 1;
      return;
    }
    if (isRecord(value)) for (const v of Object.values(value)) walk(v, depth + 1);
  };
  walk(data, 0);
  return lists > 0 && filled === 0;
}
