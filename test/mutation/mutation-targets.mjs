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

export const MUTATION_TARGETS = [...DEFUSING, ...PERMISSIONS, ...EXACTLY_ONCE, ...TENANT_STORES];

/** @type {readonly string[]} */
export const MUTATE = [...new Set(MUTATION_TARGETS.map((t) => t.mutate))];
/** @type {readonly string[]} */
export const MUTATION_TESTS = [...new Set(MUTATION_TARGETS.flatMap((t) => t.tests))];
