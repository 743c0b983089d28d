/**
 * Starts the crash-test worker (test/agent/fixtures/relay-worker.ts) as a real child process,
 * from the e2e tier's bundle (test/support/test-processes.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { bundledEntry } from '../../support/test-processes.js';

export interface WorkerProcess {
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  output(): string;
}

export function startWorker(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, ['--enable-source-maps', bundledEntry('relayWorker')], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}
