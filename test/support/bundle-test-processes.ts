/**
 * Global setup of the e2e tier: bundles the entry points in test/support/test-processes.ts with
 * esbuild (the transpiler tsx and vitest already use) before any test file starts, into a
 * directory of this run's own that teardown removes.
 * @see https://vitest.dev/config/#globalsetup
 * @see https://esbuild.github.io/api/#packages
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { BUNDLE_PARENT, PROJECT_ROOT, TEST_PROCESS_ENTRIES } from './test-processes.js';

export default async function bundleTestProcesses(project: TestProject): Promise<() => Promise<void>> {
  await mkdir(BUNDLE_PARENT, { recursive: true });
  const dir = await mkdtemp(path.join(BUNDLE_PARENT, 'test-processes-'));
  await build({
    entryPoints: Object.values(TEST_PROCESS_ENTRIES).map((entry) => path.join(PROJECT_ROOT, entry)),
    outdir: dir,
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
  project.provide('testProcessBundleDir', dir);
  return () => rm(dir, { recursive: true, force: true });
}
