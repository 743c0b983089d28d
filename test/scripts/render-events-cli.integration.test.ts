import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRecordedEvents, RecordedRunFormatError, renderRecordedRun } from '../../scripts/render-events/render-events-cli.js';
import { startServiceEmulator, type ServiceEmulator } from '../../src/emulators/service/index.js';
import { createResearchClient } from '../../src/service/research-client.js';
import type { WorkflowStreamEvent } from '../../src/service/types.js';

const run = promisify(execFile);

describe('render-events: a recorded run through the relay, offline', () => {
  let service: ServiceEmulator;
  let dir: string;
  let events: WorkflowStreamEvent[];

  beforeAll(async () => {
    service = await startServiceEmulator({ port: 0, agentSpeed: 200 });
    const client = createResearchClient({ baseUrl: service.url, apiKey: service.apiKey });
    const conversation = await client.createConversation({ title: 'recorded' });
    const started = await client.chat({ conversationId: conversation.id, message: 'Moutai dividend history' });
    events = [];
    for await (const e of started.events) events.push(e);
    await client.close();
    dir = await mkdtemp(path.join(os.tmpdir(), 'render-events-test-'));
  });
  afterAll(async () => {
    await service.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('prints the Slack calls, then the final thread messages as its last line', async () => {
    const file = path.join(dir, 'run.json');
    await writeFile(file, JSON.stringify({ assistant_events: events }));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/render-events/render-events-cli.ts', file], {
      cwd: process.cwd(),
    });
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^chat\.postMessage /);
    expect(lines.some((l) => l.startsWith('chat.update '))).toBe(true);
    const messages = JSON.parse(lines.at(-1)!) as Array<{ text: string; blocks: unknown[] }>;
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text).toContain('Research report');
    expect(messages[0]!.blocks.length).toBeGreaterThan(1);
  }, 30_000);

  it('reads an array, endpoint 15 objects and one event per line alike', async () => {
    const asArray = parseRecordedEvents(JSON.stringify(events));
    const asObject = parseRecordedEvents(JSON.stringify({ assistant_events: events }));
    const asLines = parseRecordedEvents(events.map((e) => `data: ${JSON.stringify(e)}`).join('\n'));
    expect(asObject).toEqual(asArray);
    expect(asLines).toEqual(asArray);
    expect(() => parseRecordedEvents('{not json\nstill not')).toThrow(RecordedRunFormatError);
  });

  it('ends a native-streamed run with the same thread as an updated one', async () => {
    const updated = await renderRecordedRun(events, { streaming: 'update' });
    const streamed = await renderRecordedRun(events, { streaming: 'auto', channelId: 'D_RECORDED' });
    expect(streamed.calls.some((c) => c.method === 'chat.startStream')).toBe(true);
    expect(streamed.calls.some((c) => c.method === 'chat.stopStream')).toBe(true);
    expect(streamed.messages).toEqual(updated.messages);
  });
});
