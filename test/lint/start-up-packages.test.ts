/**
 * Packages that are large in memory and used by few requests load when first used, not at start
 * (issue 33): every garbage collection walks what a process holds, and an idle process still
 * collects. ECharts and resvg load on the first chart (src/charts), the MCP SDK on the first /mcp
 * request (src/slack/mcp/serve-mcp-request.ts).
 */
import { describe, expect, it } from 'vitest';
import { moduleGraph, packagesReachedStatically } from './start-up-packages.js';

const LOADED_WHEN_FIRST_USED = ['echarts', '@resvg/resvg-js', '@modelcontextprotocol/sdk'];

describe('packages loaded at start', () => {
  it('leaves out the packages a process loads when first used', async () => {
    const packages = packagesReachedStatically(await moduleGraph('src/main.ts'), 'src/main.ts');
    // The walk reaches what start-up does load, so an empty answer cannot pass.
    expect(packages).toContain('@slack/bolt');
    expect(packages).toContain('zod');
    for (const name of LOADED_WHEN_FIRST_USED) expect(packages, name).not.toContain(name);
  }, 60_000);

  it('follows static imports only: a dynamic or type-only import loads nothing at start', () => {
    const modules = [
      {
        source: 'src/main.ts',
        dependencies: [
          { resolved: 'src/a.ts', dependencyTypes: ['local', 'import'] },
          { resolved: 'src/lazy.ts', dependencyTypes: ['local', 'dynamic-import'] },
          { resolved: 'node_modules/@scope/typed/index.d.ts', dependencyTypes: ['npm', 'type-only', 'import'] },
        ],
      },
      { source: 'src/a.ts', dependencies: [{ resolved: 'node_modules/@scope/eager/dist/index.js', dependencyTypes: ['npm', 'import'] }] },
      { source: 'src/lazy.ts', dependencies: [{ resolved: 'node_modules/heavy/index.js', dependencyTypes: ['npm', 'import'] }] },
    ];
    expect([...packagesReachedStatically(modules, 'src/main.ts')]).toEqual(['@scope/eager']);
  });

  it('refuses to judge a graph with an import that does not resolve', () => {
    const modules = [{ source: 'src/main.ts', dependencies: [{ resolved: 'missing/pkg', dependencyTypes: ['unknown'] }] }];
    expect(() => packagesReachedStatically(modules, 'src/main.ts')).toThrow('src/main.ts: missing/pkg does not resolve');
  });
});
