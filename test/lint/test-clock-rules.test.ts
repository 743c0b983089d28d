/**
 * No test depends on the machine's speed (issue 34): the rules of test/lint/test-clock-rules.ts
 * over every TypeScript file under test/, and examples that pin down what each rule takes as a
 * finding, so a change to a definition shows.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  type ClockFinding,
  clockFindingsIn,
  findClockFindings,
  staleClockAllowances,
  TEST_CLOCK_ALLOWANCES,
  testFiles,
  unallowedClockFindings,
} from './test-clock-rules.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const where = (findings: readonly ClockFinding[]): string[] => findings.map((f) => `${f.file}:${f.line} ${f.rule}: ${f.text}`);
const rulesOf = (text: string): string[] => clockFindingsIn('test/example.test.ts', text).map((f) => f.rule);

describe('the clock rules over test/', () => {
  const findings = findClockFindings(ROOT);

  it('reads every test file, this one and its rules included', () => {
    const files = testFiles(ROOT);
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('test/lint/test-clock-rules.test.ts');
    expect(files.filter((file) => !file.endsWith('.ts'))).toEqual([]);
  });

  it('finds no elapsed-time measure, fixed wait or short real lease, TTL or lock outside the allowances', () => {
    expect(where(unallowedClockFindings(findings))).toEqual([]);
  });

  it('allows only what still needs it, each with a reason', () => {
    expect(staleClockAllowances(findings)).toEqual([]);
    expect(TEST_CLOCK_ALLOWANCES.length).toBeGreaterThan(0);
    for (const allowance of TEST_CLOCK_ALLOWANCES) expect(allowance.reason.trim()).not.toBe('');
  });
});

describe('the elapsed-time rule', () => {
  it('flags wall time measured: a subtraction or comparison of two readings of the real clock', () => {
    expect(rulesOf('const started = Date.now(); expect(Date.now() - started).toBeLessThan(3000);')).toEqual(['elapsed-time']);
    expect(rulesOf('const deadline = Date.now() + 5_000; while (Date.now() < deadline) step();')).toEqual(['elapsed-time']);
    expect(rulesOf('const until = Date.now() + ms; const left = until - Date.now();')).toEqual(['elapsed-time']);
    expect(rulesOf('const t0 = performance.now(); run(); const took = performance.now() - t0;')).toEqual(['elapsed-time']);
    expect(rulesOf('let at = 0; at = Date.now(); if ((Date.now() - at) > 100) fail();')).toEqual(['elapsed-time']);
  });

  it('leaves the real clock alone where it only builds a timestamp', () => {
    expect(rulesOf('const stale = Math.floor(Date.now() / 1000) - 6 * 60;')).toEqual([]);
    expect(rulesOf('const yesterday = new Date(Date.now() - 86_400_000).toISOString();')).toEqual([]);
    expect(rulesOf('const clock = () => Date.now() + pausedForMs; const ts = String(Date.now());')).toEqual([]);
    // Times on a clock the test drives are not wall time.
    expect(rulesOf('const t = clock.now(); clock.advance(5); expect(clock.now() - t).toBe(5);')).toEqual([]);
    expect(rulesOf('expect(next.at - call.at).toBeGreaterThanOrEqual(retryAfterMs);')).toEqual([]);
  });
});

describe('the sleep rule', () => {
  it('flags a promise resolved by a timer and the promise timers of node:timers/promises', () => {
    expect(rulesOf('await new Promise((resolve) => setTimeout(resolve, 50));')).toEqual(['sleep']);
    expect(rulesOf('await new Promise<void>((r) => { setTimeout(() => r(), 600); });')).toEqual(['sleep']);
    expect(rulesOf("import { setTimeout as delay } from 'node:timers/promises'; await delay(25);")).toEqual(['sleep']);
    expect(rulesOf("import { scheduler } from 'node:timers/promises'; await scheduler.wait(10);")).toEqual(['sleep']);
  });

  it('leaves alone a timer that bounds a wait by rejecting, a timer of the code under test, and fake timers', () => {
    expect(
      rulesOf(
        'await new Promise((resolve, reject) => { const t = setTimeout(() => reject(new Error("never started")), 120_000); child.on("line", resolve); });',
      ),
    ).toEqual([]);
    expect(rulesOf('run.timer = setTimeout(() => emit(run), step.delayMs);')).toEqual([]);
    expect(rulesOf('vi.useFakeTimers(); const done = new Promise((r) => setTimeout(r, 1000)); vi.advanceTimersByTime(1000);')).toEqual([]);
  });
});

describe('the short-ttl rule', () => {
  it('flags a lease, TTL or lock under 10 s given as a literal, in ms or in seconds', () => {
    expect(rulesOf('h.runtime({ leaseMs: 3000 });')).toEqual(['short-ttl']);
    expect(rulesOf('createWatchPoller({ lockTtlMs: 1 });')).toEqual(['short-ttl']);
    expect(rulesOf("startApp({ RUN_LEASE_SECONDS: '2' });")).toEqual(['short-ttl']);
    expect(rulesOf('const LEASE_MS = 9_999;')).toEqual(['short-ttl']);
  });

  it('leaves alone long ones, names that are not a lease, TTL or lock, and values that are not literals', () => {
    expect(rulesOf("h.runtime({ leaseMs: 120_000 }); startApp({ RUN_LEASE_SECONDS: '10' }); const LOCK_TTL_MS = 10_000;")).toEqual([]);
    expect(rulesOf('startHarness({ ackTimeoutMs: 0, pollIntervalMs: 5, stallAfterMs: 400 });')).toEqual([]);
    expect(rulesOf('h.runtime({ leaseMs: LEASE_MS, lockTtlMs: options.ttl });')).toEqual([]);
  });
});
