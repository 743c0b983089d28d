/**
 * How document links unfurl (issue 32): as Work Objects; where the workspace refuses them, as the
 * classic cards at once, the refusal remembered for that workspace (and only that one) so its next
 * links skip the refused call; a refusal of our own metadata falls back too, and is not remembered.
 * Against the Slack emulator over HTTP, with a real state store.
 */
import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../../src/emulators/slack/index.js';
import { createMemoryLogger, type Logger } from '../../../../src/observability/logger.js';
import { createRedactor } from '../../../../src/observability/redactor.js';
import type { DocumentDetail } from '../../../../src/service/types.js';
import { sendDocumentUnfurls } from '../../../../src/slack/research/unfurls/send-document-unfurls.js';
import { createMemoryStateStore } from '../../../../src/store/memory-state-store.js';
import { WorkObjectRefusals } from '../../../../src/store/work-object-refusals.js';

const doc = {
  docId: 'doc_7',
  title: 'Moutai: Q3 review',
  url: 'https://research.example.com/docs/doc_7',
  companies: [],
  tags: {},
  metadatas: {},
  summary: 'Revenue grew.',
  chunks: [],
} as unknown as DocumentDetail;

let emu: SlackEmulator;
let client: WebClient;
let log: Logger;

beforeAll(async () => {
  emu = await startSlackEmulator({ rateLimits: 'off' });
  client = new WebClient('xoxb-emulator-bot-token', { slackApiUrl: emu.apiUrl, retryConfig: { retries: 0 } });
  log = createMemoryLogger(createRedactor([]));
});
afterAll(() => emu.close());

async function shared(): Promise<{ url: string; channel: string; ts: string }> {
  const url = `${doc.url}?n=${Math.random().toString(36).slice(2)}`;
  await emu.shareLink({ url });
  const share = [...emu.unfurls.values()].find((u) => u.urls.includes(url));
  if (!share) throw new Error('no share');
  return { url, channel: share.channel, ts: share.ts };
}

describe('sendDocumentUnfurls', () => {
  it('sends Work Objects where the workspace takes them', async () => {
    const state = createMemoryStateStore();
    const at = await shared();
    const outcome = await sendDocumentUnfurls({
      client,
      state,
      teamId: emu.teamId,
      target: { channel: at.channel, ts: at.ts },
      docs: [{ url: at.url, doc }],
      log,
    });
    expect(outcome).toBe('work_objects');
    expect(emu.unfurls.get(`${at.channel}:${at.ts}`)?.entities?.[at.url]).toBeDefined();
  });

  it('falls back to classic cards where the workspace refuses them, and remembers that workspace only', async () => {
    const state = createMemoryStateStore();
    emu.workObjects.setWorkspaceTakesWorkObjects(emu.teamId, false);
    try {
      const first = await shared();
      const target = { channel: first.channel, ts: first.ts };
      expect(await sendDocumentUnfurls({ client, state, teamId: emu.teamId, target, docs: [{ url: first.url, doc }], log })).toBe(
        'classic',
      );
      expect(emu.unfurls.get(`${first.channel}:${first.ts}`)?.unfurls[first.url]).toBeDefined();
      expect(await new WorkObjectRefusals(state).refused(emu.teamId)).toBe(true);
      expect(await new WorkObjectRefusals(state).refused('T0OTHER')).toBe(false);
      const metadataCalls = () => emu.calls.filter((c) => c.method === 'chat.unfurl' && c.args.metadata !== undefined).length;
      const before = metadataCalls();
      const second = await shared();
      const again = { channel: second.channel, ts: second.ts };
      expect(await sendDocumentUnfurls({ client, state, teamId: emu.teamId, target: again, docs: [{ url: second.url, doc }], log })).toBe(
        'classic',
      );
      expect(metadataCalls()).toBe(before);
    } finally {
      emu.workObjects.setWorkspaceTakesWorkObjects(emu.teamId, true);
    }
  });

  it('a refusal of the metadata itself falls back for these links and is not remembered', async () => {
    const state = createMemoryStateStore();
    const at = await shared();
    const sent: Array<Record<string, unknown>> = [];
    // Slack's SDK as it rejects a platform error; the classic call goes to the emulator.
    const refusing = {
      chat: {
        unfurl: async (args: Record<string, unknown>) => {
          sent.push(args);
          if (args.metadata !== undefined) {
            throw Object.assign(new Error('An API error occurred: error_processing_metadata'), {
              code: 'slack_webapi_platform_error',
              data: { ok: false, error: 'error_processing_metadata' },
            });
          }
          return client.chat.unfurl(args as unknown as Parameters<WebClient['chat']['unfurl']>[0]);
        },
      },
    } as unknown as WebClient;
    const target = { channel: at.channel, ts: at.ts };
    expect(await sendDocumentUnfurls({ client: refusing, state, teamId: emu.teamId, target, docs: [{ url: at.url, doc }], log })).toBe(
      'classic',
    );
    expect(sent.map((a) => (a.metadata !== undefined ? 'metadata' : 'unfurls'))).toEqual(['metadata', 'unfurls']);
    expect(await new WorkObjectRefusals(state).refused(emu.teamId)).toBe(false);
  });
});
