import type { RichTextBlock } from '@slack/types';
import { describe, expect, it } from 'vitest';
import type { EarningsCalendarOutput, EarningsReport } from '../../../src/slack/kit/operations/earnings-calendar-types.js';
import { formatEarningsCalendar } from '../../../src/slack/workflows/format/format-earnings-calendar.js';
import { expectInert, texts } from './support/rich-text-output.js';

const HOSTILE = 'Alert <!channel> <!here|here> <@U999> @channel @everyone';

const text = (block: RichTextBlock): string => texts(block).join('');

const report = (over: Partial<EarningsReport> = {}): EarningsReport => ({
  market: 'us',
  company: 'NVIDIA',
  symbol: 'US:NVDA',
  date: '2025-11-19',
  timing: 'after_close',
  timingLabel: 'After close',
  period: 'Q3 FY2026',
  ...over,
});

const calendar = (over: Partial<EarningsCalendarOutput> = {}): EarningsCalendarOutput => ({
  startDate: '2025-11-17',
  endDate: '2025-11-23',
  markets: ['us'],
  reports: [report()],
  reportCount: 1,
  failedMarkets: [],
  ...over,
});

describe('formatEarningsCalendar', () => {
  it('gives the week, one line per report as the card’s row, the count and the Monday', () => {
    const out = formatEarningsCalendar(calendar());
    expect(out.report_count).toBe(1);
    expect(out.week_start).toBe('2025-11-17');
    expect(text(out.calendar)).toBe(
      'Earnings calendar · US — week of Mon 17 Nov – Sun 23 Nov 2025 · 1 reportWed 19 Nov · NVIDIA (US:NVDA) — After close · Q3 FY2026',
    );
    const several = formatEarningsCalendar(
      calendar({ markets: ['hk', 'us'], failedMarkets: [{ market: 'hk', reason: 'the service is unavailable right now' }] }),
    );
    expect(text(several.calendar)).toContain('— After close · Q3 FY2026 · US');
    expect(text(several.calendar)).toContain('Not shown: the Hong Kong calendar (the service is unavailable right now).');
  });

  it('an empty week gives the next week with reports, or says none is scheduled', () => {
    const next = formatEarningsCalendar(
      calendar({
        reports: [],
        reportCount: 0,
        nextWeekWithReports: { startDate: '2025-12-01', endDate: '2025-12-07', reports: [report({ date: '2025-12-02' })] },
      }),
    );
    expect(next.report_count).toBe(0);
    expect(text(next.calendar)).toContain(
      'No earnings reports are scheduled for US in the week of Mon 17 Nov – Sun 23 Nov 2025; the next are in the week of Mon 1 Dec – Sun 7 Dec 2025 (1 report):',
    );
    expect(text(next.calendar)).toContain('Tue 2 Dec · NVIDIA (US:NVDA)');
    const none = formatEarningsCalendar(
      calendar({ reports: [], reportCount: 0, nextWeekWithReports: { startDate: '2025-11-24', endDate: '2026-02-22', reports: [] } }),
    );
    expect(text(none.calendar)).toContain('nor in the weeks up to Sun 22 Feb 2026.');
  });

  it('keeps untrusted company names inert and caps the list', () => {
    const reports = Array.from({ length: 120 }, (_, i) => report({ company: HOSTILE, symbol: `US:X${i}` }));
    const out = formatEarningsCalendar(calendar({ reports, reportCount: 120 }));
    expectInert(text(out.calendar));
    expect(text(out.calendar)).toContain('21 more reports not shown');
    expect(JSON.stringify(out.calendar).length).toBeLessThan(40_000);
  });
});
