import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

/** Debian's Chromium; CI installs it with apt (never a downloaded browser build). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const artifactDir = join(process.cwd(), 'test-artifacts', 'playground');

export class ChromiumMissingError extends Error {
  constructor(path: string) {
    super(
      `Chromium not found at ${path}: run \`apt-get install chromium\` (or set CHROMIUM_PATH). The browser test never downloads a browser.`,
    );
    this.name = 'ChromiumMissingError';
  }
}

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) throw new ChromiumMissingError(chromiumPath);
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface OpenedPlayground {
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

/** Opens the playground at `url` (1280×800) and waits until it has loaded its channels and connected. */
export async function openPlayground(
  browser: Browser,
  url: string,
  opts: { hash?: string; timeoutMs?: number } = {},
): Promise<OpenedPlayground> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // Fail a step within seconds with playwright's own message, well before vitest's test timeout.
  page.setDefaultTimeout(opts.timeoutMs ?? 5000);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${url}/${opts.hash ? `#${opts.hash}` : ''}`);
  await page.locator('body[data-ready="true"]').waitFor({ timeout: 10_000 });
  await page.locator('.workspace-sub.live').waitFor({ timeout: 10_000 });
  return { page, errors };
}

/** Types into the channel composer (or the thread's) and sends with Enter. */
export async function typeInComposer(page: Page, text: string, opts: { thread?: boolean; send?: boolean } = {}): Promise<void> {
  const input = page.locator(opts.thread ? '.thread-pane .composer-input' : '.main .composer-input');
  await input.click();
  await input.fill(text);
  if (opts.send !== false) {
    // Close the autocomplete first so Enter sends rather than picks.
    await input.press('Escape');
    await input.press('Enter');
  }
}

/** Clicks the button (or link button) whose visible label is exactly `text`, optionally inside `within`. */
export async function clickButtonByText(page: Page, text: string, within?: Locator): Promise<void> {
  const scope = within ?? page.locator('body');
  await scope
    .getByRole('button', { name: text, exact: true })
    .or(scope.getByRole('link', { name: text, exact: true }))
    .first()
    .click();
}

/** A message row containing `text`. */
export function messageWith(page: Page, text: string): Locator {
  return page.locator('.message', { hasText: text }).first();
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(artifactDir, { recursive: true });
  const path = join(artifactDir, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** Scrolls the message list (or thread) so `target`'s top edge sits at the top of the view: a card reads from its header. */
export async function scrollToTopOf(target: Locator): Promise<void> {
  await target.evaluate((el) => el.scrollIntoView({ block: 'start' }));
}
