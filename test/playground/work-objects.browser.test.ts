/**
 * Work Objects in a browser, with the real app between both emulators (issue 32): a shared
 * document link shows as a Work Object card under its message; clicking it opens the side panel,
 * which shows what the app presented (summary, key passages); "Ask the agent" in the panel starts
 * a run in the message's thread; a failing service shows the app's error in the panel.
 * Screenshots: test-artifacts/playground/work-object-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_IDS } from '../../src/slack/blocks/action-ids.js';
import { botReplies } from '../e2e/agent-helpers.js';
import { startHarness, type Harness } from '../e2e/harness.js';
import { launchChromium, openPlayground, screenshot } from './browser-helpers.js';

let h: Harness;
let browser: Browser;
let page: Page;
let pageErrors: string[];
let docId = '';
let title = '';

beforeAll(async () => {
  h = await startHarness({ agentSpeed: 20, slack: { unfurlDomains: ['research.example.com'] } });
  const found = (await h.client.searchDocuments({ query: 'Moutai baijiu', pageSize: 1 })).items[0];
  docId = found?.id ?? '';
  title = found?.title ?? '';
  browser = await launchChromium();
  ({ page, errors: pageErrors } = await openPlayground(browser, h.slack.url, { timeoutMs: 8_000 }));
});

afterAll(async () => {
  await browser?.close();
  await h?.close();
});

async function shareAndFindCard(url: string) {
  await h.slack.shareLink({ url });
  const share = [...h.slack.unfurls.values()].find((u) => u.urls.includes(url));
  if (!share) throw new Error('no link_shared');
  const card = page.locator(`.main .wo-card[data-url="${url}"]`);
  await card.waitFor({ timeout: 15_000 });
  return { card, ts: share.ts, channel: share.channel };
}

describe('Work Objects in the playground, with the real app', () => {
  it('draws the unfurl as a Work Object card, opens its side panel with the document, and asks the agent from it', async () => {
    const url = `https://research.example.com/docs/${docId}`;
    const { card, ts, channel } = await shareAndFindCard(url);
    await expect(card.locator('.wo-title').innerText()).resolves.toContain(title.slice(0, 20));
    await card.locator('.wo-field[data-key="company"]').waitFor();
    await screenshot(page, 'work-object-card');

    await card.locator('.wo-title').click();
    const pane = page.locator('#work-object-pane');
    await pane.locator('.wo-pane-body[data-status="presented"]').waitFor({ timeout: 15_000 });
    await pane.locator('.wo-field[data-key="passage_1"]').waitFor();
    await expect(pane.locator('.wo-pane-title').innerText()).resolves.toContain(title.slice(0, 20));
    await screenshot(page, 'work-object-panel');

    await pane.locator(`[data-action-id^="${ACTION_IDS.entityAsk}"]`).click();
    const reply = await h.slack.waitFor(() => botReplies(h, channel, ts)[0], 20_000);
    expect(reply.thread_ts).toBe(ts);
    await page.locator(`.main .message[data-ts="${ts}"] .thread-summary`).waitFor({ timeout: 15_000 });
    await pane.getByRole('button', { name: 'Close' }).click();
    await pane.waitFor({ state: 'hidden' });
  });

  it('shows the app’s error in the panel when the research service fails', async () => {
    const url = `https://research.example.com/docs/${docId}?again=1`;
    const { card } = await shareAndFindCard(url);
    h.service.setFaults({ errorRate: 1 });
    try {
      await card.locator('.wo-title').click();
      const pane = page.locator('#work-object-pane');
      const error = pane.locator('.wo-error[data-status="custom"]');
      await error.waitFor({ timeout: 15_000 });
      await expect(error.innerText()).resolves.toContain('The research service is not answering');
      await screenshot(page, 'work-object-panel-error');
    } finally {
      h.service.setFaults({});
    }
    expect(pageErrors).toEqual([]);
  });
});
