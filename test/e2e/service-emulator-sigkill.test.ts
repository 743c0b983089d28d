/**
 * The service emulator's CLI with EMULATOR_STATE_FILE, SIGKILLed mid-run and started again: the
 * conversation and run it announced are there, and a reader following the run by offset gets the
 * rest of it, ending once, with no offset repeated or skipped. A "[slow]" step (6 s at speed 5)
 * holds the run while the test kills the process; the kill comes right after its start is seen.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readSse } from '../emulators/service/emulator-http.js';

const root = path.resolve(import.meta.dirname, '../..');
const headers = { Authorization: 'Bearer demo-key', 'Content-Type': 'application/json' };
const children: ChildProcess[] = [];
let dir = '';

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Starts the CLI and resolves with its URL once it listens. */
async function startCli(stateFile: string, agentSpeed: number): Promise<{ child: ChildProcess; url: string }> {
  // `--import tsx` keeps it one process (the tsx CLI would run it in a child the kill misses).
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/emulators/service/cli.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: '0',
      EMULATOR_STATE_FILE: stateFile,
      EMULATOR_AGENT_SPEED: String(agentSpeed),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`emulator exited with ${code}:\n${output}`)));
  });
  return { child, url };
}

describe('the service emulator killed mid-run', () => {
  it('continues the run after a restart on the same state file', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'service-sigkill-'));
    const stateFile = path.join(dir, 'service.json');

    const first = await startCli(stateFile, 5);
    const conv = await (await fetch(`${first.url}/v1/agent/conversations`, { method: 'POST', headers, body: '{}' })).json();
    const killed = new Promise((resolve) => first.child.once('exit', resolve));
    const ac = new AbortController();
    const chat = await fetch(`${first.url}/v1/agent/conversations/${conv.id}/chat`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ message: '[slow] NVDA vs AMD', stream: true }),
      signal: ac.signal,
    });
    const messageId = chat.headers.get('x-service-assistant-message-id') ?? '';
    const before = await readSse(chat, (e) => {
      if ((e as { event_type: string }).event_type === 'tool_start') first.child.kill('SIGKILL');
    });
    await killed;
    expect(before.events.at(-1)?.event_type).toBe('tool_start');

    const second = await startCli(stateFile, 1000);
    const lastSeen = before.events.at(-1)?.offset as number;
    const res = await fetch(`${second.url}/v1/agent/conversations/${conv.id}/messages/${messageId}?from_offset=${lastSeen + 1}`, {
      headers,
    });
    expect(res.status).toBe(200);
    const after = (await readSse(res)).events;
    const offsets = [...before.events, ...after].map((e) => e.offset as number | undefined).filter((o) => o !== undefined);
    expect(new Set(offsets).size).toBe(offsets.length);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(after[0]?.event_type).toBe('tool_end');
    expect(after.filter((e) => e.event_type === 'workflow_end')).toHaveLength(1);
    expect(after.at(-1)?.event_type).toBe('workflow_end');
  }, 60_000);
});
