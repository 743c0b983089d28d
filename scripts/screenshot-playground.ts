/**
 * Regenerates the README's screenshot (docs/playground.png, 1280×800): the real app between
 * both emulators, a person asking the agent a question and running `/research 茅台` in the
 * playground page, photographed once the agent's report is final.
 *
 *   npx tsx scripts/screenshot-playground.ts [out.png]
 *
 * Uses Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH); it never downloads a browser.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startHarness } from '../test/e2e/harness.js';
import { launchChromium, openPlayground, typeInComposer } from '../test/playground/browser-helpers.js';

const QUESTION = 'what drives NVDA margins?';

async function composeShot(page: Page): Promise<void> {
  // The question first, so the channel reads top-down: question (with its thread), then the results card.
  await typeInComposer(page, `@Research Desk ${QUESTION}`);
  const question = page.locator('.main .message:not(.ephemeral)', { hasText: QUESTION }).last();
  await question.locator('.thread-summary').waitFor();

  await typeInComposer(page, '/research 茅台');
  const card = page.locator('.main .message.ephemeral', { hasText: 'Research for “茅台”' }).last();
  await card.waitFor();

  // The thread with the agent's final report (its live progress gives way to a header and a table).
  await question.locator('.thread-summary').click();
  const pane = page.locator('.thread-pane');
  const report = pane.locator('.message', { has: page.locator('.block-header', { hasText: 'Research report' }) }).first();
  await report.locator('.bk-table').waitFor({ timeout: 30_000 });
  await pane.getByText('Working…').waitFor({ state: 'detached' });

  // Channel: the question at the top, the card's header and first results below it. Thread: the parent and the report from its top.
  await question.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await pane.locator('.thread-scroller').evaluate((el) => {
    el.scrollTop = 0;
  });
  // No hover toolbar, no focus ring, no caret in the picture.
  await page.mouse.move(1, 799);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

async function main(): Promise<void> {
  const out = path.resolve(process.argv[2] ?? 'docs/playground.png');
  // agentSpeed 50: the run finishes in about a second, with the same report as at any speed.
  const h = await startHarness({ agentSpeed: 50 });
  const browser = await launchChromium();
  try {
    const { page, errors } = await openPlayground(browser, h.slack.url, { timeoutMs: 15_000 });
    await composeShot(page);
    await mkdir(path.dirname(out), { recursive: true });
    await page.screenshot({ path: out });
    if (errors.length > 0) process.stderr.write(`page errors while composing the shot:\n  ${errors.join('\n  ')}\n`);
    process.stdout.write(`wrote ${path.relative(process.cwd(), out)} (1280×800)\n`);
  } finally {
    await browser.close();
    await h.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`screenshot-playground: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
