import { z } from 'zod';

/** Items a list schema left out, for the log line that counts them. */
export interface SkippedItems {
  count: number;
  /** Where the first one failed, e.g. `[3].id: Invalid input: expected string, received undefined`. */
  first?: string;
}

/**
 * A list whose items are parsed one by one: an item that fails its schema (a `null`, a
 * document without an id) is left out and counted instead of failing the whole answer, so one
 * bad search hit costs one hit, not the page. Absent or null → no items (unless `required`); a
 * non-array still fails. The caller logs `skipped` (src/service/report-skipped.ts).
 */
export function lenientListOf<T extends z.ZodType>(item: T, opts: { required?: boolean } = {}) {
  const list = opts.required ? z.array(z.unknown()) : z.array(z.unknown()).nullish();
  return list.transform((list) => {
    const items: Array<z.output<T>> = [];
    const skipped: SkippedItems = { count: 0 };
    (list ?? []).forEach((raw, index) => {
      const parsed = item.safeParse(raw);
      if (parsed.success) {
        items.push(parsed.data);
        return;
      }
      skipped.count += 1;
      if (skipped.first === undefined) {
        const issue = parsed.error.issues[0];
        const at = (issue?.path ?? []).map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
        skipped.first = `[${index}]${at}: ${issue?.message ?? 'unreadable'}`;
      }
    });
    return { items, skipped };
  });
}
