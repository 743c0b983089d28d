/**
 * The Slack emulator's Work Objects (issue 32), over HTTP like an app calls them: chat.unfurl takes
 * `metadata` entities and refuses bad shapes with Slack's error names; a user opens a Work Object
 * (its side panel waits with the unfurl's content as placeholder); entity.presentDetails answers
 * the panel's trigger with metadata, an error or an auth prompt, and refuses what Slack refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { callApi } from './call-api.js';

const BOT = 'xoxb-emulator-bot-token';
const URL_A = 'https://research.example.com/docs/doc_a?from=chat';

function entity(overrides: Record<string, unknown> = {}, payload: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    entity_type: 'slack#/entities/content_item',
    external_ref: { id: 'doc_a', type: 'research_document' },
    url: 'https://research.example.com/docs/doc_a',
    app_unfurl_url: URL_A,
    entity_payload: {
      attributes: { title: { text: 'Q3 results' } },
      fields: { description: { value: 'Revenue grew.' } },
      custom_fields: [{ key: 'company', label: 'Company', type: 'string', value: 'Apple' }],
      display_order: ['company', 'description'],
      actions: { primary_actions: [{ text: 'Ask the agent', action_id: 'rd.entity.ask', value: '{"d":"doc_a"}' }] },
      ...payload,
    },
    ...overrides,
  };
}

describe('Work Objects in the Slack emulator', () => {
  let emu: SlackEmulator;
  const call = (method: string, args: Record<string, unknown>) => callApi(emu, method, BOT, args);
  const share = async (url = URL_A) => {
    await emu.shareLink({ url });
    const s = [...emu.unfurls.values()].pop();
    if (!s) throw new Error('no share');
    return s;
  };

  beforeAll(async () => {
    emu = await startSlackEmulator({ rateLimits: 'off' });
  });
  afterAll(() => emu.close());

  it('chat.unfurl stores metadata entities by the URL they unfurl, and the playground lists them', async () => {
    const s = await share();
    expect(await call('chat.unfurl', { channel: s.channel, ts: s.ts, metadata: { entities: [entity()] } })).toEqual({ ok: true });
    expect(emu.unfurls.get(`${s.channel}:${s.ts}`)?.entities?.[URL_A]).toMatchObject({ external_ref: { id: 'doc_a' } });
    // Form-encoded, as the SDK sends it: the metadata is URL-encoded JSON.
    const form = new URLSearchParams({
      token: BOT,
      unfurl_id: s.unfurlId,
      source: 'conversations_history',
      metadata: JSON.stringify({ entities: [entity()] }),
    });
    const res = await fetch(`${emu.apiUrl}chat.unfurl`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    expect(await res.json()).toEqual({ ok: true });
    const page = (await (await fetch(`${emu.url}/api/channels/${s.channel}/messages`)).json()) as {
      messages: Array<Record<string, unknown>>;
    };
    expect(page.messages.find((m) => m.ts === s.ts)?.work_objects).toMatchObject({
      [URL_A]: { entity_type: 'slack#/entities/content_item' },
    });
  });

  it('chat.unfurl refuses what Slack refuses: no payload, bad JSON, bad shapes, a URL not in the message', async () => {
    const s = await share();
    const at = { channel: s.channel, ts: s.ts };
    expect(await call('chat.unfurl', at)).toMatchObject({ ok: false, error: 'missing_unfurls' });
    expect(await call('chat.unfurl', { ...at, metadata: '{not json' })).toMatchObject({ ok: false, error: 'invalid_metadata_format' });
    expect(await call('chat.unfurl', { ...at, metadata: { entities: 'x' } })).toMatchObject({
      ok: false,
      error: 'invalid_metadata_format',
    });
    const bad = await call('chat.unfurl', {
      ...at,
      metadata: {
        entities: [
          entity(
            { external_ref: {}, url: 'not a url' },
            {
              attributes: { title: { text: '' } },
              custom_fields: [{ key: 'k', type: 'colour' }],
              display_order: ['nope'],
              actions: { primary_actions: [1, 2, 3].map((i) => ({ text: `A${i}`, action_id: 'x'.repeat(256) })) },
            },
          ),
        ],
      },
    });
    expect(bad).toMatchObject({ ok: false, error: 'error_processing_metadata' });
    const messages = (bad.errors as string[]).join('\n');
    for (const pointer of [
      '/metadata/entities/0/external_ref/id',
      '/metadata/entities/0/url',
      '/metadata/entities/0/entity_payload/attributes/title/text',
      '/metadata/entities/0/entity_payload/custom_fields/0/label',
      '/metadata/entities/0/entity_payload/custom_fields/0/type',
      '/metadata/entities/0/entity_payload/display_order/0',
      '/metadata/entities/0/entity_payload/actions/primary_actions]',
      '/metadata/entities/0/entity_payload/actions/primary_actions/0/action_id',
    ]) {
      expect(messages).toContain(pointer);
    }
    expect(
      await call('chat.unfurl', { ...at, metadata: { entities: [entity({ app_unfurl_url: 'https://elsewhere.example.com/' })] } }),
    ).toMatchObject({
      error: 'cannot_unfurl_url',
    });
    expect(
      await call('chat.unfurl', { ...at, metadata: { entities: [entity({ entity_type: 'slack#/entities/spaceship' })] } }),
    ).toMatchObject({
      error: 'feature_not_enabled',
    });
  });

  it('a workspace that takes no Work Objects refuses metadata (feature_not_enabled) and still takes classic unfurls', async () => {
    const s = await share();
    emu.workObjects.setWorkspaceTakesWorkObjects(emu.teamId, false);
    try {
      expect(await call('chat.unfurl', { channel: s.channel, ts: s.ts, metadata: { entities: [entity()] } })).toMatchObject({
        error: 'feature_not_enabled',
      });
      const unfurls = { [URL_A]: { blocks: [{ type: 'section', text: { type: 'mrkdwn', text: '*Q3*' } }] } };
      expect(await call('chat.unfurl', { channel: s.channel, ts: s.ts, unfurls })).toEqual({ ok: true });
    } finally {
      emu.workObjects.setWorkspaceTakesWorkObjects(emu.teamId, true);
    }
  });

  it('opening a Work Object shows the unfurl as placeholder; entity.presentDetails fills the panel', async () => {
    const s = await share();
    await call('chat.unfurl', { channel: s.channel, ts: s.ts, metadata: { entities: [entity()] } });
    const opened = await emu.workObjects.openDetails({ channel_id: s.channel, message_ts: s.ts, url: URL_A });
    expect(opened.flexpane).toMatchObject({ status: 'waiting', entity: { externalRef: { id: 'doc_a' }, appUnfurlUrl: URL_A } });
    expect(opened.flexpane.shown).toMatchObject({ entity_payload: { attributes: { title: { text: 'Q3 results' } } } });
    // No app listens here: the event could not be delivered, the panel still waits.
    expect(opened.delivery?.ok).toBe(false);
    const trigger = opened.flexpane.triggerId;
    const { app_unfurl_url: _posted, ...details } = entity({}, { fields: { description: { value: 'Full summary.' } } });
    expect(await call('entity.presentDetails', { trigger_id: trigger, metadata: details })).toEqual({ ok: true });
    expect(emu.workObjects.flexpane()).toMatchObject({
      status: 'presented',
      presentCalls: 1,
      shown: { entity_payload: { fields: { description: { value: 'Full summary.' } } } },
    });
    // Over the playground's HTTP API too.
    const read = (await (await fetch(`${emu.url}/api/work-objects/flexpane`)).json()) as { flexpane: { status: string } };
    expect(read.flexpane.status).toBe('presented');
    const error = { status: 'custom', custom_title: 'Service down', custom_message: 'Try again later.' };
    expect(await call('entity.presentDetails', { trigger_id: trigger, error })).toEqual({ ok: true });
    expect(emu.workObjects.flexpane()).toMatchObject({ status: 'error', error });
  });

  it('entity.presentDetails refuses what Slack refuses', async () => {
    const s = await share();
    await call('chat.unfurl', { channel: s.channel, ts: s.ts, metadata: { entities: [entity()] } });
    const { flexpane } = await emu.workObjects.openDetails({ channel_id: s.channel, message_ts: s.ts, url: URL_A });
    const trigger = flexpane.triggerId;
    const { app_unfurl_url: _posted, ...details } = entity();
    expect(await call('entity.presentDetails', { metadata: details })).toMatchObject({ error: 'invalid_arguments' });
    expect(await call('entity.presentDetails', { trigger_id: '123.456.abc', metadata: details })).toMatchObject({
      error: 'invalid_trigger_id',
    });
    expect(await call('entity.presentDetails', { trigger_id: trigger })).toMatchObject({ error: 'invalid_arguments' });
    expect(await call('entity.presentDetails', { trigger_id: trigger, metadata: '{' })).toMatchObject({ error: 'invalid_metadata' });
    expect(await call('entity.presentDetails', { trigger_id: trigger, metadata: entity() })).toMatchObject({ error: 'invalid_metadata' });
    expect(
      await call('entity.presentDetails', { trigger_id: trigger, metadata: { ...details, external_ref: { id: 'doc_b' } } }),
    ).toMatchObject({
      error: 'entity_metadata_does_not_match_trigger',
    });
    expect(await call('entity.presentDetails', { trigger_id: trigger, user_auth_required: true })).toMatchObject({
      error: 'user_auth_url_missing',
    });
    expect(await call('entity.presentDetails', { trigger_id: trigger, error: { status: 'exploded' } })).toMatchObject({
      error: 'invalid_arguments',
    });
    expect(
      await call('entity.presentDetails', { trigger_id: trigger, error: { status: 'custom', actions: [{ text: 'Retry' }] } }),
    ).toMatchObject({
      error: 'invalid_arguments',
      errors: ['must provide a string [json-pointer:/error/actions/0/action_id]'],
    });
    expect(
      await call('entity.presentDetails', {
        trigger_id: trigger,
        user_auth_required: true,
        user_auth_url: 'https://desk.example.com/auth',
      }),
    ).toEqual({ ok: true });
    expect(emu.workObjects.flexpane()).toMatchObject({ status: 'auth_required', userAuthUrl: 'https://desk.example.com/auth' });
  });

  it('the panel’s action is a block_actions of container entity_detail naming the entity and its message', async () => {
    const s = await share();
    await call('chat.unfurl', { channel: s.channel, ts: s.ts, metadata: { entities: [entity()] } });
    await emu.workObjects.openDetails({ channel_id: s.channel, message_ts: s.ts, url: URL_A });
    const delivery = await emu.workObjects.clickAction({ action_id: 'rd.entity.ask' });
    const sent = emu.deliveries.find((d) => d.id === delivery.deliveryId);
    expect(sent?.kind).toBe('block_actions');
    const payload = sent?.payload as Record<string, unknown>;
    expect(payload.container).toMatchObject({
      type: 'entity_detail',
      channel_id: s.channel,
      message_ts: s.ts,
      app_unfurl_url: URL_A,
      entity_url: 'https://research.example.com/docs/doc_a',
      external_ref: { id: 'doc_a', type: 'research_document' },
    });
    expect(payload.actions).toMatchObject([{ type: 'button', action_id: 'rd.entity.ask', value: '{"d":"doc_a"}' }]);
    await expect(emu.workObjects.clickAction({ action_id: 'nope' })).rejects.toThrow(/no Work Object action/);
  });
});
