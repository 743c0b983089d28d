/**
 * The emulator's canvas methods over HTTP with the SDK's own WebClient: canvases.create (a tab of
 * a channel with channel_id), canvases.edit (every operation, all or nothing), canvases.delete,
 * canvases.sections.lookup, canvases.access.set and conversations.canvases.create, with Slack's
 * argument checks, errors, scopes and tiers; canvases kept across a restart with a state file.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slackRateLimitTable } from '../../../../src/emulators/slack/rate-limits.js';
import { DEFAULT_BOT_SCOPES } from '../../../../src/emulators/slack/config.js';
import { startSlackEmulator, type SlackEmulator } from '../../../../src/emulators/slack/index.js';

const BOT = 'xoxb-emulator-bot-token';
const md = (markdown: string) => ({ type: 'markdown' as const, markdown });

let emu: SlackEmulator;
let client: WebClient;

beforeAll(async () => {
  emu = await startSlackEmulator({ rateLimits: 'off', botScopes: [...DEFAULT_BOT_SCOPES, 'canvases:read'] });
  client = new WebClient(BOT, { slackApiUrl: emu.apiUrl, retryConfig: { retries: 0 } });
});
afterAll(() => emu.close());

const fails = (p: Promise<unknown>, error: string) => expect(p).rejects.toMatchObject({ data: { ok: false, error } });

describe('canvases.create', () => {
  it('creates a canvas as a tab of the channel, its Markdown in sections', async () => {
    const channel = emu.defaultChannelId;
    const made = await client.canvases.create({
      title: 'Report',
      channel_id: channel,
      document_content: md('# Title\n\nPara one\n\n| a | b |\n| --- | --- |\n| 1 | 2 |'),
    });
    expect(made).toMatchObject({ ok: true, canvas_id: expect.stringMatching(/^F[A-Z0-9]+$/) });
    const canvas = emu.canvases.get(String(made.canvas_id));
    expect(canvas).toMatchObject({
      title: 'Report',
      channelId: channel,
      isChannelCanvas: false,
      access: { channels: { [channel]: 'write' } },
    });
    expect(canvas?.sections.map((s) => s.markdown)).toEqual(['# Title', 'Para one', '| a | b |\n| --- | --- |\n| 1 | 2 |']);
    expect(emu.canvases.list(channel).map((c) => c.id)).toContain(made.canvas_id);
  });

  it('checks its arguments and the channel as Slack does', async () => {
    await fails(client.canvases.create({ document_content: { type: 'html', markdown: 'x' } as never }), 'invalid_arguments');
    await fails(client.canvases.create({ document_content: md('x'.repeat(1_048_577)) }), 'invalid_arguments');
    await fails(client.canvases.create({ channel_id: 'C0NOSUCH' }), 'channel_not_found');
    const outside = emu.addChannel({ name: 'canvas-no-bot', bot_is_member: false });
    await fails(client.canvases.create({ channel_id: outside.id }), 'restricted_action');
    // A standalone canvas (no channel) is fine on a paid plan, refused on a free one.
    expect((await client.canvases.create({ title: 'Alone' })).ok).toBe(true);
    emu.canvases.setFreePlan(emu.teamId, true);
    await fails(client.canvases.create({ title: 'Alone' }), 'free_teams_cannot_create_non_tabbed_canvases');
    emu.canvases.setFreePlan(emu.teamId, false);
    emu.canvases.setEnabled(emu.teamId, false);
    await fails(client.canvases.create({ title: 'Off', channel_id: emu.defaultChannelId }), 'canvas_disabled_user_team');
    emu.canvases.setEnabled(emu.teamId, true);
  });

  it('needs canvases:write (missing_scope), and its tier is 2; edit, delete, lookup and access.set are tier 3', async () => {
    const scoped = await startSlackEmulator({ rateLimits: 'off', botScopes: DEFAULT_BOT_SCOPES.filter((s) => s !== 'canvases:write') });
    try {
      const other = new WebClient(BOT, { slackApiUrl: scoped.apiUrl, retryConfig: { retries: 0 } });
      await expect(other.canvases.create({ title: 'x' })).rejects.toMatchObject({
        data: { error: 'missing_scope', needed: 'canvases:write' },
      });
    } finally {
      await scoped.close();
    }
    expect(slackRateLimitTable['canvases.create']?.[0]?.perMinute).toBe(20);
    expect(slackRateLimitTable['conversations.canvases.create']?.[0]?.perMinute).toBe(20);
    for (const m of ['canvases.edit', 'canvases.delete', 'canvases.sections.lookup', 'canvases.access.set'])
      expect(slackRateLimitTable[m]?.[0]?.perMinute).toBe(50);
  });
});

describe('canvases.edit and canvases.sections.lookup', () => {
  it('applies every operation; a replace without a section replaces the whole canvas', async () => {
    const { canvas_id } = await client.canvases.create({ document_content: md('# Plan\n\nStep one\n\n## Notes\n\nNothing yet') });
    const id = String(canvas_id);
    const h2 = await client.canvases.sections.lookup({ canvas_id: id, criteria: { section_types: ['h2'] } });
    expect(h2.sections).toHaveLength(1);
    const notes = String(h2.sections?.[0]?.id);
    expect(notes).toMatch(/^temp:C:[A-Z0-9]{27}$/);
    await client.canvases.edit({
      canvas_id: id,
      changes: [
        { operation: 'insert_after', section_id: notes, document_content: md('A note') },
        { operation: 'insert_at_start', document_content: md('Top') },
        { operation: 'insert_at_end', document_content: md('End') },
      ],
    });
    expect(emu.canvases.get(id)?.markdown).toBe('Top\n\n# Plan\n\nStep one\n\n## Notes\n\nA note\n\nNothing yet\n\nEnd');
    const found = await client.canvases.sections.lookup({ canvas_id: id, criteria: { contains_text: 'nothing' } });
    await client.canvases.edit({ canvas_id: id, changes: [{ operation: 'delete', section_id: String(found.sections?.[0]?.id) }] });
    expect(emu.canvases.get(id)?.markdown).not.toContain('Nothing yet');
    await client.canvases.edit({ canvas_id: id, changes: [{ operation: 'replace', document_content: md('# New\n\nAll new') }] });
    expect(emu.canvases.get(id)).toMatchObject({ markdown: '# New\n\nAll new', edits: 3 });
  });

  it('answers Slack’s errors, and applies nothing when one change fails', async () => {
    const { canvas_id } = await client.canvases.create({ document_content: md('Keep me') });
    const id = String(canvas_id);
    await fails(
      client.canvases.edit({ canvas_id: 'F0NOSUCH', changes: [{ operation: 'replace', document_content: md('x') }] }),
      'canvas_not_found',
    );
    await fails(
      client.canvases.edit({ canvas_id: id, changes: [{ operation: 'rewrite', document_content: md('x') }] as never }),
      'invalid_arguments',
    );
    await fails(
      client.canvases.edit({ canvas_id: id, changes: [{ operation: 'insert_after', document_content: md('x') }] as never }),
      'invalid_arguments',
    );
    await fails(client.canvases.edit({ canvas_id: id, changes: [] as never }), 'invalid_arguments');
    await fails(
      client.canvases.edit({
        canvas_id: id,
        changes: [
          { operation: 'insert_at_end', document_content: md('Not kept') },
          { operation: 'delete', section_id: 'temp:C:NOSUCHSECTION000000000000000' },
        ],
      }),
      'canvas_editing_failed',
    );
    expect(emu.canvases.get(id)?.markdown).toBe('Keep me');
    await fails(client.canvases.sections.lookup({ canvas_id: id, criteria: {} as never }), 'invalid_arguments');
    await fails(client.canvases.sections.lookup({ canvas_id: id, criteria: { section_types: ['h4'] } as never }), 'invalid_arguments');
    // Deleted in Slack: every method answers canvas_not_found.
    expect(emu.canvases.delete(id)).toBe(true);
    await fails(
      client.canvases.edit({ canvas_id: id, changes: [{ operation: 'replace', document_content: md('x') }] }),
      'canvas_not_found',
    );
    await fails(client.canvases.delete({ canvas_id: id }), 'canvas_not_found');
  });
});

describe('canvases.delete, canvases.access.set, conversations.canvases.create', () => {
  it('deletes a canvas the bot owns', async () => {
    const { canvas_id } = await client.canvases.create({ title: 'Gone soon' });
    expect((await client.canvases.delete({ canvas_id: String(canvas_id) })).ok).toBe(true);
    expect(emu.canvases.get(String(canvas_id))).toBeUndefined();
  });

  it('sets access for channels or users, never both', async () => {
    const { canvas_id } = await client.canvases.create({ title: 'Shared' });
    const id = String(canvas_id);
    await client.canvases.access.set({ canvas_id: id, access_level: 'read', channel_ids: [emu.defaultChannelId] });
    await client.canvases.access.set({ canvas_id: id, access_level: 'write', user_ids: [emu.defaultUserId] });
    expect(emu.canvases.get(id)?.access).toEqual({ channels: { [emu.defaultChannelId]: 'read' }, users: { [emu.defaultUserId]: 'write' } });
    await fails(
      client.canvases.access.set({
        canvas_id: id,
        access_level: 'read',
        channel_ids: [emu.defaultChannelId],
        user_ids: [emu.defaultUserId],
      }),
      'invalid_parameters',
    );
    await fails(client.canvases.access.set({ canvas_id: id, access_level: 'read' }), 'invalid_parameters');
    await fails(client.canvases.access.set({ canvas_id: id, access_level: 'read', channel_ids: ['C0NOSUCH'] }), 'channel_not_found');
    await fails(client.canvases.access.set({ canvas_id: id, access_level: 'read', user_ids: ['U0NOSUCH'] }), 'user_not_found');
    await fails(
      client.canvases.access.set({ canvas_id: 'F0NOSUCH', access_level: 'read', user_ids: [emu.defaultUserId] }),
      'canvas_not_found',
    );
  });

  it('makes one channel canvas per channel', async () => {
    const channel = emu.addChannel({ name: 'canvas-home' });
    const made = await client.conversations.canvases.create({ channel_id: channel.id, document_content: md('> channel canvas!') });
    expect(emu.canvases.get(String(made.canvas_id))).toMatchObject({
      isChannelCanvas: true,
      channelId: channel.id,
      markdown: '> channel canvas!',
    });
    await fails(client.conversations.canvases.create({ channel_id: channel.id }), 'channel_canvas_already_exists');
    // Standalone canvases tabbed in the channel are still allowed next to it.
    expect((await client.canvases.create({ channel_id: channel.id, title: 'Tab' })).ok).toBe(true);
    expect(emu.canvases.list(channel.id).map((c) => c.isChannelCanvas)).toEqual([true, false]);
  });
});

describe('the playground', () => {
  it('answers a canvas’s address with the page, and /api/canvases with the channel’s canvases', async () => {
    const { canvas_id } = await client.canvases.create({
      title: 'Linked',
      channel_id: emu.defaultChannelId,
      document_content: md('# Linked'),
    });
    const page = await fetch(`${emu.url}/docs/${emu.teamId}/${String(canvas_id)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const listed = (await (await fetch(`${emu.url}/api/canvases?channel_id=${emu.defaultChannelId}`)).json()) as {
      canvases: Array<{ id: string; markdown: string }>;
    };
    expect(listed.canvases.find((c) => c.id === canvas_id)?.markdown).toBe('# Linked');
    const json = { 'content-type': 'application/json' };
    const one = await fetch(`${emu.url}/api/canvases/${String(canvas_id)}/delete`, { method: 'POST', headers: json, body: '{}' });
    expect(one.status).toBe(200);
    expect((await fetch(`${emu.url}/api/canvases/${String(canvas_id)}`)).status).toBe(404);
    const settings = await fetch(`${emu.url}/api/canvases/workspaces/${emu.teamId}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ enabled: 'no' }),
    });
    expect(settings.status).toBe(400);
  });
});

describe('persistence', () => {
  it('keeps canvases in the state file across a restart', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'canvases-'));
    const stateFile = path.join(dir, 'slack.json');
    try {
      const first = await startSlackEmulator({ rateLimits: 'off', stateFile });
      const c1 = new WebClient(BOT, { slackApiUrl: first.apiUrl, retryConfig: { retries: 0 } });
      const { canvas_id } = await c1.canvases.create({ title: 'Kept', channel_id: first.defaultChannelId, document_content: md('# Kept') });
      await first.close();
      const second = await startSlackEmulator({ rateLimits: 'off', stateFile });
      try {
        expect(second.canvases.get(String(canvas_id))).toMatchObject({ title: 'Kept', markdown: '# Kept' });
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
