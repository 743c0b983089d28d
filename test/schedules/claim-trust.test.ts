/** ClaimTrust: which missing claims a process can vouch for, and when it notices the store went back. */
import { describe, expect, it } from 'vitest';
import { ClaimTrust } from '../../src/schedules/claim-trust.js';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { createRedactor } from '../../src/observability/redactor.js';

function buildTrust(startMs: number) {
  let now = startMs;
  const logger = createMemoryLogger(createRedactor([]));
  const trust = new ClaimTrust(() => now, logger);
  return {
    trust,
    lines: logger.lines,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('ClaimTrust', () => {
  it('vouches for claims possible only since the process started; earlier ones get a window up to its start', () => {
    const { trust } = buildTrust(1_000);
    expect(trust.unvouched(1_000)).toBeUndefined();
    expect(trust.unvouched(5_000)).toBeUndefined();
    expect(trust.unvouched(400)).toEqual({ sinceMs: 400, untilMs: 1_000 });
    expect(trust.unvouched(400, 700)).toEqual({ sinceMs: 400, untilMs: 700 });
  });

  it('progress that goes back, or a claim it saw that is gone, is a rollback: claims before it are looked for', () => {
    const { trust, lines, advance } = buildTrust(0);
    trust.saw('watch:a', 100);
    trust.saw('watch:a', 200);
    advance(10_000);
    expect(trust.unvouched(5_000)).toBeUndefined();
    trust.saw('watch:a', 150);
    expect(trust.unvouched(5_000)).toEqual({ sinceMs: 5_000, untilMs: 10_000 });
    expect(lines.filter((l) => l.includes('"level":"warn"'))).toHaveLength(1);

    trust.saw('digest:b', 20_000);
    advance(10_000);
    trust.lacks('digest:b', 20_000);
    expect(trust.unvouched(15_000)).toEqual({ sinceMs: 15_000, untilMs: 20_000 });
    // Noticed once: the same absence later is not another rollback.
    advance(10_000);
    trust.lacks('digest:b', 20_000);
    expect(trust.unvouched(25_000)).toBeUndefined();
  });

  it('a new slot or state that the store never held is not a rollback', () => {
    const { trust, advance } = buildTrust(0);
    trust.saw('digest:b', 1_000);
    advance(10_000);
    trust.lacks('digest:b', 2_000);
    trust.lacks('watch:never-seen', 0);
    expect(trust.unvouched(5_000)).toBeUndefined();
  });
  it('a scope seen for the first time, or at the same progress again, is no rollback', () => {
    const { trust, lines, advance } = buildTrust(0);
    advance(10_000);
    trust.saw('watch:first', 500);
    trust.saw('watch:first', 500);
    expect(trust.unvouched(5_000)).toBeUndefined();
    expect(lines.filter((l) => l.includes('"level":"warn"'))).toEqual([]);
  });

  it('a rollback is logged with its scope and what went back, and trust restarts at that moment', () => {
    const { trust, lines, advance } = buildTrust(0);
    trust.saw('watch:a', 200);
    advance(7_000);
    trust.saw('watch:a', 150);
    const warned = lines.filter((l) => l.includes('"level":"warn"'));
    expect(warned).toHaveLength(1);
    expect(JSON.parse(warned[0] ?? '{}')).toMatchObject({
      msg: expect.stringContaining('the store lost claims it held'),
      scope: 'watch:a',
      progress: 'went back from 200 to 150',
      trustedFromMs: 7_000,
    });
    trust.saw('digest:b', 9_000);
    advance(1_000);
    trust.lacks('digest:b', 9_000);
    expect(JSON.parse(lines.filter((l) => l.includes('"level":"warn"'))[1] ?? '{}')).toMatchObject({
      scope: 'digest:b',
      progress: 'lost 9000',
      trustedFromMs: 8_000,
    });
  });

  it('lacking more than it saw is no rollback; lacking less than it saw is', () => {
    const { trust, advance } = buildTrust(0);
    trust.saw('digest:c', 1_000);
    advance(10_000);
    trust.lacks('digest:c', 1_001);
    expect(trust.unvouched(5_000)).toBeUndefined();
    trust.lacks('digest:c', 999);
    expect(trust.unvouched(5_000)).toEqual({ sinceMs: 5_000, untilMs: 10_000 });
  });

  it('each measure of a scope is checked on its own: one measure lower than another is no rollback', () => {
    const { trust, advance } = buildTrust(0);
    advance(10_000);
    trust.sawEach('watch:d', { lastPollMs: 9_000, alerts: 3 });
    trust.sawEach('watch:d', { lastPollMs: 9_500, alerts: 4 });
    expect(trust.unvouched(5_000)).toBeUndefined();
    // The same measures as single scopes: the count going back is a rollback.
    trust.saw('watch:d:alerts', 2);
    expect(trust.unvouched(5_000)).toEqual({ sinceMs: 5_000, untilMs: 10_000 });
  });

  it('a measure of one scope going back is a rollback, whatever the others do', () => {
    const { trust, advance } = buildTrust(0);
    trust.sawEach('watch:e', { lastPollMs: 9_000, alerts: 3 });
    advance(10_000);
    trust.sawEach('watch:e', { lastPollMs: 9_500, alerts: 2 });
    expect(trust.unvouched(5_000)).toEqual({ sinceMs: 5_000, untilMs: 10_000 });
  });

  it('trusts the store from the time it is given, not from its start', () => {
    const logger = createMemoryLogger(createRedactor([]));
    const trust = new ClaimTrust(() => 9_000, logger, 2_000);
    expect(trust.unvouched(2_000)).toBeUndefined();
    expect(trust.unvouched(1_000)).toEqual({ sinceMs: 1_000, untilMs: 2_000 });
  });
});
