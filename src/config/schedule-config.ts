/** The schedules: digests (how late a missed slot may still post) and watchlist polling. */
import type { z } from 'zod';
import { numberIn } from './variable-rules.js';

export const scheduleVariables = {
  DIGEST_GRACE_MINUTES: numberIn(60, 0, 10_080),
  /** Minutes between polls of each watch (watchlists). */
  WATCH_POLL_MINUTES: numberIn(5, 1, 1_440),
  /** Service calls the watch poller may make per minute, across all watches and replicas. */
  WATCH_CALLS_PER_MINUTE: numberIn(30, 1, 6_000),
};

export const SCHEDULE_EXAMPLES: Record<keyof typeof scheduleVariables, string> = {
  DIGEST_GRACE_MINUTES: '60',
  WATCH_POLL_MINUTES: '5',
  WATCH_CALLS_PER_MINUTE: '30',
};

export type ScheduleEnv = z.output<z.ZodObject<typeof scheduleVariables>>;

export function readSchedules(e: ScheduleEnv) {
  return {
    digestGraceMs: e.DIGEST_GRACE_MINUTES * 60_000,
    watchPollMs: e.WATCH_POLL_MINUTES * 60_000,
    watchCallsPerMinute: e.WATCH_CALLS_PER_MINUTE,
  };
}
