/**
 * A redis-server of a test's own, on a free loopback port, for tests that do to Redis what
 * production does (kill it, start it again empty, pause it): the shared server at
 * REDIS_TEST_URL serves every other test and must stay up. Debian's redis-server is installed by
 * .ci/run; without it the test fails saying how to get one.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer, Socket } from 'node:net';
import { pollUntil } from './poll-until.js';

export interface PrivateRedis {
  readonly port: number;
  readonly url: string;
  /** SIGKILL: the server and all it held are gone (no persistence is configured). */
  kill(): Promise<void>;
  /** Starts the server again on the same port, empty. */
  start(): Promise<void>;
  /** kill() then start(): Redis lost everything, as after a crash without persistence. */
  restartEmpty(): Promise<void>;
  /** SIGSTOP / SIGCONT: connections stay open but nothing answers. */
  pause(): void;
  resume(): void;
  close(): Promise<void>;
}

export function redisServerPath(): string {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  const path = found.stdout.trim();
  if (found.status !== 0 || !path) {
    throw new Error('This test starts its own redis-server and none is installed: `apt-get install redis-server` (bash .ci/run does).');
  }
  return path;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    server.on('error', reject);
  });
}

async function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/**
 * Starts a private redis-server; `extraArgs` are passed as they are (e.g. cluster options), and a
 * `configFile` goes first, as redis-server wants it (a sentinel needs one it can rewrite).
 */
export async function startPrivateRedis(options: { port?: number; extraArgs?: string[]; configFile?: string } = {}): Promise<PrivateRedis> {
  const binary = redisServerPath();
  const port = options.port ?? (await freePort());
  let child: ChildProcess | undefined;

  const start = async (): Promise<void> => {
    const args = [
      ...(options.configFile === undefined ? [] : [options.configFile]),
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      ...(options.extraArgs ?? []),
    ];
    const started = spawn(binary, args, { stdio: 'ignore' });
    child = started;
    await pollUntil(
      async () => {
        if (started.exitCode !== null) throw new Error(`redis-server on port ${port} exited with ${started.exitCode}`);
        return answersPing(port);
      },
      { what: `redis-server on port ${port} answering PING`, timeoutMs: 60_000, intervalMs: 25 },
    );
  };

  const kill = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGCONT');
    running.kill('SIGKILL');
    await exited;
  };

  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    kill,
    start,
    async restartEmpty() {
      await kill();
      await start();
    },
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
    close: kill,
  };
}
