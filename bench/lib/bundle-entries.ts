/**
 * Bundles entry points with esbuild (the transpiler tsx and vitest already use), our code only:
 * npm packages stay external and load from node_modules as in production, so the output directory
 * gets a node_modules link to the project's. `node bundle.js` starts without transpiling and holds
 * no transpiler in memory, so a benchmark measures the app and not tsx.
 * @see https://esbuild.github.io/api/#packages
 */
import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/**
 * Resolves relative imports that land in `root`/src/ from `srcDir` instead, so this tree's bench
 * code (cases, fixtures) runs another revision's src/ (git-source.ts extracts it).
 * @see https://esbuild.github.io/plugins/#resolve
 */
function srcFrom(root: string, srcDir: string): Plugin {
  const ownSrc = path.join(root, 'src') + path.sep;
  return {
    name: 'src-from-revision',
    setup(plugin) {
      plugin.onResolve({ filter: /^\./ }, async (args) => {
        const target = path.resolve(args.resolveDir, args.path);
        if (!target.startsWith(ownSrc)) return undefined;
        const { path: resolved, errors } = await plugin.resolve(`./${path.relative(ownSrc, target)}`, {
          kind: args.kind,
          resolveDir: srcDir,
        });
        return errors.length > 0 ? { errors } : { path: resolved };
      });
    },
  };
}

/**
 * @param root the source tree the entries are relative to
 * @param entries name → entry path relative to root
 * @returns name → bundled file
 */
export async function bundleEntries<Name extends string>(options: {
  root: string;
  entries: Record<Name, string>;
  outdir: string;
  nodeModules: string;
  /** Another src/ that imports of root/src/ resolve from (srcFrom). */
  srcDir?: string;
}): Promise<Record<Name, string>> {
  const names = Object.keys(options.entries) as Name[];
  await build({
    entryPoints: names.map((name) => path.join(options.root, options.entries[name])),
    outdir: options.outdir,
    outbase: options.root,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    // Dynamic imports stay lazy chunks, as in production (tsc's dist/ keeps them separate modules):
    // without it the playground and the emulators (and their document parsers) load at start.
    splitting: true,
    target: 'node20',
    logLevel: 'warning',
    plugins: options.srcDir ? [srcFrom(options.root, options.srcDir)] : [],
  });
  await symlink(options.nodeModules, path.join(options.outdir, 'node_modules'), 'dir').catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return Object.fromEntries(
    names.map((name) => [name, path.join(options.outdir, options.entries[name].replace(/\.ts$/, '.js'))]),
  ) as Record<Name, string>;
}
