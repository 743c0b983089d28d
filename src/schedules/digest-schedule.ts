/**
 * A digest subscription as a cron schedule in its IANA time zone, and its slots: the scheduled
 * instants, as ISO strings, that identify one digest per channel. Cron parsing, time-zone and DST
 * arithmetic are croner's; this file only builds patterns and asks it.
 * @see https://croner.56k.guru/usage/pattern/
 */
import { Cron } from 'croner';
import type { DigestSubscription } from '../store/records.js';
import { DigestScheduleError } from './digest-schedule-error.js';

export type DigestScheduleFields = Pick<DigestSubscription, 'cadence' | 'weekday' | 'time' | 'timeZone'>;

export interface DigestCron {
  /** 5-field cron pattern: minute hour day-of-month month day-of-week. */
  pattern: string;
  timeZone: string;
}

const TIME_PATTERN = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** Whether the runtime knows this IANA zone (aliases such as UTC included). */
export function isValidTimeZone(timeZone: string): boolean {
  if (timeZone.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export function digestCron(schedule: DigestScheduleFields): DigestCron {
  const time = TIME_PATTERN.exec(schedule.time);
  if (time === null) {
    throw new DigestScheduleError('invalid_time', `"${schedule.time}" is not a 24-hour time HH:MM`, 'at:09:00');
  }
  if (!isValidTimeZone(schedule.timeZone)) {
    throw new DigestScheduleError('invalid_time_zone', `"${schedule.timeZone}" is not an IANA time zone`, 'tz:Asia/Shanghai');
  }
  const minuteHour = `${Number(time[2])} ${Number(time[1])}`;
  switch (schedule.cadence) {
    case 'daily':
      return { pattern: `${minuteHour} * * *`, timeZone: schedule.timeZone };
    case 'weekdays':
      return { pattern: `${minuteHour} * * 1-5`, timeZone: schedule.timeZone };
    case 'weekly': {
      const weekday = schedule.weekday;
      if (weekday === undefined || !Number.isInteger(weekday) || weekday < 0 || weekday > 6) {
        throw new DigestScheduleError('invalid_weekday', 'a weekly digest needs a weekday', 'weekly mon');
      }
      return { pattern: `${minuteHour} * * ${weekday}`, timeZone: schedule.timeZone };
    }
  }
}

function buildCron(schedule: DigestScheduleFields): Cron {
  const { pattern, timeZone } = digestCron(schedule);
  // paused: this object only answers questions; it must never start a timer of its own.
  return new Cron(pattern, { timezone: timeZone, paused: true, mode: '5-part' });
}

/** The latest slot at or before `nowMs`, or null when the schedule never ran before it. */
export function latestSlotAt(schedule: DigestScheduleFields, nowMs: number): string | null {
  // croner's previousRuns excludes a run exactly at the reference but includes earlier ones in
  // the same second; +1 ms makes "at or before now" inclusive.
  const [latest] = buildCron(schedule).previousRuns(1, new Date(nowMs + 1));
  return latest === undefined ? null : latest.toISOString();
}

/** The first slot strictly after `nowMs`. */
export function nextSlotAfter(schedule: DigestScheduleFields, nowMs: number): string | null {
  return buildCron(schedule).nextRun(new Date(nowMs))?.toISOString() ?? null;
}
