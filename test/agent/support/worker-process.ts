/** Starts the crash-test worker (test/agent/fixtures/relay-worker.ts) as a real child process. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WORKER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/relay-worker.ts');

export interface WorkerProcess {
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  output(): string;
}

export function startWorker(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}
