/**
 * Installing Research Desk in a second workspace and connecting it, as a person does it in a
 * browser: the playground's workspace switcher, its "not installed" banner, the app's own "Add to
 * Slack" page (which sets the OAuth state cookie), the emulator's approval page, the app's
 * "installed" page, then App Home's connect modal with a refused and an accepted key. The real app
 * runs as a distributed app (OAuth, a service key per workspace). Screenshots:
 * test-artifacts/playground/install-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harborWorkspace, northwindOrg } from '../../src/emulators/slack/workspaces.js';
import { startHarness, type Harness } from '../e2e/harness.js';
import { seedFirstWorkspace } from '../e2e/multi-workspace-helpers.js';
import { launchChromium, messageWith, openPlayground, screenshot, typeInComposer } from './browser-helpers.js';

const HARBOR_KEY = 'harbor-key-123';

let h: Harness;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
let loadErrors: string[] = [];

const researchCard = (symbol: string) => page.locator('.main .message.ephemeral', { hasText: `Research for “${symbol}”` }).last();
const switcher = () => page.getByRole('combobox', { name: 'Switch workspace' });
const banner = () => page.getByRole('region', { name: 'Research Desk is not installed' });
const sidebarChannel = (name: string) => page.locator('#channel-list').getByRole('button', { name, exact: true });

/** After a navigation back to the playground: loaded and live again. */
async function playgroundReady(): Promise<void> {
  await page.locator('body[data-ready="true"]').waitFor({ timeout: 10_000 });
  await page.locator('.workspace-sub.live').waitFor({ timeout: 10_000 });
}

beforeAll(async () => {
  h = await startHarness({ oauth: { serviceKeys: [HARBOR_KEY] }, agentSpeed: 50 });
  await seedFirstWorkspace(h);
  browser = await launchChromium();
  const opened = await openPlayground(browser, h.slack.url, { timeoutMs: 8_000 });
  page = opened.page;
  loadErrors = [...opened.errors];
  // The app's install pages and the approval page have no icon: the browser's favicon.ico misses there are not errors.
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico')) pageErrors.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => pageErrors.push(e.message));
});

afterAll(async () => {
  await browser?.close();
  await h?.close();
});

