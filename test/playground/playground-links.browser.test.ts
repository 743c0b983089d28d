/**
 * Links inside the playground, as `npm start` wires it (the real src/main.ts in a child process,
 * Chromium on its page): a /research card's document link opens the document's page on the
 * playground's own host, "Open the conversation" opens the conversation's page, and App Home's
 * run link (a permalink) opens the run's thread in the page, whether clicked or opened directly;
 * and a long answer's report file shows in its thread, opens in a tab and downloads.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../e2e/support/app-process.js';
import { PROJECT_ROOT } from '../support/test-processes.js';
import { launchChromium, openPlayground, screenshot, typeInComposer } from './browser-helpers.js';

const QUESTION = 'what drives NVDA margins? (links test)';

let child: ChildProcess | undefined;
let output = '';
let dataDir = '';
let url = '';
let browser: Browser;
let page: Page;
let pageErrors: string[];

/** Starts `npm start`'s entry point and resolves with the playground URL it prints. */
function startPlayground(env: Record<string, string>): Promise<string> {
  // tsx, as `npm start` runs it: the playground page's files are found next to the source.
  child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'src/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /(http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child?.stdout?.on('data', onData);
    child?.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    child?.on('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'research-desk-links-'));
  const [port, playgroundPort] = [await freePort(), await freePort()];
  url = await startPlayground({
    PORT: String(port),
    PLAYGROUND_PORT: String(playgroundPort),
    DATA_DIR: dataDir,
    EMULATOR_AGENT_SPEED: '50',
    LOG_LEVEL: 'warn',
  });
  expect(url).toBe(`http://localhost:${playgroundPort}`);
  browser = await launchChromium();
  ({ page, errors: pageErrors } = await openPlayground(browser, url, { timeoutMs: 10_000 }));
}, 90_000);

afterAll(async () => {
  await browser?.close();
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Clicks a link that opens a new tab and returns that tab once it has loaded. */
async function openInNewTab(link: ReturnType<Page['locator']>): Promise<Page> {
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await tab.waitForLoadState('load');
  return tab;
}

describe('links inside the playground', () => {
  it("a /research card's document link opens the document's page on the playground", async () => {
    await typeInComposer(page, '/research 茅台');
    const card = page.locator('.main .message.ephemeral', { hasText: 'Research for “茅台”' }).last();
    await card.waitFor();
    const link = card.locator(`a[href^="${url}/docs/doc_"]`).first();
    const href = await link.getAttribute('href');
    const tab = await openInNewTab(link);
    expect(tab.url()).toBe(href);
    await expect(tab.locator('h1').innerText()).resolves.toMatch(/\S/);
    await expect(tab.locator('.badge').innerText()).resolves.toBe('DEMO DATA');
    await tab.getByRole('heading', { name: 'Key passages' }).waitFor();
    expect(await tab.locator('.passage').count()).toBeGreaterThan(2);
    // The figure is served by the playground too, so it loads.
    const figure = tab.locator('img.media').first();
    await expect(figure.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).resolves.toBe(true);
    await screenshot(tab, 'links-document-page');
    await tab.close();
  });

  it('a mention ends with "Open the conversation", which opens the conversation page', async () => {
    await typeInComposer(page, `@Research Desk ${QUESTION}`);
    const question = page.locator('.main .message:not(.ephemeral)', { hasText: QUESTION }).last();
    await question.locator('.thread-summary').click();
    const pane = page.locator('.thread-pane');
    const link = pane.getByRole('link', { name: 'Open the conversation' }).first();
    await link.waitFor({ timeout: 20_000 });
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^${url}/conversations/\\d+$`));
    const tab = await openInNewTab(link);
    await expect(tab.locator('.question').innerText()).resolves.toBe(QUESTION);
    await tab.locator('.message.assistant[data-status="completed"] .answer h1').waitFor();
    await screenshot(tab, 'links-conversation-page');
    await tab.close();
    await pane.getByRole('button', { name: 'Close thread' }).click();
    await page.locator('.thread-pane .message').first().waitFor({ state: 'detached' });
  });

  it("App Home's run link opens the run's thread in the page", async () => {
    await page.getByRole('button', { name: 'App Home' }).click();
    const run = page.locator('.home-view').getByRole('link', { name: QUESTION }).first();
    await run.waitFor({ timeout: 10_000 });
    const href = (await run.getAttribute('href')) ?? '';
    expect(href).toMatch(new RegExp(`^${url}/archives/C[A-Z0-9]+/p\\d+$`));
    await run.click();
    // The same page switches to the channel with the thread open: no new tab, no reload.
    const pane = page.locator('.thread-pane');
    await pane.locator('.message', { hasText: QUESTION }).first().waitFor();
    await expect(page.locator('.home-view').isHidden()).resolves.toBe(true);
    expect(page.context().pages()).toHaveLength(1);
    await screenshot(page, 'links-app-home-thread');

    // Opened directly (a new tab, a bookmark), the permalink shows the same thread.
    const direct = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await direct.goto(href);
    await direct.locator('body[data-ready="true"]').waitFor({ timeout: 10_000 });
    await direct.locator('.thread-pane .message', { hasText: QUESTION }).first().waitFor({ timeout: 10_000 });
    await direct.close();
  });

  it("a long answer's report file shows in its thread and opens and downloads", async () => {
    const long = 'Full sector review of Chinese liquor makers [long]';
    await typeInComposer(page, `@Research Desk ${long}`);
    const question = page.locator('.main .message:not(.ephemeral)', { hasText: long }).last();
    await question.locator('.thread-summary').click();
    const pane = page.locator('.thread-pane');
    const card = pane.locator('.file-card').first();
    await card.waitFor({ timeout: 30_000 });
    await pane.getByText('the full report is attached below as', { exact: false }).first().waitFor();
    const link = card.locator('a').first();
    expect(await link.getAttribute('href')).toMatch(/^\/files\/F[A-Z0-9]+$/);
    const tab = await openInNewTab(link);
    await expect(tab.locator('body').innerText()).resolves.toMatch(/\|---/);
    await tab.close();
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.md$/);
    await screenshot(page, 'links-report-file');
  });

  it('left no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
