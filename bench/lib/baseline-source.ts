/**
 * The source of another revision, for measuring "today's code" in the same run as the working
 * tree: `git archive` of its src/ and tsconfig.json into a directory. Unlike `git worktree add`
 * it leaves nothing in the repository's metadata to clean up if the benchmark is interrupted.
 * The revision runs on this tree's node_modules (bundle-entries.ts links them).
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
