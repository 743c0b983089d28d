/**
 * The real entry point (src/main.ts) as a child process, for tests that must kill the app for
 * real. It runs the e2e tier's bundle of src/main.ts (test/support/test-processes.ts) in a plain
 * `node`, so a SIGKILL reaches the app itself and a restart costs no transpiling.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { bundledEntry, PROJECT_ROOT } from '../../support/test-processes.js';
import { pollUntil } from '../../support/poll-until.js';

export type LogLine = Record<string, unknown> & { level?: string; msg?: string };

export interface AppExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface AppProcess {
  child: ChildProcess;
  exited: Promise<AppExit>;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Structured log lines (stdout JSON) written so far. */
  logs(): LogLine[];
  /** Resolves with the first log line `match` accepts; rejects when the process exits before one. */
  waitForLog(match: (line: LogLine) => boolean): Promise<LogLine>;
  /** Resolves once GET /healthz answers 200; rejects when the process exits first or after `timeoutMs`. */
  waitUntilHealthy(port: number, timeoutMs?: number): Promise<void>;
}

export function startAppProcess(env: Record<string, string>): AppProcess {
  const child = spawn(process.execPath, ['--enable-source-maps', bundledEntry('app')], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let pending = '';
  const lines: LogLine[] = [];
  const watchers = new Set<{ match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }>();
  child.stdout?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    out += text;
    pending += text;
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const raw of complete) {
      const line = parseLogLine(raw);
      if (!line) continue;
      lines.push(line);
      for (const w of watchers) {
        if (w.match(line)) {
          watchers.delete(w);
          w.resolve(line);
        }
      }
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<AppExit>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));

  const exitError = (what: string) => (e: AppExit) => new Error(`app exited (${e.signal ?? e.code}) before ${what}:\n${out.slice(-4000)}`);

  return {
    child,
    exited,
    output: () => out,
    logs: () => [...lines],
    waitForLog(match) {
      const seen = lines.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise<LogLine>((resolve, reject) => {
        const watcher = { match, resolve };
        watchers.add(watcher);
        void exited.then((e) => {
          if (watchers.delete(watcher)) reject(exitError('the awaited log line')(e));
        });
      });
    },
    async waitUntilHealthy(port, timeoutMs = 20_000) {
      let exit: AppExit | undefined;
      void exited.then((e) => (exit = e));
      await pollUntil(
        async () => {
          if (exit) throw exitError('/healthz answered')(exit);
          return fetch(`http://127.0.0.1:${port}/healthz`).then(
            (res) => res.ok,
            () => false,
          );
        },
        { what: () => `/healthz answering (app output:\n${out.slice(-4000)})`, timeoutMs, intervalMs: 50 },
      );
    },
  };
}

function parseLogLine(raw: string): LogLine | undefined {
  if (!raw.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null ? (parsed as LogLine) : undefined;
  } catch {
    return undefined;
  }
}

/** A loopback port free right now, so a restarted app can listen on the same one again. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise((r) => server.close(r));
  if (address === null || typeof address === 'string') throw new Error('no port assigned');
  return address.port;
}

/**
 * The production-like environment of an app process between the two emulators (HTTP mode, the
 * embedded store in `dataDir`, listening on 127.0.0.1:`port`); tests add what they vary.
 */
export function appEnvBetweenEmulators(peers: {
  slack: { apiUrl: string };
  service: { url: string; apiKey: string };
  secrets: { botToken: string; signingSecret: string };
  dataDir: string;
  port: number;
}): Record<string, string> {
  return {
    SLACK_BOT_TOKEN: peers.secrets.botToken,
    SLACK_SIGNING_SECRET: peers.secrets.signingSecret,
    SLACK_API_URL: peers.slack.apiUrl,
    SERVICE_BASE_URL: peers.service.url,
    SERVICE_API_KEY: peers.service.apiKey,
    DATA_DIR: peers.dataDir,
    PORT: String(peers.port),
    HOST: '127.0.0.1',
  };
}
