import { randomBytes } from 'node:crypto';

/**
 * Where the id and ts factories are: kept in the emulator's state and in its snapshot, so a
 * restarted playground never hands out an id or a ts it handed out before.
 */
export interface IdCursor {
  idCounter: number;
  lastTsMicros: number;
}

export function newIdCursor(): IdCursor {
  return { idCounter: 0, lastTsMicros: 0 };
}

/** Slack-looking ids (uppercase base-36) with a per-emulator counter, so they never collide. */
export function createIdFactory(cursor: IdCursor = newIdCursor()): (prefix: string) => string {
  return (prefix: string) => {
    cursor.idCounter += 1;
    const serial = cursor.idCounter.toString(36).toUpperCase().padStart(6, '0');
    return `${prefix}0E${serial}${randomBytes(2).toString('hex').toUpperCase()}`;
  };
}

/**
 * Message timestamps like Slack's ('1732250000.000100'): seconds.microseconds from the clock,
 * strictly increasing even when many messages land in the same millisecond.
 */
export function createTsFactory(clock: () => number, cursor: IdCursor = newIdCursor()): () => string {
  return () => {
    const micros = Math.max(Math.floor(clock()) * 1000, cursor.lastTsMicros + 1);
    cursor.lastTsMicros = micros;
    const seconds = Math.floor(micros / 1_000_000);
    const fraction = (micros % 1_000_000).toString().padStart(6, '0');
    return `${seconds}.${fraction}`;
  };
}

/** Trigger ids look like '398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c'. */
export function createTriggerId(clock: () => number): string {
  return `${Math.floor(clock())}.${Math.floor(Math.random() * 1e11)}.${randomBytes(16).toString('hex')}`;
}

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}
