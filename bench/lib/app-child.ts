/**
 * An app process a benchmark starts, kills and times: when it was spawned, its JSON log lines as
 * they arrive, and when an HTTP path first answered 200. Spawned in its own process group so
 * `npm start` (npm → tsx → node) stops as a whole.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { PROJECT_ROOT } from './build-app.js';

export type LogLine = Record<string, unknown> & { msg?: string };

export interface AppChild {
  child: ChildProcess;
  /** Date.now() just before the spawn. */
  spawnedAt: number;
  exited: Promise<void>;
  output(): string;
  /** The first log line `match` accepts (with when it was read); rejects when the process exits first. */
  waitForLog(match: (line: LogLine) => boolean): Promise<{ line: LogLine; at: number }>;
  /** Polls `url` every 10 ms; resolves with Date.now() at its first 200. */
  waitFor200(url: string, timeoutMs?: number): Promise<number>;
  /** Signals the whole process group and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export function startAppChild(command: string, args: string[], env: Record<string, string>): AppChild {
  const spawnedAt = Date.now();
  const child = spawn(command, args, {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  let pending = '';
  const lines: Array<{ line: LogLine; at: number }> = [];
  const watchers = new Set<(entry: { line: LogLine; at: number }) => void>();
  child.stdout?.on('data', (chunk: Buffer) => {
    const at = Date.now();
    out += chunk.toString();
    pending += chunk.toString();
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const raw of complete) {
      if (!raw.startsWith('{')) continue;
      try {
        const entry = { line: JSON.parse(raw) as LogLine, at };
        lines.push(entry);
        for (const watch of watchers) watch(entry);
      } catch {
        // not a log line
      }
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  let hasExited = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      hasExited = true;
      resolve();
    }),
  );
  const failure = (what: string) => new Error(`app exited before ${what}:\n${out.slice(-3000)}`);

  return {
    child,
    spawnedAt,
    exited,
    output: () => out,
    waitForLog(match) {
      const seen = lines.find((entry) => match(entry.line));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const watch = (entry: { line: LogLine; at: number }): void => {
          if (!match(entry.line)) return;
          watchers.delete(watch);
          resolve(entry);
        };
        watchers.add(watch);
        void exited.then(() => {
          if (watchers.delete(watch)) reject(failure('the awaited log line'));
        });
      });
    },
    async waitFor200(url, timeoutMs = 60_000) {
      const deadline = spawnedAt + timeoutMs;
      for (;;) {
        if (hasExited) throw failure(`${url} answered 200`);
        const ok = await fetch(url).then(
          (res) => res.ok,
          () => false,
        );
        if (ok) return Date.now();
        if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${out.slice(-3000)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    async stop(signal = 'SIGTERM') {
      if (!hasExited && child.pid !== undefined) {
        try {
          process.kill(-child.pid, signal);
        } catch {
          // already gone
        }
      }
      await exited;
    },
  };
}
