/**
 * The agent view in a browser, with the real app between both emulators (issue 14): opening the
 * app's DM shows the app's suggested prompts; a prompt clicked is asked, its answer streams into
 * the thread natively and ends with 👍/👎, and a 👍 is thanked; a second question is stopped with
 * the native Stop button while it works, and the service is asked to cancel it once.
 * Screenshots: test-artifacts/playground/agent-view-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../e2e/harness.js';
import { launchChromium, openPlayground, screenshot, scrollToTopOf, typeInComposer } from './browser-helpers.js';

let h: Harness;
let browser: Browser;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  // A run takes about 1.5 s: long enough to see it stream, and the Stop test holds its run anyway.
  h = await startHarness({ agentSpeed: 20 });
  browser = await launchChromium();
  ({ page, errors: pageErrors } = await openPlayground(browser, h.slack.url, { timeoutMs: 8_000 }));
});

afterAll(async () => {
  await browser?.close();
  await h?.close();
});

const cancelRequests = () => h.service.requestLog.filter((r) => r.method === 'POST' && r.path.endsWith('/cancel')).length;

describe('the agent view in the playground, with the real app', () => {
  it('suggests prompts; a clicked prompt streams its answer, which ends with feedback that thanks the clicker', async () => {
    await page.locator('.sidebar-item', { hasText: 'Research Desk' }).first().click();
    // The app's own prompts (app_home_opened, tab messages → assistant.threads.setSuggestedPrompts).
    const prompt = page.locator('.suggested-prompt', { hasText: 'Latest earnings' });
    await prompt.waitFor();
    await expect(page.locator('.suggested-prompt').count()).resolves.toBe(4);
    await screenshot(page, 'agent-view-prompts');
    await prompt.click();

    const question = page.locator('.main .message:not(.ephemeral)', { hasText: 'latest quarterly results' }).last();
    await question.waitFor();
    await question.locator('.thread-summary').click();
    const pane = page.locator('.thread-pane');
    // The thread's title is set from the question.
    await pane.locator('.thread-title').waitFor();
    // The answer streams natively in the DM, then ends with the feedback buttons.
    const up = pane.locator('.btn-feedback[data-feedback="positive"]').last();
    await up.waitFor({ timeout: 20_000 });
    await scrollToTopOf(up);
    await screenshot(page, 'agent-view-answer');
    await up.click();
    await pane.locator('.message.ephemeral', { hasText: 'Thanks for the 👍' }).last().waitFor();
    expect(await h.desk.stores.feedback.totals()).toEqual({ positive: 1, negative: 0 });
    await pane.getByRole('button', { name: 'Close thread' }).click();
  });

  it('stops a working answer with the native Stop button: the service is asked to cancel it once', async () => {
    // Held at its next step, so the run is still working whatever the machine's speed.
    h.service.pauseAgentRuns();
    try {
      await typeInComposer(page, 'How strong is NVIDIA’s balance sheet?');
      const question = page.locator('.main .message:not(.ephemeral)', { hasText: 'How strong is NVIDIA’s balance sheet?' }).last();
      await question.waitFor();
      await question.locator('.thread-summary').click();
      const pane = page.locator('.thread-pane');
      const stop = pane.locator('.agent-session-line .stop-session');
      await stop.waitFor({ timeout: 20_000 });
      await screenshot(page, 'agent-view-working');
      const before = cancelRequests();
      await stop.click();
      // The run's ending names who stopped it, and the session leaves `processing` (no Stop).
      await pane
        .getByText(/Cancelled by/)
        .first()
        .waitFor({ timeout: 20_000 });
      await pane.locator('.agent-session-line .stop-session').waitFor({ state: 'detached' });
      expect(cancelRequests()).toBe(before + 1);
      await screenshot(page, 'agent-view-stopped');
      await pane.getByRole('button', { name: 'Close thread' }).click();
    } finally {
      h.service.resumeAgentRuns();
    }
  });

  it('left no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
