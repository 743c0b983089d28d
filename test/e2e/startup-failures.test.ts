/**
 * What an operator sees when the app cannot start for a reason they can fix: one line on stderr
 * that says what to do, exit status 1, no stack trace.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledEntry, PROJECT_ROOT } from '../support/test-processes.js';

interface Exit {
  code: number | null;
  stderr: string;
  stdout: string;
}

function runApp(env: Record<string, string>): Promise<Exit> {
  const child = spawn(process.execPath, [bundledEntry('app')], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr, stdout }));
  });
}

function listenAnywhere(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port })),
  );
}

describe('start-up failures an operator can fix', () => {
  let dataDir = '';
  let busy: { server: Server; port: number };
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'research-desk-startup-'));
    busy = await listenAnywhere();
  });
  afterAll(async () => {
    busy.server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a playground port in use: one line naming PLAYGROUND_PORT', async () => {
    const exit = await runApp({ PORT: '0', PLAYGROUND_PORT: String(busy.port), DATA_DIR: dataDir });
    expect(exit.code).toBe(1);
    expect(exit.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^research-desk: port ${busy.port} is already in use .*set PLAYGROUND_PORT to a free port`)),
    ]);
    expect(exit.stdout).not.toMatch(/stack|EADDRINUSE/);
  });

  it('an app port in use: one line naming PORT', async () => {
    const exit = await runApp({ PORT: String(busy.port), PLAYGROUND_PORT: '0', DATA_DIR: dataDir });
    expect(exit.code).toBe(1);
    expect(exit.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^research-desk: port \d+ is already in use .*set PORT to a free port/),
    ]);
    expect(exit.stdout).not.toMatch(/stack|unhandled/);
  });

  it('a DATA_DIR held by another live process: one line saying which and what to do', async () => {
    const lockedDir = await mkdtemp(path.join(tmpdir(), 'research-desk-locked-'));
    // This test process is alive, so its pid in the lock file is a live owner.
    await writeFile(path.join(lockedDir, 'state.lock'), `${process.pid}\n`);
    try {
      const exit = await runApp({ PORT: '0', PLAYGROUND_PORT: '0', DATA_DIR: lockedDir });
      expect(exit.code).toBe(1);
      expect(exit.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(new RegExp(`^research-desk: DATA_DIR .* is already in use by process ${process.pid}.*Stop that process`)),
      ]);
    } finally {
      await rm(lockedDir, { recursive: true, force: true });
    }
  });
});
