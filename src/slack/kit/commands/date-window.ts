/** `since:` / `until:` / `last:` filters shared by the commands: validated into a start/end pair. */
import { parseDate, parseRelativeStart } from '../../../service/dates.js';
import type { UsageProblem } from './usage-problem.js';

export interface DateWindow {
  since?: { token: string; value: string };
  until?: { token: string; value: string };
  last?: { token: string; value: string };
}

export interface ResolvedWindow {
  startDate?: string;
  endDate?: string;
}

/** Records one date filter, reporting bad dates and duplicates. */
export function addDateFilter(
  window: DateWindow,
  key: 'since' | 'until' | 'last',
  value: string,
  token: string,
  problems: UsageProblem[],
  now: Date | undefined,
): void {
  if (window[key]) {
    problems.push({ token, message: `\`${key}:\` is given twice.`, example: `${key}:${key === 'last' ? '30d' : '2024-01-01'}` });
    return;
  }
  if (key === 'last') {
    if (!now) {
      problems.push({ token, message: '`last:` is not available here; give dates instead.', example: 'since:2024-01-01 until:2024-06-30' });
      return;
    }
    const r = parseRelativeStart(value, now);
    if (!r.ok) problems.push({ token, message: r.message, example: 'last:30d' });
    else window.last = { token, value: r.value };
    return;
  }
  const r = parseDate(value);
  if (!r.ok) problems.push({ token, message: r.message, example: `${key}:${key === 'since' ? '2024-01-01' : '2024-06-30'}` });
  else window[key] = { token, value: r.value };
}

/** Checks the combination (since vs last, order) and returns the dates. */
export function resolveWindow(window: DateWindow, problems: UsageProblem[]): ResolvedWindow {
  if (window.since && window.last) {
    problems.push({
      token: `${window.since.token} ${window.last.token}`,
      message: '`since:` and `last:` both set the start date; keep one.',
      example: 'last:30d',
    });
  }
  const start = window.since?.value ?? window.last?.value;
  const end = window.until?.value;
  if (start && end && start > end) {
    problems.push({
      token: window.until?.token ?? '',
      message: `The end date ${end} is before the start date ${start}.`,
      example: 'since:2024-01-01 until:2024-06-30',
    });
  }
  const out: ResolvedWindow = {};
  if (start) out.startDate = start;
  if (end) out.endDate = end;
  return out;
}
