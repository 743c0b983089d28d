/**
 * The checks `npm test` runs before the tests can fail: a file that breaks a rule is planted in
 * src/, the tool runs on it exactly as the npm script does, and the file is removed again.
 * Without this, a rule that silently matched nothing would look like a clean codebase.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

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
});
