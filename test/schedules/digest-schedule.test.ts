import { describe, expect, it } from 'vitest';
import { DigestScheduleError } from '../../src/schedules/digest-schedule-error.js';
import {
  digestCron,
  isValidTimeZone,
  latestSlotAt,
  nextSlotAfter,
  type DigestScheduleFields,
} from '../../src/schedules/digest-schedule.js';

const at = (iso: string): number => Date.parse(iso);
const daily = (time: string, timeZone: string): DigestScheduleFields => ({ cadence: 'daily', time, timeZone });

describe('digestCron', () => {
  it('builds daily, weekday and weekly patterns in the subscription time zone', () => {
    expect(digestCron(daily('09:05', 'Asia/Shanghai'))).toEqual({ pattern: '5 9 * * *', timeZone: 'Asia/Shanghai' });
    expect(digestCron({ cadence: 'weekdays', time: '8:30', timeZone: 'America/New_York' }).pattern).toBe('30 8 * * 1-5');
    expect(digestCron({ cadence: 'weekly', weekday: 1, time: '23:59', timeZone: 'UTC' }).pattern).toBe('59 23 * * 1');
  });

  it('refuses bad times, unknown zones and weekly without a weekday, with an example', () => {
    const attempt = (fields: DigestScheduleFields): unknown => {
      try {
        digestCron(fields);
        return undefined;
      } catch (error) {
        return error;
      }
    };
    expect(attempt(daily('25:00', 'UTC'))).toMatchObject({ code: 'invalid_time', example: 'at:09:00' });
    expect(attempt(daily('9am', 'UTC'))).toBeInstanceOf(DigestScheduleError);
    expect(attempt(daily('09:00', 'Mars/Olympus'))).toMatchObject({ code: 'invalid_time_zone', example: 'tz:Asia/Shanghai' });
    expect(attempt({ cadence: 'weekly', time: '09:00', timeZone: 'UTC' })).toMatchObject({ code: 'invalid_weekday' });
    expect(attempt({ cadence: 'weekly', weekday: 7, time: '09:00', timeZone: 'UTC' })).toMatchObject({ code: 'invalid_weekday' });
  });

  it('knows IANA zones', () => {
    expect(isValidTimeZone('Asia/Shanghai')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Asia/Atlantis')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});

describe('slots', () => {
  it('gives the latest slot at or before now, inclusive of the exact instant', () => {
    const sub = daily('09:00', 'Asia/Shanghai');
    expect(latestSlotAt(sub, at('2025-03-10T01:00:00.000Z'))).toBe('2025-03-10T01:00:00.000Z');
    expect(latestSlotAt(sub, at('2025-03-10T00:59:59.999Z'))).toBe('2025-03-09T01:00:00.000Z');
    expect(latestSlotAt(sub, at('2025-03-10T13:00:00.000Z'))).toBe('2025-03-10T01:00:00.000Z');
    expect(nextSlotAfter(sub, at('2025-03-10T01:00:00.000Z'))).toBe('2025-03-11T01:00:00.000Z');
  });

  it('skips weekends for weekday digests and follows DST in the zone', () => {
    const sub: DigestScheduleFields = { cadence: 'weekdays', time: '08:30', timeZone: 'America/New_York' };
    // Sunday 9 March 2025 is the DST change: Friday is EST (UTC-5), Monday EDT (UTC-4).
    expect(latestSlotAt(sub, at('2025-03-09T20:00:00.000Z'))).toBe('2025-03-07T13:30:00.000Z');
    expect(nextSlotAfter(sub, at('2025-03-07T13:30:00.000Z'))).toBe('2025-03-10T12:30:00.000Z');
  });

  it('posts weekly on the chosen weekday', () => {
    const sub: DigestScheduleFields = { cadence: 'weekly', weekday: 1, time: '10:00', timeZone: 'Europe/London' };
    expect(latestSlotAt(sub, at('2025-03-16T23:00:00.000Z'))).toBe('2025-03-10T10:00:00.000Z');
    expect(nextSlotAfter(sub, at('2025-03-10T10:00:00.000Z'))).toBe('2025-03-17T10:00:00.000Z');
  });
});
