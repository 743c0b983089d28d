/**
 * Issue 32, documents as Work Objects, through the real app and both emulators: a document link
 * unfurls as a Work Object (title, company, category, date, summary); opening it sends
 * entity_details_requested and the side panel shows the document (summary, key passages) with
 * "Ask the agent", which starts a run in the thread of the message the link was shared in;
 * failures (service down, document gone) are errors Slack shows in the panel; a workspace that
 * takes no Work Objects gets the classic cards, and is remembered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlexpaneView } from '../../src/emulators/slack/work-objects/emulator-work-objects.js';
import type { DocumentDetail } from '../../src/service/types.js';
import { ACTION_IDS } from '../../src/slack/blocks/action-ids.js';
import { botReplies } from './agent-helpers.js';
import { startHarness, type Harness } from './harness.js';

type Entity = {
  entity_type: string;
  external_ref: { id: string; type?: string };
  url: string;
  app_unfurl_url?: string;
  entity_payload: {
    attributes: { title: { text: string } };
    fields?: { description?: { value: string } };
    custom_fields?: Array<{ key: string; label: string; type: string; value?: unknown }>;
    actions?: { primary_actions?: Array<{ action_id: string; text: string; value?: string }> };
  };
};

let h: Harness;
let docs: DocumentDetail[] = [];
let seq = 0;

/** A link to `docId` shared by the default user; unique per call (Slack unfurls the exact URL posted). */
async function shareDoc(docId: string): Promise<{ url: string; channel: string; ts: string }> {
  seq += 1;
  const url = `https://research.example.com/docs/${docId}?shared=${seq}`;
  expect((await h.slack.shareLink({ url })).ok).toBe(true);
  const share = [...h.slack.unfurls.values()].find((u) => u.urls.includes(url));
  if (!share) throw new Error('no link_shared');
  return { url, channel: share.channel, ts: share.ts };
}

const entityOf = (channel: string, ts: string, url: string): Entity | undefined =>
  h.slack.unfurls.get(`${channel}:${ts}`)?.entities?.[url] as Entity | undefined;

async function openPanel(at: { url: string; channel: string; ts: string }, user?: string): Promise<FlexpaneView> {
  const before = h.slack.calls.filter((c) => c.method === 'entity.presentDetails').length;
  const opened = await h.slack.workObjects.openDetails({
    channel_id: at.channel,
    message_ts: at.ts,
    url: at.url,
    ...(user ? { user_id: user } : {}),
  });
  expect(opened.delivery?.ok).toBe(true);
  await h.slack.waitFor(() => h.slack.calls.filter((c) => c.method === 'entity.presentDetails').length > before || undefined, 15_000);
  const panel = h.slack.workObjects.flexpane(user);
  if (!panel) throw new Error('no side panel');
  return panel;
}

beforeAll(async () => {
  h = await startHarness({ agentSpeed: 200, slack: { unfurlDomains: ['research.example.com'] } });
  const page = await h.client.searchDocuments({ query: 'Moutai baijiu', pageSize: 3 });
  docs = await Promise.all(page.items.map((d) => h.client.getDocument(d.id)));
  expect(docs.length).toBeGreaterThanOrEqual(3);
});
afterAll(async () => h?.close());

