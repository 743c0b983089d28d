/**
 * The checks `npm test` runs (the linters before the tests, the source rules of
 * source-rules.test.ts among them) can fail: a file that breaks a rule is planted in src/, the
 * check runs on it exactly as `npm test` runs it, and the file is removed again. Without this, a
 * rule that silently matched nothing would look like a clean codebase. Planted files are named
 * `planted-violation-…`, which source-rules.test.ts leaves to this file.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { findLongFiles, findSwallowedErrors, MAX_LINES } from './source-rules.js';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = (name: string): string => path.join(ROOT, 'node_modules', '.bin', name);

/** Runs a command in the repo root; resolves with its exit code and output instead of throwing. */
async function exitOf(command: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** Writes the files (paths relative to the repo root), runs `check`, and always removes them. */
async function withPlanted<T>(files: Record<string, string>, check: () => Promise<T>): Promise<T> {
  try {
    for (const [file, text] of Object.entries(files)) await writeFile(path.join(ROOT, file), text);
    return await check();
  } finally {
    for (const file of Object.keys(files)) await rm(path.join(ROOT, file), { force: true });
  }
}

describe('planted violations', () => {
  it('fail the dependency rules', async () => {
    const id = randomUUID().slice(0, 8);
    const serviceFile = `src/service/planted-violation-${id}.ts`;
    const slackFile = `src/slack/blocks/planted-target-${id}.ts`;
    const agentFile = `src/agent/planted-violation-${id}.ts`;
    const result = await withPlanted(
      {
        // service must not import the Slack layer …
        [slackFile]: "export const target = 'x';\n",
        [serviceFile]: `import { target } from '../slack/blocks/planted-target-${id}.js';\nexport const planted = target;\n`,
        // … and only src/store may build store keys (a new leak, not one of the known ones).
        [agentFile]: "import { keys } from '../store/keys.js';\nexport const planted = keys.run('r');\n",
      },
      () => exitOf(bin('depcruise'), ['--config', '.dependency-cruiser.cjs', '--output-type', 'err', serviceFile, agentFile]),
    );
    expect(result.code).not.toBe(0);
    expect(result.output).toContain(`service-imports-only-observability: ${serviceFile} → ${slackFile}`);
    expect(result.output).toContain(`only-store-builds-store-keys: ${agentFile} → src/store/keys.ts`);
  });

  it('fail the slice rules: a slice importing another (even a type), the kit importing a slice', async () => {
    const id = randomUUID().slice(0, 8);
    const watchTarget = `src/slack/watch/planted-target-${id}.ts`;
    const researchFile = `src/slack/research/planted-violation-${id}.ts`;
    const financialsFile = `src/slack/financials/planted-violation-${id}.ts`;
    const kitFile = `src/slack/kit/planted-violation-${id}.ts`;
    const result = await withPlanted(
      {
        [watchTarget]: "export interface PlantedTarget {\n  x: string;\n}\nexport const target = 'x';\n",
        // a slice reaching into another, by value …
        [researchFile]: `import { target } from '../watch/planted-target-${id}.js';\nexport const planted = target;\n`,
        // … and by type only (still a seam in the wrong place) …
        [financialsFile]: `import type { PlantedTarget } from '../watch/planted-target-${id}.js';\nexport type Planted = PlantedTarget;\n`,
        // … and the kit, which every slice shares, knowing one of them.
        [kitFile]: `import { target } from '../watch/planted-target-${id}.js';\nexport const planted = target;\n`,
      },
      () =>
        exitOf(bin('depcruise'), ['--config', '.dependency-cruiser.cjs', '--output-type', 'err', researchFile, financialsFile, kitFile]),
    );
    expect(result.code).not.toBe(0);
    expect(result.output).toContain(`slices-never-import-each-other: ${researchFile} → ${watchTarget}`);
    expect(result.output).toContain(`slices-never-import-each-other: ${financialsFile} → ${watchTarget}`);
    expect(result.output).toContain(`kit-below-the-slices: ${kitFile} → ${watchTarget}`);
  });

  it('fail the linter and the formatter', async () => {
    const file = `src/store/planted-violation-${randomUUID().slice(0, 8)}.ts`;
    const result = await withPlanted({ [file]: 'export function planted(value: any) {\n    console.log(value)\n}\n' }, () =>
      exitOf(bin('biome'), ['check', '--error-on-warnings', '--colors=off', file]),
    );
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('lint/suspicious/noExplicitAny');
    expect(result.output).toContain('lint/suspicious/noConsole');
    expect(result.output).toMatch(/format/i);
  });

  it('fail the import-circle rule, type-only imports included', async () => {
    const id = randomUUID().slice(0, 8);
    const first = `src/store/planted-violation-${id}-a.ts`;
    const second = `src/store/planted-violation-${id}-b.ts`;
    const result = await withPlanted(
      {
        [first]: `import type { B } from './planted-violation-${id}-b.js';\nexport interface A {\n  b?: B;\n}\n`,
        [second]: `import type { A } from './planted-violation-${id}-a.js';\nexport interface B {\n  a?: A;\n}\n`,
      },
      () => exitOf(bin('depcruise'), ['--config', '.dependency-cruiser.cjs', '--output-type', 'err', first, second]),
    );
    expect(result.code).not.toBe(0);
    expect(result.output).toContain(`no-import-circles: ${first} → `);
  });

  // The source rules (source-rules.test.ts) read all of src/, as `npm test` runs them.
  it('fail the file-length rule', async () => {
    const file = `src/store/planted-violation-${randomUUID().slice(0, 8)}.ts`;
    const lines = Array.from({ length: MAX_LINES + 1 }, (_, i) => `export const line${i} = ${i};\n`).join('');
    const found = await withPlanted({ [file]: lines }, async () => findLongFiles(ROOT));
    expect(found).toContainEqual({
      file,
      line: MAX_LINES + 1,
      message: `${MAX_LINES + 1} lines (at most ${MAX_LINES}): split it by concern`,
    });
  });

  it('fail the swallowed-error rule', async () => {
    const file = `src/store/planted-violation-${randomUUID().slice(0, 8)}.ts`;
    const code = 'export async function planted(work: Promise<void>): Promise<void> {\n  await work.catch(() => undefined);\n}\n';
    const found = await withPlanted({ [file]: code }, async () => findSwallowedErrors(ROOT));
    expect(found).toContainEqual({ file, line: 2, message: expect.stringContaining('`() => undefined` loses the error') });
  });
});
