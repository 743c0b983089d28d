// @ts-check
/**
 * Mutation testing of the security and exactly-once core (issue 34): `npm run test:mutation`.
 * The modules and their tests are listed in test/mutation/targets/, a group per run
 * (MUTATION_GROUP, set by test/mutation/run-mutation.mjs). Incremental: a group's last results are
 * kept in test/mutation/incremental/<group>.json, so a run re-tests only mutants whose code or
 * tests changed.
 * @see https://stryker-mutator.io/docs/stryker-js/configuration/
 */
import { MUTATE, RUN_NAME } from './test/mutation/mutation-targets.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  mutate: [...MUTATE],
  reporters: ['clear-text', 'progress', 'json'],
  // Module-level code (constants, regexes) runs every test of the group: slow, and kept.
  warnings: { slow: false },
  jsonReporter: { fileName: `reports/mutation/${RUN_NAME}.json` },
  concurrency: 2,
  thresholds: { high: 95, low: 90, break: 90 },
  incremental: true,
  incrementalFile: `test/mutation/incremental/${RUN_NAME}.json`,
  tempDirName: '.stryker-tmp',
  // Other runs' sandboxes and outputs are not source.
  ignorePatterns: ['/.stryker-tmp*', '/reports', '/test-artifacts', '/bench/results', '/dist'],
  cleanTempDir: 'always',
};
