import { describe, expect, it } from 'vitest';
import { commandTarget, selectCommandTargets } from '../../bench/lib/command-targets.js';

const context = { secrets: { SLACK_BOT_TOKEN: 'xoxb-test', SERVICE_API_KEY: 'key' }, tree: 'abc', redisUrl: 'redis://127.0.0.1:6379/14' };

describe('selectCommandTargets', () => {
  it('defaults to the app on the file store and on Redis, and the floor; baseline too when asked for', () => {
    expect(selectCommandTargets({}, false)).toEqual(['app', 'app-redis', 'floor']);
    expect(selectCommandTargets({}, true)).toEqual(['app', 'app-redis', 'floor', 'baseline']);
  });

  it('takes BENCH_COMMAND_TARGETS in its order, once each', () => {
    expect(selectCommandTargets({ BENCH_COMMAND_TARGETS: 'floor, floor-respond,floor-ack-only,floor' }, false)).toEqual([
      'floor',
      'floor-respond',
      'floor-ack-only',
    ]);
  });

  it('refuses unknown targets, and the baseline without a revision', () => {
    expect(() => selectCommandTargets({ BENCH_COMMAND_TARGETS: 'app,florr' }, false)).toThrow(/unknown florr/);
    expect(() => selectCommandTargets({ BENCH_COMMAND_TARGETS: 'baseline' }, false)).toThrow(/--baseline/);
  });
});

describe('commandTarget', () => {
  it('runs app targets production-like and the old floors in their old modes', () => {
    expect(commandTarget('app', context)).toMatchObject({ bundle: 'app', isApp: true });
    expect(commandTarget('app-redis', context)).toMatchObject({
      isApp: true,
      env: { REDIS_URL: context.redisUrl },
      redisUrl: context.redisUrl,
    });
    expect(commandTarget('floor', context)).toMatchObject({ bundle: 'floor', isApp: false, env: {} });
    expect(commandTarget('floor-respond', context).env).toEqual({ BENCH_FLOOR_MODE: 'respond' });
    expect(commandTarget('floor-ack-only', context)).toMatchObject({
      env: { BENCH_FLOOR_MODE: 'respond', BENCH_FLOOR_SKIP_SERVICE: '1' },
      callsService: false,
    });
    expect(commandTarget('floor', context).callsService).toBeUndefined();
    expect(() => commandTarget('baseline', context)).toThrow(/baseline revision/);
  });
});
