import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  dateFromIso,
  dateFromMs,
  formatDate,
  isValidDate,
  marketDate,
  marketTimeZone,
  parseDate,
  parseDateTime,
  parseRelativeStart,
  todayIn,
} from '../../src/service/dates.js';

const NOW = new Date('2025-03-31T20:00:00Z');

describe('dates', () => {
  it('accepts real calendar dates only', () => {
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('2023-02-29')).toBe(false);
    expect(isValidDate('2024-13-01')).toBe(false);
    expect(isValidDate('2024-1-01')).toBe(false);
    expect(isValidDate('1989-12-31')).toBe(false);
    expect(parseDate(' 2024-06-30 ')).toEqual({ ok: true, value: '2024-06-30' });
  });

  it('validates date-times', () => {
    expect(parseDateTime('2024-06-30 23:59:59')).toEqual({ ok: true, value: '2024-06-30 23:59:59' });
    expect(parseDateTime('2024-06-30 24:00:00').ok).toBe(false);
    expect(parseDateTime('2024-06-31 10:00:00').ok).toBe(false);
    expect(parseDateTime('2024-06-30T10:00:00').ok).toBe(false);
  });

  it('resolves relative windows against the injected clock', () => {
    expect(parseRelativeStart('30d', NOW)).toEqual({ ok: true, value: '2025-03-01' });
    expect(parseRelativeStart('last:2w', NOW)).toEqual({ ok: true, value: '2025-03-17' });
    expect(parseRelativeStart('1m', NOW)).toEqual({ ok: true, value: '2025-02-28' });
    expect(parseRelativeStart('1y', new Date('2024-02-29T00:00:00Z'))).toEqual({ ok: true, value: '2023-02-28' });
    // In Shanghai it is already April 1st.
    expect(parseRelativeStart('1d', NOW, 'Asia/Shanghai')).toEqual({ ok: true, value: '2025-03-31' });
    expect(parseRelativeStart('0d', NOW).ok).toBe(false);
    expect(parseRelativeStart('200y', NOW).ok).toBe(false);
    expect(parseRelativeStart('30x', NOW).ok).toBe(false);
  });

  it('formats timestamps defensively', () => {
    expect(todayIn(NOW, 'Asia/Shanghai')).toBe('2025-04-01');
    expect(dateFromMs(Number.NaN)).toBeUndefined();
    expect(dateFromMs(1e20)).toBeUndefined();
    expect(dateFromIso('2024-06-30T08:00:00.000Z')).toBe('2024-06-30');
    expect(dateFromIso('garbage')).toBeUndefined();
  });

  it('round-trips every real date and rejects impossible ones (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }), (d) => {
        const s = formatDate(d);
        expect(parseDate(s)).toEqual({ ok: true, value: s });
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1990, max: 2100 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), (y, m, d) => {
        const s = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        const real = new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d;
        expect(isValidDate(s)).toBe(real);
      }),
    );
  });

  it('relative starts are valid dates, never after today, monotonic in n (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom('d', 'w', 'm', 'y'),
        fc.integer({ min: 1, max: 9 }),
        (now, unit, n) => {
          const a = parseRelativeStart(`${n}${unit}`, now);
          const b = parseRelativeStart(`${n + 1}${unit}`, now);
          expect(a.ok && b.ok).toBe(true);
          if (!a.ok || !b.ok) return;
          expect(isValidDate(a.value)).toBe(true);
          expect(a.value < todayIn(now)).toBe(true);
          expect(b.value < a.value).toBe(true);
        },
      ),
    );
  });

  it('addMonths clamps to the end of shorter months', () => {
    expect(formatDate(addMonths(new Date(Date.UTC(2024, 0, 31)), 1))).toBe('2024-02-29');
    expect(formatDate(addMonths(new Date(Date.UTC(2024, 2, 31)), -13))).toBe('2023-02-28');
  });

  it('dates a publication in its market’s own zone', () => {
    expect(marketTimeZone('cn')).toBe('Asia/Shanghai');
    expect(marketTimeZone(undefined, 'SZ:300750')).toBe('Asia/Shanghai');
    expect(marketTimeZone('HK')).toBe('Asia/Hong_Kong');
    expect(marketTimeZone('', 'US:NVDA')).toBe('America/New_York');
    expect(marketTimeZone('jp', 'NVDA')).toBeUndefined();
    // A Shanghai filing at 00:30 local time is that day, not the day before (16:30 UTC).
    const filing = Date.parse('2024-06-29T16:30:00Z');
    expect(marketDate(filing, 'cn')).toBe('2024-06-30');
    expect(marketDate(filing, 'us')).toBe('2024-06-29');
    expect(marketDate(filing)).toBeUndefined();
    expect(marketDate(undefined, 'cn')).toBeUndefined();
  });

  it('reads the UTC day without Intl exactly as Intl reads it', () => {
    // calendarDay's UTC fast path against the Intl path (Etc/UTC is the same zone by another name).
    fc.assert(
      fc.property(fc.integer({ min: -2e12, max: 5e12 }), (ms) => {
        expect(todayIn(new Date(ms), 'UTC')).toBe(todayIn(new Date(ms), 'Etc/UTC'));
      }),
    );
    expect(() => todayIn(new Date(Number.NaN))).toThrow(RangeError);
    expect(dateFromMs(Number.NaN)).toBeUndefined();
  });

  it("answers a zone's day from its quarter hour exactly as Intl does, around DST changes and odd offsets too", () => {
    const zones = [
      'America/New_York',
      'Asia/Kathmandu',
      'Australia/Eucla',
      'Australia/Lord_Howe',
      'America/St_Johns',
      'Asia/Shanghai',
      'Europe/London',
      'Pacific/Chatham',
    ];
    const intlDay = (ms: number, zone: string): string =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms));
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: Date.UTC(1985, 0, 1), max: Date.UTC(2040, 0, 1) }), (zone, ms) => {
        // Twice: the second answer comes from the remembered quarter hour.
        expect(todayIn(new Date(ms), zone)).toBe(intlDay(ms, zone));
        expect(todayIn(new Date(ms), zone)).toBe(intlDay(ms, zone));
      }),
      { numRuns: 2000 },
    );
    // Every minute of days with a change of offset (New York's spring forward, Lord Howe's half-hour
    // fall back, Kathmandu's +05:30 → +05:45 in 1986) and of an ordinary day at +05:45.
    const days: Array<[string, number]> = [
      ['America/New_York', Date.UTC(2024, 2, 10)],
      ['Australia/Lord_Howe', Date.UTC(2024, 3, 6, 12)],
      ['Asia/Kathmandu', Date.UTC(1985, 11, 31, 12)],
      ['Asia/Kathmandu', Date.UTC(2024, 5, 30, 12)],
    ];
    for (const [zone, start] of days) {
      for (let ms = start; ms < start + 86_400_000; ms += 60_000) expect(todayIn(new Date(ms), zone)).toBe(intlDay(ms, zone));
    }
  });
});
