/**
 * Which code a benchmark measures: this working tree, or another revision, to measure "today's
 * code" in the same run. A revision's src/ and tsconfig.json come out with `git archive`; unlike
 * `git worktree add` that leaves nothing in the repository's metadata to clean up if the
 * benchmark is interrupted. The revision runs on this tree's node_modules (bundle-entries.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';

export async function extractRevision(options: { repo: string; rev: string; into: string }): Promise<{ commit: string }> {
  const commit = execFileSync('git', ['-C', options.repo, 'rev-parse', '--verify', `${options.rev}^{commit}`], { encoding: 'utf8' }).trim();
  await mkdir(options.into, { recursive: true });
  const archive = execFileSync('git', ['-C', options.repo, 'archive', '--format=tar', commit, 'src', 'tsconfig.json'], {
    maxBuffer: 512 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', options.into], { input: archive });
  return { commit };
}

/** The working tree as a benchmark names it: its HEAD commit, and whether it has changes on top. */
export function describeWorkingTree(repo: string): string {
  const head = execFileSync('git', ['-C', repo, 'rev-parse', '--short=10', 'HEAD'], { encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['-C', repo, 'status', '--porcelain', '--', 'src'], { encoding: 'utf8' }).trim() !== '';
  return dirty ? `${head} with uncommitted changes in src/` : head;
}
