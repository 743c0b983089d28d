/**
 * The relay benchmark's workers, bundled and run with plain `node` (bundle-entries.ts): this tree's
 * strategy and memory workers, and with a baseline revision the same strategy worker on that
 * revision's src/, so its relay runs as one more strategy in the same run ("today's code").
 *
 * All of them bundled, none through tsx: a revision extracted to a fresh directory would meet tsx's
 * transform cache cold and peak some 25 MB higher than this tree's warm one, which is the
 * transpiler's memory, not the relay's.
 *
 * The worker imports src/ by relative paths, so for the baseline this tree's worker and bench/lib/
 * are copied next to the revision's src/ and bundled there. That needs the worker's imports
 * (buildRelayRuntime, createResearchClient, the stores, the logger, the renderers of
 * relay-baselines.ts) to exist in that revision with the same shapes, as they do at f62e53e; one
 * without them fails at bundling, naming the missing export. Running the revision's whole app
 * against its own emulators would not need them, but its CPU and RSS would then include Bolt, the
 * HTTP receiver and the mention handling, which the relay strategy's do not: the figures would not
 * compare, and it takes more plumbing.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bundleEntries } from './bundle-entries.js';
import { extractRevision } from './git-source.js';

const STRATEGY_WORKER = 'bench/relay-strategy-worker.ts';
const MEMORY_WORKER = 'bench/relay-memory-worker.ts';

export interface RelayWorkerBundles {
  /** This tree's strategy worker. */
  strategy: string;
  /** This tree's memory worker. */
  memory: string;
  /** The strategy worker on the baseline revision's src/, when one was asked for. */
  baseline?: { strategy: string; commit: string };
  remove(): Promise<void>;
}

export async function bundleRelayWorkers(projectRoot: string, baselineRev?: string): Promise<RelayWorkerBundles> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'relay-bench-workers-'));
  const remove = () => rm(work, { recursive: true, force: true });
  const nodeModules = path.join(projectRoot, 'node_modules');
  try {
    const current = await bundleEntries({
      root: projectRoot,
      entries: { strategy: STRATEGY_WORKER, memory: MEMORY_WORKER },
      outdir: path.join(work, 'current'),
      nodeModules,
    });
    if (!baselineRev) return { ...current, remove };
    const source = path.join(work, 'baseline-src');
    const { commit } = await extractRevision({ repo: projectRoot, rev: baselineRev, into: source });
    await cp(path.join(projectRoot, STRATEGY_WORKER), path.join(source, STRATEGY_WORKER));
    await cp(path.join(projectRoot, 'bench', 'lib'), path.join(source, 'bench', 'lib'), { recursive: true });
    const baseline = await bundleEntries({
      root: source,
      entries: { strategy: STRATEGY_WORKER },
      outdir: path.join(work, 'baseline'),
      nodeModules,
    });
    return { ...current, baseline: { strategy: baseline.strategy, commit }, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
