import { describe, expect, it } from 'vitest';
import { createLogger, createMemoryLogger } from '../../src/observability/logger.js';
import { createRedactor } from '../../src/observability/redactor.js';

describe('structured logger', () => {
  const apiKey = 'svc-key-0123456789';
  const redact = createRedactor([apiKey, 'short']);

  it('writes one JSON object per line with bindings of child loggers', () => {
    const logger = createMemoryLogger(redact);
    logger.child({ correlationId: 'c-1' }).info('hello', { n: 1 });
    expect(logger.lines).toHaveLength(1);
    const record = JSON.parse(logger.lines[0]!);
    expect(record).toMatchObject({ level: 'info', msg: 'hello', correlationId: 'c-1', n: 1 });
  });

  it('redacts configured secrets, Slack tokens and bearer headers wherever they appear', () => {
    const logger = createMemoryLogger(redact);
    const error = new Error(`request failed with Authorization: Bearer ${apiKey}`);
    logger.error('boom', { err: error, token: 'xoxb-123456-abcdef', app: 'xapp-1-A1-xyz123', header: `Bearer ${apiKey}` });
    const line = logger.lines[0]!;
    expect(line).not.toContain(apiKey);
    expect(line).not.toContain('xoxb-123456');
    expect(line).not.toContain('xapp-1-A1');
    expect(line).toContain('[redacted]');
    expect(JSON.parse(line).err.message).toContain('Bearer [redacted]');
  });

  it('does not mask short configured values that would hide ordinary words', () => {
    const logger = createMemoryLogger(redact);
    logger.info('a short note');
    expect(logger.lines[0]).toContain('a short note');
  });

  it('keeps time, level and msg its own when fields or bindings reuse those names', () => {
    // A user's `/concepts subscribe at:08:00` once logged `time: "08:00"` over the line's timestamp.
    const lines: string[] = [];
    const logger = createLogger({ redact, write: (line) => lines.push(line), clock: () => Date.UTC(2026, 0, 2, 3, 4, 5) });
    logger.child({ level: 'bound' }).info('digest subscription saved', { time: '08:00', msg: 'user text' });
    const record = JSON.parse(lines[0]!);
    expect(record).toMatchObject({ time: '2026-01-02T03:04:05.000Z', level: 'info', msg: 'digest subscription saved' });
    // The clashing values are kept, under a name of their own.
    expect(record).toMatchObject({ field_time: '08:00', field_msg: 'user text', field_level: 'bound' });
  });

  it('drops lines below the level', () => {
    const logger = createMemoryLogger(redact, 'warn');
    logger.info('quiet');
    logger.warn('loud');
    expect(logger.lines.map((l) => JSON.parse(l).msg)).toEqual(['loud']);
  });
});
