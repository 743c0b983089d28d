/**
 * The app as `npm run build` leaves it (one JavaScript file per source module, the playground's
 * static page copied next to its module), for benchmarks that run it as production does: `node
 * main.js`, no transpiling at start. esbuild emits what tsc would, in a fraction of a second
 * (tsc -p tsconfig.build.json takes ~30 s here, more than a benchmark's budget).
 *
 * It builds under dist/ (ignored by git) so npm packages and manifest.yml resolve from the project
 * as they do from dist/main.js.
 */
import { cp, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { extractRevision } from './git-source.js';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface BuiltApp {
  /** The built src/main.js. */
  mainFile: string;
  /** Each of `extraEntries` built, by its path relative to the project root. */
  extraFiles: Record<string, string>;
  remove(): Promise<void>;
}

/**
 * `extraEntries`: other entry points (relative to the project root) built alongside, e.g. a floor app.
 * `sourceRoot`: the tree whose src/ is built (another revision's, see buildRevisionApp).
 */
export async function buildApp(extraEntries: string[] = [], sourceRoot = PROJECT_ROOT): Promise<BuiltApp> {
  const src = path.join(sourceRoot, 'src');
  const distDir = path.join(PROJECT_ROOT, 'dist');
  await mkdir(distDir, { recursive: true });
  const outdir = await mkdtemp(path.join(distDir, 'bench-app-'));
  const entries = (await readdir(src, { recursive: true }))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => path.join(src, file));
  await build({ entryPoints: entries, outdir, outbase: src, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' });
  const page = 'emulators/slack/playground-page';
  await cp(path.join(src, page), path.join(outdir, page), { recursive: true });
  const extraFiles: Record<string, string> = {};
  for (const entry of extraEntries) {
    const outfile = path.join(outdir, 'extra', entry.replace(/\.ts$/, '.js'));
    // Bundled, npm packages external: an entry's own imports (the floor's card fixture) come along.
    await build({
      entryPoints: [path.join(PROJECT_ROOT, entry)],
      outfile,
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
    });
    extraFiles[entry] = outfile;
  }
  return { mainFile: path.join(outdir, 'main.js'), extraFiles, remove: () => rm(outdir, { recursive: true, force: true }) };
}

/**
 * Another revision's app built the same way (under this project's dist/, on its node_modules), to
 * measure "today's code" next to this tree's in one run. Its extracted source is removed once built.
 */
export async function buildRevisionApp(rev: string): Promise<BuiltApp & { commit: string }> {
  const source = await mkdtemp(path.join(os.tmpdir(), 'research-desk-bench-revision-'));
  try {
    const { commit } = await extractRevision({ repo: PROJECT_ROOT, rev, into: source });
    return { ...(await buildApp([], source)), commit };
  } finally {
    await rm(source, { recursive: true, force: true });
  }
}
