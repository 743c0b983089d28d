/**
 * Global setup of the e2e tier: bundles the entry points in test/support/test-processes.ts with
 * esbuild (the transpiler tsx and vitest already use) before any test file starts.
 * @see https://vitest.dev/config/#globalsetup
 * @see https://esbuild.github.io/api/#packages
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { BUNDLE_DIR, PROJECT_ROOT, TEST_PROCESS_ENTRIES } from './test-processes.js';

export default async function bundleTestProcesses(): Promise<void> {
  await rm(BUNDLE_DIR, { recursive: true, force: true });
  await build({
    entryPoints: Object.values(TEST_PROCESS_ENTRIES).map((entry) => path.join(PROJECT_ROOT, entry)),
    outdir: BUNDLE_DIR,
    outbase: PROJECT_ROOT,
    bundle: true,
    // npm packages load from node_modules as they do in production; only our code is bundled.
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
}