describe('a document link as a Work Object', () => {
  it('unfurls with the title, company, category, date and summary, and "Ask the agent"; no classic card', async () => {
    const doc = docs[0] as DocumentDetail;
    const at = await shareDoc(doc.docId);
    const entity = await h.slack.waitFor(() => entityOf(at.channel, at.ts, at.url), 15_000);
    expect(entity).toMatchObject({
      entity_type: 'slack#/entities/content_item',
      external_ref: { id: doc.docId, type: 'research_document' },
      app_unfurl_url: at.url,
    });
    expect(entity.entity_payload.attributes.title.text).toContain(doc.title.slice(0, 20));
    const fields = Object.fromEntries((entity.entity_payload.custom_fields ?? []).map((f) => [f.key, f]));
    if (doc.category) expect(fields.category?.value).toBeTruthy();
    if (doc.publishedDate) expect(fields.date).toMatchObject({ type: 'slack#/types/date', value: doc.publishedDate });
    expect(fields.company?.value ?? '').not.toBe('');
    if (doc.summary) expect(entity.entity_payload.fields?.description?.value.length).toBeGreaterThan(20);
    expect(entity.entity_payload.actions?.primary_actions?.[0]).toMatchObject({ action_id: ACTION_IDS.entityAsk, text: 'Ask the agent' });
    expect(h.slack.unfurls.get(`${at.channel}:${at.ts}`)?.unfurls[at.url]).toBeUndefined();
    expect(h.slack.calls.filter((c) => c.method === 'chat.unfurl' && !c.ok)).toEqual([]);
  });

  it('opening it shows the document in the side panel: summary and key passages, end to end', async () => {
    const doc = docs[0] as DocumentDetail;
    const at = await shareDoc(doc.docId);
    await h.slack.waitFor(() => entityOf(at.channel, at.ts, at.url), 15_000);
    const panel = await openPanel(at);
    expect(panel).toMatchObject({ status: 'presented', presentCalls: 1, entity: { externalRef: { id: doc.docId } } });
    const shown = panel.shown as unknown as Entity;
    expect(shown.app_unfurl_url).toBeUndefined();
    expect(shown.entity_payload.attributes.title.text).toContain(doc.title.slice(0, 20));
    const passages = (shown.entity_payload.custom_fields ?? []).filter((f) => f.key.startsWith('passage_'));
    const textChunks = (doc.chunks ?? []).filter((c) => (c.type ?? 'text') === 'text' && c.content?.trim());
    expect(textChunks.length).toBeGreaterThan(0);
    expect(passages.length).toBe(Math.min(3, textChunks.length));
    if (doc.summary) {
      // The panel has the whole summary (up to 3,000 characters), the unfurl an excerpt.
      const unfurled = entityOf(at.channel, at.ts, at.url)?.entity_payload.fields?.description?.value ?? '';
      expect(shown.entity_payload.fields?.description?.value.length).toBeGreaterThanOrEqual(unfurled.length);
    }
    expect(shown.entity_payload.actions?.primary_actions?.[0]?.action_id).toBe(ACTION_IDS.entityAsk);
    expect(h.slack.calls.filter((c) => c.method === 'entity.presentDetails' && !c.ok)).toEqual([]);
  });

  it('"Ask the agent" in the side panel starts a run about the document in the thread of the shared link', async () => {
    const doc = docs[1] as DocumentDetail;
    const at = await shareDoc(doc.docId);
    await h.slack.waitFor(() => entityOf(at.channel, at.ts, at.url), 15_000);
    const panel = await openPanel(at);
    const ask = (panel.shown as unknown as Entity).entity_payload.actions?.primary_actions?.[0];
    if (!ask) throw new Error('no Ask the agent');
    const runs = h.service.requestLog.filter((r) => r.path === '/v1/agent/conversations').length;
    expect((await h.slack.workObjects.clickAction({ action_id: ask.action_id })).ok).toBe(true);
    await h.slack.waitFor(
      () => h.service.requestLog.filter((r) => r.path === '/v1/agent/conversations').length > runs || undefined,
      15_000,
    );
    const reply = await h.slack.waitFor(() => botReplies(h, at.channel, at.ts)[0], 15_000);
    expect(reply.thread_ts).toBe(at.ts);
  });
});

describe('the side panel when the document cannot be shown', () => {
  it('the research service down: a custom error saying so, never an empty panel', async () => {
    const at = await shareDoc((docs[0] as DocumentDetail).docId);
    await h.slack.waitFor(() => entityOf(at.channel, at.ts, at.url), 15_000);
    h.service.setFaults({ errorRate: 1 });
    try {
      const panel = await openPanel(at);
      expect(panel.status).toBe('error');
      expect(panel.error).toMatchObject({ status: 'custom', custom_title: 'The research service is not answering' });
    } finally {
      h.service.setFaults({});
    }
  });

  it('a document deleted since it was shared: not_found', async () => {
    const doc = docs[2] as DocumentDetail;
    const at = await shareDoc(doc.docId);
    await h.slack.waitFor(() => entityOf(at.channel, at.ts, at.url), 15_000);
    await h.client.deleteDocuments([doc.docId]);
    const panel = await openPanel(at);
    expect(panel).toMatchObject({ status: 'error', error: { status: 'not_found' } });
  });
});

describe('a workspace that takes no Work Objects', () => {
  it('gets classic cards, and its next links skip the refused call (remembered)', async () => {
    h.slack.workObjects.setWorkspaceTakesWorkObjects(h.slack.teamId, false);
    const metadataCalls = () => h.slack.calls.filter((c) => c.method === 'chat.unfurl' && c.args.metadata !== undefined).length;
    const doc = docs[0] as DocumentDetail;
    const first = await shareDoc(doc.docId);
    const card = await h.slack.waitFor(() => h.slack.unfurls.get(`${first.channel}:${first.ts}`)?.unfurls[first.url], 15_000);
    expect(JSON.stringify(card)).toContain(doc.title.slice(0, 20));
    expect(entityOf(first.channel, first.ts, first.url)).toBeUndefined();
    expect(h.logs.some((l) => l.includes('Work Object unfurl refused') && l.includes('feature_not_enabled'))).toBe(true);
    const refusedCalls = metadataCalls();
    const second = await shareDoc(doc.docId);
    await h.slack.waitFor(() => h.slack.unfurls.get(`${second.channel}:${second.ts}`)?.unfurls[second.url], 15_000);
    expect(metadataCalls()).toBe(refusedCalls);
  });
});
