import { describe, expect, it } from 'vitest';
import { normaliseTimeZone, parseConceptsArgs } from '../../../src/slack/concepts/parse-concepts-args.js';

describe('parseConceptsArgs', () => {
  it('lists concepts', () => {
    expect(parseConceptsArgs('')).toEqual({ kind: 'list', top: 10 });
    expect(parseConceptsArgs('top:5')).toEqual({ kind: 'list', top: 5 });
    expect(parseConceptsArgs('top:99').kind).toBe('usage');
    expect(parseConceptsArgs('help')).toEqual({ kind: 'help' });
  });

  it('subscribes with defaults', () => {
    expect(parseConceptsArgs('subscribe', { defaultTimeZone: 'Asia/Shanghai' })).toEqual({
      kind: 'subscribe',
      channel: null,
      cadence: 'daily',
      time: '09:00',
      timeZone: 'Asia/Shanghai',
      top: 10,
    });
  });

  it('subscribes with every option, in any order', () => {
    expect(parseConceptsArgs('subscribe top:5 tz:america/new_york at:7:30 weekly fri <#C0123|markets>')).toEqual({
      kind: 'subscribe',
      channel: { id: 'C0123', name: 'markets' },
      cadence: 'weekly',
      weekday: 5,
      time: '07:30',
      timeZone: 'America/New_York',
      top: 5,
    });
    expect(parseConceptsArgs('subscribe #研究 weekdays')).toMatchObject({ channel: { name: '研究' }, cadence: 'weekdays' });
    expect(parseConceptsArgs('subscribe weekly')).toMatchObject({ cadence: 'weekly', weekday: 1 });
  });

  it.each([
    ['subscribe tz:Mars/Base', 'IANA'],
    ['subscribe tz:+08:00', 'IANA'],
    ['subscribe at:25:00', 'time of day'],
    ['subscribe daily mon', 'weekly'],
    ['subscribe dayly', 'did you mean `daily`'],
    ['subscribe #a #b', 'one channel'],
    ['unsubscribe foo', 'not a channel'],
    ['subscriptions extra', 'no arguments'],
    ['subscibe', 'did you mean `subscribe`'],
  ])('%s → usage (%s)', (text, fragment) => {
    const r = parseConceptsArgs(text);
    expect(r.kind).toBe('usage');
    if (r.kind === 'usage') expect(r.problems.map((p) => p.message).join(' ')).toContain(fragment);
  });

  it('unsubscribes and lists subscriptions', () => {
    expect(parseConceptsArgs('unsubscribe')).toEqual({ kind: 'unsubscribe', channel: null });
    expect(parseConceptsArgs('unsubscribe <#C9>')).toEqual({ kind: 'unsubscribe', channel: { id: 'C9' } });
    expect(parseConceptsArgs('subscriptions')).toEqual({ kind: 'subscriptions' });
  });

  it('normalises IANA names', () => {
    expect(normaliseTimeZone('utc')).toBe('UTC');
    expect(normaliseTimeZone('europe/london')).toBe('Europe/London');
    expect(normaliseTimeZone('Asia/Calcutta')).toMatch(/^Asia\/(Calcutta|Kolkata)$/);
    expect(normaliseTimeZone('EST5EDT; rm -rf')).toBeUndefined();
  });
});
