/**
 * Three tiers, as vitest projects; a test file's tier is in its name (README, "Tests"):
 * - e2e: everything under test/e2e/, `*.browser.test.ts`, `*.e2e.test.ts` — the app process,
 *   crashes, a browser.
 * - integration: `*.integration.test.ts` — real Redis, the emulators, HTTP servers, child processes.
 * - chaos: test/chaos/ — replicas of the app through Redis, Slack and service outages at once.
 * - unit: every other `*.test.ts` — pure, no network (test/support/forbid-network.ts enforces it).
 * `npm test` runs all four; `npm run test:unit` (`:integration`, `:e2e`, `:chaos`) runs one.
 */
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/support/longest-first-sequencer.js';

const E2E = ['test/e2e/**/*.test.ts', 'test/**/*.browser.test.ts', 'test/**/*.e2e.test.ts'];
const INTEGRATION = ['test/**/*.integration.test.ts'];
const CHAOS = ['test/chaos/**/*.test.ts'];
/**
 * With isolate off a fork lives for the whole run: past 3,300 tests one reached V8's default heap
 * limit (about 4 GB here) near the end of a CI run and died (OOM). The forks get room to finish;
 * worker threads (the unit tier) refuse heap flags. @see https://vitest.dev/config/#execargv
 */
const FORK_EXEC_ARGV = ['--max-old-space-size=8192'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Integration tests start servers on loopback; a few forks keep 2-core machines responsive.
    pool: 'forks',
    maxWorkers: 2,
    // Each worker imports the app's module graph once, not once per file: that import was most of
    // an integration or e2e file's cost (about 2 s of a busy 2-core machine per file). The price:
    // a test file leaves no global state behind (no mocks, no stubbed globals; it closes what it
    // opens), which every file here already does. @see https://vitest.dev/config/#isolate
    isolate: false,
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...E2E, ...INTEGRATION, ...CHAOS],
          setupFiles: ['test/support/forbid-network.ts'],
          // Pure tests: worker threads start faster than forks.
          pool: 'threads',
        },
      },
      {
        extends: true,
        test: { name: 'integration', include: INTEGRATION, execArgv: FORK_EXEC_ARGV },
      },
      {
        extends: true,
        // Bundles the app and the crash test's worker once, so restarting them costs no transpiling.
        test: { name: 'e2e', include: E2E, execArgv: FORK_EXEC_ARGV, globalSetup: ['test/support/bundle-test-processes.ts'] },
      },
      {
        extends: true,
        // Its own tier (issue 12): the app's replicas as processes, so the same bundle as e2e.
        test: { name: 'chaos', include: CHAOS, execArgv: FORK_EXEC_ARGV, globalSetup: ['test/support/bundle-test-processes.ts'] },
      },
    ],
  },
});
