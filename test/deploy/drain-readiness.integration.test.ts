/**
 * /readyz answers 503 from the moment a drain begins (issue 35): the real app (Bolt, listeners,
 * relay, between the two emulators) with the shutdown of main.ts wired to a signal source of the
 * test's own. While the process drains, /readyz says `draining`, /healthz stays 200 and a slash
 * command is still answered; once the closers have run, the process exits 0.
 */
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { closeOnSignals } from '../../src/composition/close-on-signals.js';
import { Closers } from '../../src/composition/closers.js';
import { createDrainState } from '../../src/slack/app/drain-state.js';
import { command } from '../e2e/command-helpers.js';
import { type Harness, startHarness } from '../e2e/harness.js';
import { pollUntil } from '../support/poll-until.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function statusOf(url: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url);
  return { status: res.status, body: await res.json() };
}

describe('drain on SIGTERM', () => {
  it('/readyz 503 draining, /healthz 200 and requests served until the app has closed; then exit 0', async () => {
    const drain = createDrainState();
    h = await startHarness({ deskOverrides: { drain } });
    const harness = h;
    const base = `http://127.0.0.1:${harness.desk.port}`;
    await pollUntil(async () => (await statusOf(`${base}/readyz`)).status === 200, {
      what: '/readyz 200 before the drain',
      timeoutMs: 20_000,
    });

    // As main.ts: the app is closed first (last added). The step before it stands for the relay
    // handing its runs over, held open by the test so the drain can be watched.
    const closers = new Closers(harness.logger);
    closers.add(() => harness.desk.stop());
    let handOver: () => void = () => {};
    const handingOver = new Promise<void>((resolve) => {
      handOver = resolve;
    });
    closers.add(() => handingOver);
    const signals = new EventEmitter();
    const exits: number[] = [];
    closeOnSignals(closers, harness.logger, {
      drain,
      signals: { on: (signal, listener) => signals.on(signal, listener) },
      exit: (code) => exits.push(code),
      // The deadline is the unit test's (close-on-signals.test.ts); here it never fires.
      setTimer: () => ({}),
    });

    signals.emit('SIGTERM');
    expect(await statusOf(`${base}/readyz`)).toEqual({ status: 503, body: { ok: false, reason: 'draining' } });
    expect(await statusOf(`${base}/healthz`)).toEqual({ status: 200, body: { ok: true } });
    const help = await command(harness, '/research help');
    expect(help.text.length).toBeGreaterThan(0);
    expect(exits).toEqual([]);

    handOver();
    await pollUntil(() => exits.length > 0, { what: 'the process exits once closed', timeoutMs: 20_000 });
    expect(exits).toEqual([0]);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});
