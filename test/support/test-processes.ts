/**
 * Entry points that tests run as real child processes (the app, the crash test's relay worker),
 * bundled once per test run by test/support/bundle-test-processes.ts. A crash test restarts its
 * process a dozen times; `node bundle.js` starts in about half the time of `node --import tsx`,
 * which transpiles and resolves every source file again on each start.
 *
 * The bundle holds our code only (npm packages stay external and load from node_modules, as in
 * production), so it must live inside the project: under node_modules/.cache, which is ignored.
 * Each test run bundles into a directory of its own, so runs side by side never share one.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BUNDLE_PARENT = path.join(PROJECT_ROOT, 'node_modules/.cache/research-desk');

/** The entry points, relative to the project root. */
export const TEST_PROCESS_ENTRIES = {
  app: 'src/main.ts',
  relayWorker: 'test/agent/fixtures/relay-worker.ts',
} as const;

export type TestProcess = keyof typeof TEST_PROCESS_ENTRIES;

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run's global setup bundled TEST_PROCESS_ENTRIES. */
    testProcessBundleDir: string;
  }
}

/** The bundled file for one entry point (built by the e2e tier's global setup). */
export function bundledEntry(name: TestProcess): string {
  return path.join(inject('testProcessBundleDir'), TEST_PROCESS_ENTRIES[name].replace(/\.ts$/, '.js'));
}
