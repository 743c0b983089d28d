/**
 * Issue 27's acceptance, end to end: in the non-Marketplace tier (conversations.history and
 * .replies once a minute, `limit` 15), 20 agent runs asked at once in 5 channels, the app
 * SIGKILLed twice mid-run and started again: every run ends in its own reply exactly once and the
 * app is never answered 429 (it paces itself, and a restart reads no thread when the store knows
 * what it posted). The benchmark (bench/restarts.bench.ts) runs the same scenario in each tier and
 * times the restart-to-last-answer delay.
 */
import { describe, expect, it } from 'vitest';
import type { AppDistribution } from '../../src/slack-api/app-distribution.js';
import { appEnvBetweenEmulators, freePort, startAppProcess } from './support/app-process.js';
import { runRestartScenario, type RestartScenarioResult } from './support/restart-scenario.js';

const SECRETS = { botToken: 'xoxb-restart-scenario-token', signingSecret: 'restart-scenario-signing-secret' };

function scenario(distribution: AppDistribution): Promise<RestartScenarioResult> {
  return runRestartScenario({
    distribution,
    agentSpeed: 1,
    secrets: SECRETS,
    freePort,
    envBetween: ({ slack, service, dataDir, port }) => appEnvBetweenEmulators({ slack, service, secrets: SECRETS, dataDir, port }),
    launch(env) {
      const app = startAppProcess(env);
      return {
        healthy: (port) => app.waitUntilHealthy(port),
        async kill(signal) {
          if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill(signal);
          await app.exited;
        },
        output: app.output,
      };
    },
  });
}

function expectEachRunAnsweredOnce(result: RestartScenarioResult): void {
  expect(result.appStarts).toBe(3);
  // Both kills landed while runs were still going.
  expect(result.unfinishedAtKill).toHaveLength(2);
  expect(result.unfinishedAtKill.every((n) => n > 0)).toBe(true);
  expect(result.runs).toHaveLength(20);
  expect(new Set(result.runs.map((r) => r.channelId)).size).toBe(5);
  for (const run of result.runs) expect(run).toMatchObject({ replies: 1, posts: 1, status: 'completed' });
}

describe('20 runs in 5 channels, the app SIGKILLed twice mid-run', () => {
  it('non-Marketplace tier: each run ends in its own reply exactly once, with no 429 and no thread read', {
    timeout: 300_000,
  }, async () => {
    const result = await scenario('non-marketplace');
    expectEachRunAnsweredOnce(result);
    expect(result.readsRateLimited).toBe(0);
    expect(result.rateLimited).toBe(0);
    // Every reply was recorded before each kill: no restart had to look for one.
    expect(result.reads).toBe(0);
  });
});
