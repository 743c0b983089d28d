/**
 * Shared beats on manual timers: periodic callbacks of one period wake the process once per beat,
 * each still runs every period until cancelled, and the beat stops with its last callback.
 */
import { describe, expect, it } from 'vitest';
import { shareBeats } from '../../src/composition/shared-beats.js';
import { createManualTimers } from '../agent/support/manual-timers.js';

describe('shareBeats', () => {
  it('runs callbacks of one period on one timer, in the order they joined, until each is cancelled', async () => {
    const manual = createManualTimers();
    const beats = shareBeats(manual);
    const ran: string[] = [];
    const a = beats.every(30_000, () => ran.push('a'));
    const b = beats.every(30_000, () => ran.push('b'));
    beats.every(300_000, () => ran.push('slow'));
    expect(manual.pending()).toBe(2);

    await manual.advance(30_000);
    expect(ran).toEqual(['a', 'b']);
    a.cancel();
    a.cancel();
    await manual.advance(30_000);
    expect(ran).toEqual(['a', 'b', 'b']);
    b.cancel();
    expect(manual.pending()).toBe(1);
    await manual.advance(240_000);
    expect(ran).toEqual(['a', 'b', 'b', 'slow']);
  });

  it('awaits what the callbacks return, and passes one-shot timers through', async () => {
    const manual = createManualTimers();
    const beats = shareBeats(manual);
    let settled = false;
    beats.every(1_000, async () => {
      await Promise.resolve();
      settled = true;
    });
    await manual.advance(1_000);
    expect(settled).toBe(true);
    let once = 0;
    beats.after(500, () => (once += 1));
    await manual.advance(1_000);
    expect(once).toBe(1);
  });
});
