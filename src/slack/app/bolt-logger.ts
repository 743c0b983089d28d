import { LogLevel, type Logger as BoltLogger } from '@slack/bolt';
import type { Logger } from '../../observability/logger.js';

const LEVELS: Record<LogLevel, number> = {
  [LogLevel.DEBUG]: 10,
  [LogLevel.INFO]: 20,
  [LogLevel.WARN]: 30,
  [LogLevel.ERROR]: 40,
};

/**
 * Bolt and the Slack SDKs log through @slack/logger's interface; this adapter sends their lines
 * through our structured, redacting logger so nothing they print can carry a token.
 */
export function toBoltLogger(logger: Logger, initialLevel: LogLevel = LogLevel.WARN): BoltLogger {
  let level = initialLevel;
  let name = 'bolt';
  const text = (msgs: unknown[]): string =>
    msgs.map((m) => (typeof m === 'string' ? m : m instanceof Error ? m.message : JSON.stringify(m))).join(' ');
  const at =
    (lvl: LogLevel, fn: (msg: string, fields: Record<string, unknown>) => void) =>
    (...msgs: unknown[]): void => {
      if (LEVELS[lvl] >= LEVELS[level]) fn(text(msgs), { component: name });
    };
  return {
    debug: at(LogLevel.DEBUG, (m, f) => logger.debug(m, f)),
    info: at(LogLevel.INFO, (m, f) => logger.info(m, f)),
    warn: at(LogLevel.WARN, (m, f) => logger.warn(m, f)),
    error: at(LogLevel.ERROR, (m, f) => logger.error(m, f)),
    setLevel: (l: LogLevel) => {
      level = l;
    },
    getLevel: () => level,
    setName: (n: string) => {
      name = n;
    },
  };
}
