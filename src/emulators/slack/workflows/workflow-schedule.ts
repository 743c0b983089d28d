/**
 * A workflow's scheduled trigger as a cron pattern in an IANA time zone ("every Monday at 09:00"
 * is `0 9 * * 1`). Cron and time-zone arithmetic are croner's; nothing here starts a timer — the
 * runner asks for the next instant and fires when the emulator's clock reaches it.
 * @see https://docs.slack.dev/tools/deno-slack-sdk/guides/creating-scheduled-triggers
 * @see https://croner.56k.guru/usage/pattern/
 */
import { Cron } from 'croner';
import { EmulatorUsageError } from '../errors.js';

export interface WorkflowSchedule {
  /** 5-field cron: minute hour day-of-month month day-of-week (`0 9 * * 1`: Mondays 09:00). */
  cron: string;
  /** IANA zone the pattern is read in; default UTC. */
  timezone: string;
}

function cronOf(schedule: WorkflowSchedule): Cron {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: schedule.timezone });
  } catch {
    throw new EmulatorUsageError('invalid_schedule', `"${schedule.timezone}" is not an IANA time zone (e.g. UTC, Asia/Shanghai)`);
  }
  try {
    // paused: this object only answers questions; it never starts a timer of its own.
    return new Cron(schedule.cron, { timezone: schedule.timezone, paused: true, mode: '5-part' });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new EmulatorUsageError(
      'invalid_schedule',
      `"${schedule.cron}" is not a 5-field cron pattern (e.g. "0 9 * * 1" for Mondays 09:00): ${why}`,
    );
  }
}

/** Throws invalid_schedule with what is wrong and an example. */
export function checkSchedule(schedule: WorkflowSchedule): void {
  cronOf(schedule);
}

/** The first scheduled instant strictly after `afterMs` (clock ms), or undefined when there is none. */
export function nextRunAfter(schedule: WorkflowSchedule, afterMs: number): number | undefined {
  return cronOf(schedule).nextRun(new Date(afterMs))?.getTime();
}
