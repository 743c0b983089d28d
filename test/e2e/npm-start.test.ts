/**
 * `npm start` on embedded defaults: the real entry point (src/main.ts) in a child process with no
 * credentials starts the playground; a script then drives it through the playground JSON API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playgroundClient, waitUntil } from './support/playground-client.js';
import { pollUntil } from '../support/poll-until.js';

interface PlaygroundMessage {
  ts: string;
  user: string;
  text: string;
  blocks: unknown[] | null;
  edits: number;
  replies: PlaygroundMessage[];
}
interface ChannelView {
  messages: PlaygroundMessage[];
  ephemeral: Array<{ text: string; blocks?: unknown[] }>;
}

const root = path.resolve(import.meta.dirname, '../..');

describe('npm start with no credentials', () => {
  let child: ChildProcess;
  let url = '';
  let dataDir = '';
  let output = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'research-desk-start-'));
    child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'src/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: '0',
        PLAYGROUND_PORT: '0',
        DATA_DIR: dataDir,
        EMULATOR_AGENT_SPEED: '100',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    let exitCode: number | null | undefined;
    child.on('exit', (code) => (exitCode = code));
    // tsx transpiles every source file on a cold start: seconds when idle, far more on a machine
    // the suite (and others) keep busy. The deadline only bounds a start that never comes.
    url = await pollUntil(
      () => {
        if (exitCode !== undefined) throw new Error(`exited with ${exitCode}:\n${output}`);
        return /(http:\/\/localhost:\d+)/.exec(output)?.[1];
      },
      { what: () => `a playground URL (output:\n${output})`, timeoutMs: 120_000, intervalMs: 100 },
    );
  }, 130_000);

  afterAll(async () => {
    child?.kill('SIGTERM');
    await new Promise((r) => child?.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  });

  const { api } = playgroundClient(() => url);
  const channelView = async (id: string) => api<ChannelView>(`/api/channels/${id}/messages`);
  const waitFor = waitUntil;

  it('prints one playground URL and serves the page', async () => {
    expect(output).toContain('demo data');
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
  });

  it('answers each command with a rendered card through the JSON API', async () => {
    const channels = await api<Array<{ id: string; name: string }>>('/api/channels');
    const channel = channels[0]!.id;
    for (const [command, text] of [
      ['/research', '茅台'],
      ['/financials', 'US:NVDA'],
      ['/concepts', 'top:3'],
    ] as const) {
      const before = (await channelView(channel)).ephemeral.length;
      await api('/api/commands', { command, text, channel_id: channel });
      const card = await waitFor(async () => {
        const view = await channelView(channel);
        const fresh: Array<{ blocks?: unknown[] | null }> = [...view.ephemeral.slice(before), ...view.messages.slice(-1)];
        return fresh.find((m) => Array.isArray(m.blocks) && m.blocks.length > 2);
      }, `a card for ${command} ${text}`);
      expect(card.blocks!.length).toBeGreaterThan(2);
    }
  });

  it('answers a mention in a thread with the agent report', async () => {
    const channels = await api<Array<{ id: string }>>('/api/channels');
    const channel = channels[0]!.id;
    const { ts } = await api<{ ts: string }>('/api/messages', { text: '@Research Desk 茅台的毛利率趋势如何?', channel_id: channel });
    const reply = await waitFor(
      async () => {
        const view = await channelView(channel);
        const thread = view.messages.find((m) => m.ts === ts)?.replies ?? [];
        const done = thread.find((r) => r.edits > 0 && !/Working/.test(r.text));
        return done;
      },
      'the final agent reply',
      30_000,
    );
    expect(reply.blocks?.length ?? 0).toBeGreaterThan(1);
  });
});
