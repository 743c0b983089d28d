/** A subscription schedule that cannot be turned into a cron schedule; the message is user-safe. */
export type DigestScheduleErrorCode = 'invalid_time' | 'invalid_time_zone' | 'invalid_weekday';

export class DigestScheduleError extends Error {
  override readonly name = 'DigestScheduleError';
  constructor(
    readonly code: DigestScheduleErrorCode,
    message: string,
    /** A valid value to show the user, e.g. `tz:Asia/Shanghai`. */
    readonly example: string,
  ) {
    super(`${message} (example: ${example})`);
  }
}
