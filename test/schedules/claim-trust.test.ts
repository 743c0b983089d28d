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
});
