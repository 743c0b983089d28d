/**
 * Link unfurls (a document link becomes a compact card; an unknown document, or any other page,
 * unfurls to nothing and no error) and the App Home tab (what the app does, this workspace's
 * digests with Pause/Resume/Remove, the user's recent runs with thread links, service status).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredView } from '../../src/emulators/slack/index.js';
import { botReplies } from './agent-helpers.js';
import { allText, buttonsOf, rejectedSlackCalls } from './command-helpers.js';
import { commandReply, eventually, invalidSlackCalls } from './features-helpers.js';
import { startHarness, type Harness } from './harness.js';

describe('link unfurls and App Home', () => {
  let h: Harness;
  let docId: string;
  let docTitle: string;
  beforeAll(async () => {
    // The app's unfurl domain, as the playground passes the manifest's: links in any message unfurl.
    // An app without Work Object previews (no entity types enabled): chat.unfurl refuses `metadata`, so
    // these are the classic compact cards (test/e2e/work-objects*.test.ts cover the Work Objects).
    h = await startHarness({ agentSpeed: 200, slack: { unfurlDomains: ['research.example.com'], workObjectEntityTypes: [] } });
    const page = await h.client.searchDocuments({ query: 'Moutai baijiu', pageSize: 2 });
    docId = page.items[0]?.id ?? '';
    docTitle = page.items[0]?.title ?? '';
    expect(docId).not.toBe('');
  });
  afterAll(async () => h?.close());

  const unfurlOf = (url: string) => [...h.slack.unfurls.values()].find((u) => u.urls.includes(url));

  it('unfurls a document link into a compact card: title, institution, date, category, summary', async () => {
    const url = `https://research.example.com/docs/${docId}`;
    const detail = await h.client.getDocument(docId);
    const delivery = await h.slack.shareLink({ url });
    expect(delivery.ok).toBe(true);
    const share = await h.slack.waitFor(() => (unfurlOf(url)?.calls ?? 0) > 0 && unfurlOf(url), 8_000);
    const card = share.unfurls[url] as { blocks: unknown[] };
    const text = JSON.stringify(card.blocks);
    expect(text).toContain(docTitle.slice(0, 20));
    if (detail.institution) expect(text).toContain(detail.institution);
    expect(text).toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(card.blocks.length).toBeLessThanOrEqual(3);
  });

  it('unfurls document links inside a sentence, typed or labelled, and only on the app’s unfurl domains', async () => {
    const typed = `https://research.example.com/docs/${docId}`;
    const secondId = (await h.client.searchDocuments({ query: 'Moutai baijiu', pageSize: 2 })).items[1]?.id ?? '';
    const labelled = `https://research.example.com/docs/${secondId}`;
    const elsewhere = 'https://example.org/page';
    const { ts, deliveries } = await h.slack.postMessage({
      text: `Before the call, read ${typed}, and <${labelled}|the other note> (not ${elsewhere}).`,
    });
    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries.every((d) => d.ok)).toBe(true);
    // Slack's client links the typed URL; the sentence's full stop and bracket stay outside it.
    const stored = h.slack.channelMessages(h.slack.defaultChannelId).find((m) => m.ts === ts);
    expect(stored?.text).toBe(`Before the call, read <${typed}>, and <${labelled}|the other note> (not <${elsewhere}>).`);
    const share = await h.slack.waitFor(() => {
      const u = h.slack.unfurls.get(`${h.slack.defaultChannelId}:${ts}`);
      return u !== undefined && u.unfurls[typed] !== undefined && u.unfurls[labelled] !== undefined && u;
    }, 8_000);
    expect(share.urls).toEqual([typed, labelled]);
    expect(JSON.stringify(share.unfurls[typed])).toContain(docTitle.slice(0, 20));
  });

  it('unfurls an unknown document and a non-document page to nothing, without an error', async () => {
    const unknown = 'https://research.example.com/docs/doc_000000000000';
    const other = 'https://research.example.com/about';
    const before = h.service.requestLog.length;
    await h.slack.shareLink({ url: unknown });
    await h.slack.shareLink({ url: other });
    // The app asked the service about the unknown document and got a 404 …
    await h.slack.waitFor(
      () => h.service.requestLog.slice(before).find((r) => r.path.endsWith('doc_000000000000') && r.status === 404),
      8_000,
    );
    // … decided not to unfurl it (its log line follows the 404; the non-document link needs no I/O to decide) …
    await h.slack.waitFor(
      () => h.logs.some((l) => l.includes('document link not unfurled: unknown') && l.includes('doc_000000000000')),
      8_000,
    );
    // … and left both links alone.
    expect(unfurlOf(unknown)?.calls).toBe(0);
    expect(unfurlOf(other)?.calls).toBe(0);
    // Only the one Work Object refusal (this app enabled no entity types), after which the app unfurls classic cards.
    expect(h.slack.calls.filter((c) => c.method === 'chat.unfurl' && !c.ok && c.error !== 'feature_not_enabled')).toEqual([]);
    expect(h.logs.filter((l) => /"level":"error"/.test(l) && /unfurl/.test(l))).toEqual([]);
  });

  const homeOf = (user = h.slack.defaultUserId): StoredView | undefined => h.slack.homeViews.get(user);
  async function openHomeAndWait(user = h.slack.defaultUserId): Promise<StoredView> {
    const seen = homeOf(user)?.updates;
    expect((await h.slack.openHome(user)).ok).toBe(true);
    return h.slack.waitFor(() => {
      const v = homeOf(user);
      return v && (seen === undefined || v.updates > seen) ? v : undefined;
    }, 8_000);
  }
  async function clickHome(view: StoredView, actionPrefix: string): Promise<StoredView> {
    const b = buttonsOf({ blocks: view.view.blocks as unknown[] }).find((x) => x.action_id.startsWith(actionPrefix));
    if (!b) throw new Error(`no ${actionPrefix} on Home`);
    const updates = view.updates;
    expect((await h.slack.clickViewAction({ view_id: view.id, action_id: b.action_id, ...(b.value ? { value: b.value } : {}) })).ok).toBe(
      true,
    );
    return h.slack.waitFor(() => (homeOf(view.user)?.updates ?? 0) > updates && homeOf(view.user), 8_000);
  }

  it('publishes the Home tab: runnable examples, the digests, the user’s recent runs with links, the service status', async () => {
    await commandReply(h, { command: '/concepts', text: 'subscribe <#C0EMUMRKTS|markets> weekdays at:08:30 tz:Asia/Shanghai top:5' });
    const question = 'What is driving solid-state battery interest?';
    const { ts } = await h.slack.postMessage({ text: question });
    await h.slack.messageShortcut({ callback_id: 'ask_agent_message', channel_id: h.slack.defaultChannelId, message_ts: ts });
    await h.slack.waitFor(() => botReplies(h, h.slack.defaultChannelId, ts)[0], 8_000);
    await eventually(async () =>
      (await h.desk.stores.recentRuns.list(h.slack.teamId, h.slack.defaultUserId)).some((r) => r.threadTs === ts),
    );

    const home = await openHomeAndWait();
    const text = allText({ blocks: home.view.blocks as unknown[] });
    expect(text).toContain('/research AI capex $NVDA last:90d');
    expect(text).toContain('<#C0EMUMRKTS>');
    expect(text).toContain('every weekday at 08:30 Asia/Shanghai');
    expect(text).toContain(question);
    expect(text).toContain(`https://research-desk-playground.slack.com/archives/${h.slack.defaultChannelId}/p${ts.replace('.', '')}`);
    expect(text).toMatch(/Reachable · \d+ ms/);
    const ids = buttonsOf({ blocks: home.view.blocks as unknown[] }).map((b) => b.action_id);
    expect(ids).toEqual(expect.arrayContaining(['rd.sub.pause:0', 'rd.sub.remove:0', 'rd.home.refresh']));
  });

  it('pauses, resumes and removes a digest from the Home tab', async () => {
    let home = await openHomeAndWait();
    home = await clickHome(home, 'rd.sub.pause');
    expect(allText({ blocks: home.view.blocks as unknown[] })).toContain('paused');
    expect((await h.desk.stores.subscriptions.get(h.slack.teamId, 'C0EMUMRKTS'))?.paused).toBe(true);

    home = await clickHome(home, 'rd.sub.resume');
    expect((await h.desk.stores.subscriptions.get(h.slack.teamId, 'C0EMUMRKTS'))?.paused).toBe(false);

    home = await clickHome(home, 'rd.sub.remove');
    expect(await h.desk.stores.subscriptions.get(h.slack.teamId, 'C0EMUMRKTS')).toBeNull();
    expect(allText({ blocks: home.view.blocks as unknown[] })).toContain('None yet');
  });

  it('shows the service as unreachable, with the last error, while it fails; Refresh shows it back', async () => {
    h.service.setFaults({ errorRate: 1 });
    let home = await openHomeAndWait();
    let text = allText({ blocks: home.view.blocks as unknown[] });
    expect(text).toContain('Unreachable');
    expect(text).toMatch(/Last error: upstream at \d{4}-/);

    h.service.setFaults({});
    home = await clickHome(home, 'rd.home.refresh');
    text = allText({ blocks: home.view.blocks as unknown[] });
    expect(text).toContain('Reachable');
    expect(text).toContain('Last error: upstream');
  });

  it('made no Slack call that Slack would refuse', () => {
    expect(invalidSlackCalls(h)).toEqual([]);
    expect(rejectedSlackCalls(h, ['feature_not_enabled'])).toEqual([]);
    // The workspace's refusal of Work Objects is remembered: one refused call in all.
    expect(h.slack.calls.filter((c) => c.error === 'feature_not_enabled')).toHaveLength(1);
  });
});
