/**
 * The README's pictures of the playground, one function each: each composes the page it is given
 * (1280×800, the real app between both emulators) and leaves it ready to photograph.
 */
import type { Page } from 'playwright-core';
import { typeInComposer } from '../test/playground/browser-helpers.js';

/** Long enough for an agent run on a busy machine (a run takes about a second at agentSpeed 50). */
const RUN_TIMEOUT_MS = 60_000;

export interface Shot {
  /** Name on the command line and in the file name (playground-<name>.png; "main" is playground.png). */
  name: 'main' | 'compare' | 'agent';
  compose(page: Page): Promise<void>;
}

/** No hover toolbar, no focus ring, no caret in the picture. */
async function stillLife(page: Page): Promise<void> {
  await page.mouse.move(1, 799);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** A question to the agent and `/research 茅台`: the channel with the results card, the thread with the report. */
async function composeMain(page: Page): Promise<void> {
  const question = 'what drives NVDA margins?';
  // The question first, so the channel reads top-down: question (with its thread), then the results card.
  await typeInComposer(page, `@Research Desk ${question}`);
  const asked = page.locator('.main .message:not(.ephemeral)', { hasText: question }).last();
  await asked.locator('.thread-summary').waitFor();

  await typeInComposer(page, '/research 茅台');
  await page.locator('.main .message.ephemeral', { hasText: 'Research for “茅台”' }).last().waitFor();

  // The thread with the agent's final report (its live progress gives way to a header and a table).
  await asked.locator('.thread-summary').click();
  const pane = page.locator('.thread-pane');
  const report = pane.locator('.message', { has: page.locator('.block-header', { hasText: 'Research report' }) }).first();
  await report.locator('.bk-table, .bk-data-table').first().waitFor({ timeout: RUN_TIMEOUT_MS });
  await pane.getByText('Working…').waitFor({ state: 'detached' });

  // Channel: the question at the top, the card's header and first results below it. Thread: the parent and the report from its top.
  await asked.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await pane.locator('.thread-scroller').evaluate((el) => {
    el.scrollTop = 0;
  });
  await stillLife(page);
}

/** `/financials compare US:NVDA US:AMD`: the comparison card in the channel, from its header. */
async function composeCompare(page: Page): Promise<void> {
  await typeInComposer(page, '/financials compare US:NVDA US:AMD');
  const card = page.locator('.main .message.ephemeral', { has: page.locator('.bk-data-table') }).last();
  await card.waitFor({ timeout: RUN_TIMEOUT_MS });
  await card.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await stillLife(page);
}

/** A question in the app's DM (the agent view): its finished answer in the thread pane, at its chart. */
async function composeAgent(page: Page): Promise<void> {
  const question = 'What drives NVDA’s margins?';
  await page.locator('.sidebar-item', { hasText: 'Research Desk' }).first().click();
  await typeInComposer(page, question);
  const asked = page.locator('.main .message:not(.ephemeral)', { hasText: question }).last();
  await asked.locator('.thread-summary').click({ timeout: RUN_TIMEOUT_MS });
  const pane = page.locator('.thread-pane');
  // Finished: the answer ends with 👍/👎, and nothing streams any more.
  await pane.locator('.btn-feedback').first().waitFor({ timeout: RUN_TIMEOUT_MS });
  await pane.locator('.message.streaming').waitFor({ state: 'detached' });
  // The agent session is no longer working (no "is researching…" line with Stop under the answer).
  await pane.locator('.agent-session-line .stop-session').waitFor({ state: 'detached', timeout: RUN_TIMEOUT_MS });
  // The native chart (data_visualization), or the chart's picture where the app posted one.
  const chart = pane.locator('.dataviz, .file-image').first();
  await chart.waitFor({ timeout: RUN_TIMEOUT_MS });
  // The chart in the middle of the pane, with the text that leads to it above.
  await chart.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await stillLife(page);
}

export const SHOTS: readonly Shot[] = [
  { name: 'main', compose: composeMain },
  { name: 'compare', compose: composeCompare },
  { name: 'agent', compose: composeAgent },
];

export function shotFileName(shot: Shot): string {
  return shot.name === 'main' ? 'playground.png' : `playground-${shot.name}.png`;
}
