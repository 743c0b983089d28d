/**
 * The tests StrykerJS runs against each mutant (`npm run test:mutation`, stryker.config.mjs):
 * unit and integration tests only, as one project (the vitest runner takes one). E2E and chaos
 * tests drive the app as a child process, where Stryker cannot switch mutants on, so every module
 * under mutation has direct tests here. MUTATION_TESTS (comma-separated globs) narrows the set
 * while working on one module.
 * @see https://stryker-mutator.io/docs/stryker-js/vitest-runner/
 */
import { defineConfig } from 'vitest/config';
import { MUTATION_TESTS } from './test/mutation/mutation-targets.mjs';

const narrowed = process.env.MUTATION_TESTS?.split(',').filter(Boolean);

export default defineConfig({
  test: {
    include: narrowed ?? [...MUTATION_TESTS],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    maxWorkers: 1,
  },
});
