/**
 * The whole product in a browser, as a person would use it: the real app between the service
 * emulator and the Slack emulator, driven only through the playground page in Chromium. Each
 * step asserts on what is visible and saves a screenshot (test-artifacts/playground/full-*.png).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../e2e/harness.js';
import { launchChromium, openPlayground, screenshot, scrollToTopOf, typeInComposer } from './browser-helpers.js';

let h: Harness;
let browser: Browser;
let page: Page;
let pageErrors: string[];

/** The newest "Only visible to you" message whose text contains `text`. */
const ephemeralWith = (text: string | RegExp) => page.locator('.main .message.ephemeral', { hasText: text }).last();

beforeAll(async () => {
  // ~1.5 s per agent run: slow enough to watch it progress, fast enough for a short test.
  h = await startHarness({ agentSpeed: 20 });
  browser = await launchChromium();
  ({ page, errors: pageErrors } = await openPlayground(browser, h.slack.url, { timeoutMs: 8_000 }));
});

afterAll(async () => {
  await browser?.close();
  await h?.close();
});

describe('the full app in the playground page', () => {
  it('/research shows result cards; Summary answers below them; Next pages in place', async () => {
    await typeInComposer(page, '/research 茅台');
    const card = ephemeralWith('Research for “茅台”');
    await card.waitFor();
    await expect(card.locator('.block-header').first().innerText()).resolves.toContain('茅台');
    // Documents: one title per result, each with its own Summary button.
    const summaries = card.getByRole('button', { name: 'Summary', exact: true });
    await expect(summaries.count()).resolves.toBeGreaterThan(1);
    await expect(card.getByRole('button', { name: /Next/ }).count()).resolves.toBe(1);
    await scrollToTopOf(card);
    await screenshot(page, 'full-research');

    await summaries.first().click();
    const summary = ephemeralWith('Summary:');
    await summary.waitFor();
    await expect(summary.locator('.block-header').innerText()).resolves.toMatch(/^Summary: .+/);
    expect((await summary.locator('.block-section').allInnerTexts()).join('').length).toBeGreaterThan(40);
    await scrollToTopOf(summary);
    await screenshot(page, 'full-research-summary');

    // Next pages the same card in place.
    await expect(card.innerText()).resolves.toContain('1–5 of');
    await card.getByRole('button', { name: /Next/ }).click();
    await card.getByText(/6–10 of/).waitFor();
    await expect(card.getByRole('button', { name: /Prev/ }).count()).resolves.toBe(1);
  });

  it('/financials SYMBOL shows a table with period columns', async () => {
    await typeInComposer(page, '/financials US:NVDA');
    const card = ephemeralWith('(US:NVDA) · Snapshot');
    await card.waitFor();
    const header = await card.locator('.bk-table tr').first().locator('th, td').allInnerTexts();
    expect(header.length).toBeGreaterThanOrEqual(3);
    expect(header.slice(1).join(' ')).toMatch(/Latest|FY\d{4}|Q\d/);
    await expect(card.locator('.bk-table tr').count()).resolves.toBeGreaterThan(2);
    await scrollToTopOf(card);
    await screenshot(page, 'full-financials');
  });

  it('/financials alone opens the modal; a bad symbol gets a field error, a good one a card', async () => {
    await typeInComposer(page, '/financials');
    const modal = page.locator('form.modal');
    await modal.waitFor();
    await expect(modal.locator('.modal-title').innerText()).resolves.toBe('Financials');
    const symbol = modal.locator('input[type="text"]').first();
    await symbol.fill('NOT A SYMBOL!');
    await modal.getByRole('button', { name: 'Show', exact: true }).click();
    const error = modal.locator('.block-input.has-error', { hasText: 'Company or index' }).locator('.input-error');
    await error.waitFor();
    await expect(error.innerText()).resolves.toContain('NOT A SYMBOL!');
    await expect(modal.locator('.input-error').count()).resolves.toBe(1);
    await screenshot(page, 'full-modal-error');

    // A well-formed symbol the service does not know: checked before the modal closes, shown in it.
    await symbol.fill('US:ZZZZ');
    await modal.getByRole('button', { name: 'Show', exact: true }).click();
    const unknown = modal.locator('.block-input.has-error .input-error', { hasText: 'US:ZZZZ' });
    await unknown.waitFor();
    await expect(unknown.innerText()).resolves.toContain('no company or index US:ZZZZ');

    await symbol.fill('US:NVDA');
    await modal.locator('select').first().selectOption('balance');
    await modal.getByText('Quarterly', { exact: true }).click();
    await modal.getByRole('button', { name: 'Show', exact: true }).click();
    await modal.waitFor({ state: 'detached' });
    const card = ephemeralWith('(US:NVDA) · Balance sheet');
    await card.waitFor();
    const periods = await card.locator('.bk-table tr').first().locator('th, td').allInnerTexts();
    expect(periods.length).toBeGreaterThan(1);
    expect(periods.slice(1).every((p) => /Q\d/.test(p))).toBe(true);
    await scrollToTopOf(card);
    await screenshot(page, 'full-modal-card');
  });

  it('a mention gets a thread reply, updated live, ending with a report and 👍/👎 that thank the clicker', async () => {
    await typeInComposer(page, '@Research Desk what drives NVDA margins?');
    const question = page.locator('.main .message:not(.ephemeral)', { hasText: 'what drives NVDA margins?' }).last();
    await question.waitFor();
    const summary = question.locator('.thread-summary');
    await summary.waitFor();
    await summary.click();
    const pane = page.locator('.thread-pane');
    const reply = pane
      .locator('.message[data-user]')
      .filter({ has: page.locator('.app-badge') })
      .first();
    // While the run goes: its live status line ("Working… · 0s", a Cancel button).
    await pane
      .getByText(/Working…/)
      .first()
      .waitFor();
    await screenshot(page, 'full-agent-progress');
    const progressText = await reply.innerText();
    // Then the same reply becomes the report: a heading and a table.
    await reply.locator('.block-header').first().waitFor({ timeout: 15_000 });
    await reply.locator('.bk-table').first().waitFor();
    const finalText = await reply.innerText();
    expect(finalText).not.toBe(progressText);
    expect(finalText).not.toContain('Working…');
    await expect(reply.locator('.edited').count()).resolves.toBe(1);
    await scrollToTopOf(reply);
    await screenshot(page, 'full-agent-report');

    // The answer's last part ends with Slack's feedback buttons; 👍 is thanked privately and stays pressed.
    const up = pane.locator('.btn-feedback[data-feedback="positive"]').last();
    await up.waitFor();
    await up.click();
    await pane.locator('.message.ephemeral', { hasText: 'Thanks for the 👍' }).last().waitFor();
    const upAgain = pane.locator('.btn-feedback[data-feedback="positive"]').last();
    await expect(upAgain.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(pane.locator('.btn-feedback[data-feedback="negative"]').last().getAttribute('aria-pressed')).resolves.toBe('false');
    expect(await h.desk.stores.feedback.totals()).toEqual({ positive: 1, negative: 0 });
    await scrollToTopOf(upAgain);
    await screenshot(page, 'full-agent-feedback');
    await pane.getByRole('button', { name: 'Close thread' }).click();
  });

  it('/concepts shows concept names', async () => {
    await typeInComposer(page, '/concepts');
    const card = ephemeralWith('Trending concepts');
    await card.waitFor();
    await expect(card.locator('.block-header').first().innerText()).resolves.toBe('Trending concepts');
    // The service's three hottest concepts, by name.
    const top = (await h.client.latestConcepts()).sort((a, b) => b.trendingScore - a.trendingScore).slice(0, 3);
    expect(top).toHaveLength(3);
    for (const concept of top) await card.getByText(concept.name, { exact: true }).first().waitFor();
    await scrollToTopOf(card);
    await screenshot(page, 'full-concepts');
  });

  it('left no page errors and no payload Slack would refuse', () => {
    expect(pageErrors).toEqual([]);
    expect(h.slack.calls.filter((c) => !c.ok && c.error !== 'ratelimited').map((c) => `${c.method}: ${c.error ?? c.status}`)).toEqual([]);
  });
});
