/** How the earnings calendar names a report's timing: the card's "Time" column. */
import type { ReportTiming } from '../../../service/schemas/earnings-calendar-schema.js';

const LABELS: Record<ReportTiming, string> = {
  'before-open': 'Before open',
  'after-close': 'After close',
  'during-hours': 'During hours',
};

export function timingLabel(timing: ReportTiming | undefined): string {
  return timing ? LABELS[timing] : 'Not given';
}
