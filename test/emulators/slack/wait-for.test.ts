import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../src/emulators/slack/wait-for.js';

describe('the Slack emulator waitFor', () => {
  it('refuses an async check, which would otherwise "hold" at once because a promise is truthy', async () => {
    await expect(waitFor(new EventEmitter(), async () => false)).rejects.toThrow(/synchronous check/);
  });

  it('resolves with the value of the state change that meets the check', async () => {
    const events = new EventEmitter();
    let seen: string | undefined;
    const waiting = waitFor(events, () => seen);
    seen = 'posted';
    events.emit('change');
    await expect(waiting).resolves.toBe('posted');
  });
});
