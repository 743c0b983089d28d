import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleEntries } from '../../bench/lib/bundle-entries.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A project whose bench entry imports src/, and another revision's src/ saying something else. */
async function twoTrees() {
  const base = await mkdtemp(path.join(tmpdir(), 'bundle-entries-test-'));
  dirs.push(base);
  const write = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(base, file)), { recursive: true });
    await writeFile(path.join(base, file), text);
  };
  await write('root/src/who.ts', "export const who = 'this tree';\n");
  await write('root/bench/fixture.ts', "export const input = 'same input';\n");
  await write(
    'root/bench/entry.ts',
    "import { who } from '../src/who.js';\nimport { input } from './fixture.js';\nexport const said = who + ': ' + input;\n",
  );
  await write('other/src/who.ts', "import { suffix } from './suffix.js';\nexport const who = 'other revision' + suffix;\n");
  await write('other/src/suffix.ts', "export const suffix = '!';\n");
  await mkdir(path.join(base, 'node_modules'));
  const bundle = (srcDir?: string) =>
    bundleEntries({
      root: path.join(base, 'root'),
      entries: { entry: 'bench/entry.ts' },
      outdir: path.join(base, srcDir ? 'out-other' : 'out-own'),
      nodeModules: path.join(base, 'node_modules'),
      ...(srcDir ? { srcDir } : {}),
    });
  return { bundle, otherSrc: path.join(base, 'other/src') };
}

describe('bundleEntries', () => {
  it("bundles the entry against the root's own src/ by default", async () => {
    const { bundle } = await twoTrees();
    const { entry } = await bundle();
    expect(await readFile(entry, 'utf8')).toContain('this tree');
  });

  it('resolves src/ imports from srcDir, and the rest (fixtures) from the root', async () => {
    const { bundle, otherSrc } = await twoTrees();
    const { entry } = await bundle(otherSrc);
    const { said } = (await import(entry)) as { said: string };
    expect(said).toBe('other revision!: same input');
  });
});
