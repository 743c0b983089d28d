// @ts-check
/**
 * `npm run test:mutation`: StrykerJS once per group of test/mutation/targets/, each with only its
 * own tests and its own incremental results (test/mutation/incremental/<group>.json). Arguments
 * go to every run (e.g. `-- --force` re-tests every mutant). Exits non-zero if any group scores
 * under the break threshold (stryker.config.mjs) or cannot run.
 */
import { spawnSync } from 'node:child_process';
import { MUTATION_GROUPS } from './mutation-targets.mjs';

const failed = [];
for (const group of Object.keys(MUTATION_GROUPS)) {
  process.stdout.write(`\nmutation testing: ${group}\n`);
  const run = spawnSync('npx', ['stryker', 'run', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, MUTATION_GROUP: group },
  });
  if (run.status !== 0) failed.push(`${group} (exit ${run.status ?? run.signal})`);
}
process.stdout.write(
  failed.length === 0 ? '\nmutation testing: every group passed\n' : `\nmutation testing failed: ${failed.join(', ')}\n`,
);
process.exit(failed.length === 0 ? 0 : 1);