describe('installing and connecting a second workspace from the playground', () => {
  it('the seed workspace works as before: /research answers in #research', async () => {
    await expect(switcher().inputValue()).resolves.toBe(h.slack.teamId);
    await expect(banner().isHidden()).resolves.toBe(true);
    await typeInComposer(page, 'seed note from Dana');
    await messageWith(page, 'seed note from Dana').waitFor();
    await typeInComposer(page, '/research NVDA');
    await researchCard('NVDA').waitFor();
    await screenshot(page, 'install-seed-research');
  });

  it('Harbor Capital shows the banner; Add to Slack installs it through the app and the approval page', async () => {
    await switcher().selectOption(harborWorkspace.teamId);
    await banner().waitFor();
    await expect(banner().innerText()).resolves.toContain('Research Desk is not installed in Harbor Capital');
    // Harbor's own channels, none of the seed workspace's messages.
    await expect(page.locator('.channel-header').innerText()).resolves.toContain('research');
    // The switch re-renders the channel after the banner shows: wait for the seed message to go.
    await expect.poll(() => page.locator('.main .message', { hasText: 'seed note from Dana' }).count(), { timeout: 8_000 }).toBe(0);
    await screenshot(page, 'install-banner');

    await banner().getByRole('link', { name: 'Add to Slack', exact: true }).click();
    await page.waitForURL(/\/slack\/install/);
    await page.locator('#add-to-slack').click();
    await page.waitForURL(/\/oauth\/v2\/authorize/);
    await page.getByLabel('Harbor Capital', { exact: true }).check();
    await screenshot(page, 'install-approve');
    await page.getByRole('button', { name: 'Allow', exact: true }).click();
    // The app's redirect checks the state cookie its install page set: a refused cookie fails here.
    await page.getByRole('heading', { name: /Research Desk is installed in Harbor Capital/ }).waitFor();
    await screenshot(page, 'install-installed');

    await page.getByRole('link', { name: 'Open Research Desk in Slack', exact: true }).click();
    await playgroundReady();
    await expect(switcher().inputValue()).resolves.toBe(harborWorkspace.teamId);
    await expect(banner().isHidden()).resolves.toBe(true);
    await page.locator('#home-view').getByText('Research service', { exact: true }).waitFor();
  });

  it('the admin connects the research service from Home: a wrong key is refused in the modal, the right one connects', async () => {
    const home = page.locator('#home-view');
    await home.getByRole('button', { name: 'Connect research service', exact: true }).click();
    const modal = page.locator('form.modal');
    await modal.waitFor();
    const key = modal.locator('input[type="text"]').first();
    await key.fill('wrong-key');
    await modal.getByRole('button', { name: 'Connect', exact: true }).click();
    // The modal answers "Checking…" at once, then views.update brings the form back with what to fix under the key.
    const error = modal.getByText(/did not accept this key/);
    await error.waitFor();
    await expect(modal.locator('input[type="text"]').first().isVisible()).resolves.toBe(true);
    await screenshot(page, 'install-connect-refused');

    await key.fill(HARBOR_KEY);
    await modal.getByRole('button', { name: 'Connect', exact: true }).click();
    await modal.getByText('Connected ✓').waitFor();
    await expect(modal.innerText()).resolves.toContain('with the key …-123');
    await screenshot(page, 'install-connect-accepted');
    await modal.locator('button.btn', { hasText: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });
    const connected = home.getByText(/Connected by/);
    await connected.waitFor();
    await expect(connected.innerText()).resolves.toMatch(/Connected by @Harbor Admin.*key …-123/);
    await screenshot(page, 'install-connected');
  });

  it('/research answers in Harbor’s #research, as its admin', async () => {
    await sidebarChannel('research').click();
    await typeInComposer(page, 'harbor note from the admin');
    const note = messageWith(page, 'harbor note from the admin');
    await note.waitFor();
    await expect(note.innerText()).resolves.toContain('Harbor Admin');
    await typeInComposer(page, '/research NVDA');
    await researchCard('NVDA').waitFor();
    await screenshot(page, 'install-harbor-research');
  });

  it('back in the seed workspace its messages are there and Harbor’s are not', async () => {
    await switcher().selectOption(h.slack.teamId);
    await messageWith(page, 'seed note from Dana').waitFor();
    await expect.poll(() => page.locator('.main .message', { hasText: 'harbor note from the admin' }).count(), { timeout: 8_000 }).toBe(0);
    await expect.poll(() => page.locator('.main .message', { hasText: 'Research for “NVDA”' }).count(), { timeout: 8_000 }).toBe(0);
    expect(new URL(page.url()).search).toBe('');
    await screenshot(page, 'install-back-to-seed');
  });

  it('Remove Research Desk… (with a confirmation) uninstalls Harbor, and its banner is back', async () => {
    await switcher().selectOption(harborWorkspace.teamId);
    await page.getByRole('button', { name: /^Harbor Capital/ }).click();
    await page.getByRole('menuitem', { name: /Remove Research Desk/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove', exact: true }).click();
    await banner().waitFor();
    await expect(banner().getByRole('link', { name: 'Add to Slack', exact: true }).count()).resolves.toBe(1);
  });

  it('?workspace=<org id>&tab=home opens the org’s first workspace on its Home tab', async () => {
    await page.goto(`${h.slack.url}/?workspace=${northwindOrg.enterpriseId}&tab=home`);
    await playgroundReady();
    await expect(switcher().inputValue()).resolves.toBe(northwindOrg.equities.teamId);
    await expect(banner().innerText()).resolves.toContain('Research Desk is not installed in Northwind Equities');
    await expect(page.getByRole('tab', { name: 'Home' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(switcher().locator('optgroup').getAttribute('label')).resolves.toBe(northwindOrg.name);
  });

  it('left no page errors', () => {
    expect(loadErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
