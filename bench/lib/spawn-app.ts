import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface SpawnedApp {
  port: number;
  /** The node process itself, whose CPU and memory a benchmark reads. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Runs a bundled entry point with plain `node`, in its own process as production does, so what a
 * benchmark measures is neither its peers nor a transpiler. Its own stdout is dropped (the app
 * still formats every log line it would write); stderr shows. Resolves once /healthz answers.
 */
export async function spawnApp(entry: string, env: Record<string, string>, nodeFlags: readonly string[] = []): Promise<SpawnedApp> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, entry], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${entry} did not answer /healthz within 30 s`);
    }
    await delay(100);
  }
  if (child.pid === undefined) throw new Error(`${entry} has no pid`);
  return { port, pid: child.pid, stop };
}
