/**
 * Which npm packages a process loads at start: those reached from an entry through static imports
 * (a type-only import loads nothing, a dynamic import loads when it runs). Read from
 * dependency-cruiser's graph, the one `npm run lint:deps` checks.
 * @see https://github.com/sverweij/dependency-cruiser/blob/main/doc/api.md
 */
import { createRequire } from 'node:module';
import { cruise, type ICruiseOptions } from 'dependency-cruiser';

export interface GraphModule {
  source: string;
  dependencies: Array<{ resolved: string; dependencyTypes: string[] }>;
}

const packageOf = (resolved: string): string | undefined => resolved.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
const loadsAtStart = (types: readonly string[]): boolean => !types.includes('type-only') && !types.includes('dynamic-import');

/** Pure: the packages `entry` reaches through static imports of `modules`. */
export function packagesReachedStatically(modules: readonly GraphModule[], entry: string): Set<string> {
  const bySource = new Map(modules.map((m) => [m.source, m]));
  const seen = new Set<string>([entry]);
  const packages = new Set<string>();
  const queue = [entry];
  for (let source = queue.pop(); source !== undefined; source = queue.pop()) {
    for (const dep of bySource.get(source)?.dependencies ?? []) {
      // What does not resolve cannot be judged (lint:deps refuses it too).
      if (dep.dependencyTypes.includes('unknown')) throw new Error(`${source}: ${dep.resolved} does not resolve`);
      if (!loadsAtStart(dep.dependencyTypes)) continue;
      const name = packageOf(dep.resolved);
      if (name) packages.add(name);
      else if (!seen.has(dep.resolved)) {
        seen.add(dep.resolved);
        queue.push(dep.resolved);
      }
    }
  }
  return packages;
}

/** What .dependency-cruiser.cjs (lint:deps) resolves with: the same graph, npm packages included. */
const lintDepsOptions = (createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as { options: ICruiseOptions }).options;

/** The graph of our modules from `entry` (npm packages are leaves). */
export async function moduleGraph(entry: string): Promise<GraphModule[]> {
  const { tsPreCompilationDeps, tsConfig, enhancedResolveOptions } = lintDepsOptions;
  // Not lint:deps' includeOnly: that leaves npm packages out of the graph.
  const result = await cruise([entry], {
    doNotFollow: { path: 'node_modules' },
    ...(tsPreCompilationDeps === undefined ? {} : { tsPreCompilationDeps }),
    ...(tsConfig ? { tsConfig } : {}),
    ...(enhancedResolveOptions ? { enhancedResolveOptions } : {}),
  });
  if (typeof result.output === 'string') throw new Error('dependency-cruiser returned text, not a graph');
  return result.output.modules;
}
