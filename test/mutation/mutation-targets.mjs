// @ts-check
/**
 * What `npm run test:mutation` mutates, and the tests that guard it: the modules where a silent
 * regression costs most (issue 34), one file per group under targets/. Each entry is a module
 * under mutation and the unit or integration tests that must kill its mutants (E2E tests drive
 * the app as a child process, where Stryker cannot switch a mutant on). Plain JavaScript:
 * stryker.config.mjs imports it too.
 */
import { TARGETS as DEFUSING } from './targets/defusing.mjs';
import { TARGETS as EXACTLY_ONCE } from './targets/exactly-once.mjs';
import { TARGETS as PERMISSIONS } from './targets/permissions.mjs';
import { TARGETS as TENANT_STORES } from './targets/tenant-stores.mjs';

/**
 * Stryker runs one group at a time (run-mutation.mjs): a mutant in module-level code (a constant,
 * a regex) cannot be traced to the tests that cover it, so it runs every test of its run, and a
 * group's tests are a fraction of all of them.
 * @type {Readonly<Record<string, ReadonlyArray<{ mutate: string; tests: readonly string[] }>>>}
 */
export const MUTATION_GROUPS = {
  defusing: DEFUSING,
  permissions: PERMISSIONS,
  'exactly-once': EXACTLY_ONCE,
  'tenant-stores': TENANT_STORES,
};

/** The group MUTATION_GROUP names, or every group at once. */
const chosen = process.env.MUTATION_GROUP;
if (chosen !== undefined && !(chosen in MUTATION_GROUPS)) {
  throw new Error(`MUTATION_GROUP=${chosen}: not one of ${Object.keys(MUTATION_GROUPS).join(', ')}`);
}
export const MUTATION_TARGETS = chosen ? MUTATION_GROUPS[chosen] : Object.values(MUTATION_GROUPS).flat();

/** @type {readonly string[]} */
export const MUTATE = [...new Set(MUTATION_TARGETS.map((t) => t.mutate))];
/** @type {readonly string[]} */
export const MUTATION_TESTS = [...new Set(MUTATION_TARGETS.flatMap((t) => t.tests))];
/** Where a run keeps its results for the next (incremental) run, and its JSON report. */
export const RUN_NAME = chosen ?? 'all';
