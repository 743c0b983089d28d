/**
 * A comparison card read in the thread pane at 1280×800 (issue 29, defect 7): the real app between
 * both emulators; `/financials compare US:NVDA US:AMD` shared in the channel and opened in a
 * thread. Every column of its data table shows whole: no header or cell cut off behind a
 * scrollbar, none outside the pane. Screenshot: test-artifacts/playground/thread-pane-compare.png.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../e2e/harness.js';
import { launchChromium, openPlayground, screenshot, typeInComposer } from './browser-helpers.js';

let h: Harness;
let browser: Browser;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  // The playground's demo data end on the day it starts; a fixed day keeps this test's card the same.
  h = await startHarness({ datasetAnchorMs: Date.UTC(2026, 10, 27) });
  browser = await launchChromium();
  ({ page, errors: pageErrors } = await openPlayground(browser, h.slack.url, { timeoutMs: 10_000 }));
});

afterAll(async () => {
  await browser?.close();
  await h?.close();
});

interface CellSight {
  text: string;
  /** Why it is not fully visible; empty when it is. */
  problems: string[];
}

/**
 * For each header and body cell of the table: its content fits in the cell (nothing cut off
 * inside it), and the cell lies horizontally inside every ancestor that clips (a scroll box, the
 * pane's scroller) and inside `paneSelector`'s box. Vertical position is the pane's own scrolling.
 */
function sightOfCells(table: Locator, paneSelector: string): Promise<CellSight[]> {
  return table.evaluate((tableEl, sel) => {
    const pane = document.querySelector(sel);
    if (!pane) throw new Error(`no ${sel}`);
    const paneBox = pane.getBoundingClientRect();
    const cells = Array.from(tableEl.querySelectorAll<HTMLElement>('th, td'));
    return cells.map((cell) => {
      const box = cell.getBoundingClientRect();
      const problems: string[] = [];
      const slack = 0.5;
      // Content wider than its cell (a th's sort button, a long number) is cut off or spills.
      for (const el of [cell, ...Array.from(cell.querySelectorAll<HTMLElement>('*'))]) {
        if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== 'inline') {
          problems.push(`content ${el.scrollWidth}px wider than its ${el.tagName.toLowerCase()} (${el.clientWidth}px)`);
        }
      }
      if (box.left < paneBox.left - slack || box.right > paneBox.right + slack) {
        problems.push(
          `outside the pane (${Math.round(box.left)}–${Math.round(box.right)} vs ${Math.round(paneBox.left)}–${Math.round(paneBox.right)})`,
        );
      }
      for (let el = cell.parentElement; el && el !== document.body; el = el.parentElement) {
        const overflowX = getComputedStyle(el).overflowX;
        if (overflowX === 'visible') continue;
        const r = el.getBoundingClientRect();
        // The visible part: the client box (a vertical scrollbar is not room to show a cell in).
        const left = r.left + el.clientLeft;
        const right = left + el.clientWidth;
        if (box.left < left - slack || box.right > right + slack) {
          problems.push(`clipped by ${el.tagName.toLowerCase()}.${el.className} (overflow-x ${overflowX})`);
        }
      }
      return { text: cell.innerText.trim().replace(/\s+/g, ' '), problems };
    });
  }, paneSelector);
}

/** "cell text: first problem" for each cell not fully visible (short enough to read in a failure). */
const hidden = (cells: CellSight[]): string[] => cells.filter((c) => c.problems.length > 0).map((c) => `${c.text}: ${c.problems[0]}`);

describe('tables in the thread pane', () => {
  it('a two-company comparison opened in the thread pane at 1280×800 shows every column', async () => {
    await typeInComposer(page, '/financials compare US:NVDA US:AMD');
    const card = page.locator('.main .message.ephemeral', { has: page.locator('.bk-data-table') }).last();
    await card.waitFor({ timeout: 20_000 });
    await card.getByRole('button', { name: 'Share in channel', exact: true }).click();

    const shared = page.locator('.main .message:not(.ephemeral)', { has: page.locator('.bk-data-table') }).last();
    await shared.waitFor({ timeout: 20_000 });
    await shared.hover();
    await shared.getByRole('button', { name: 'Reply in thread', exact: true }).click();

    const pane = page.locator('.thread-pane');
    const table = pane.locator('.bk-data-table').first();
    await table.waitFor();
    const header = await table.locator('thead th').allInnerTexts();
    // Both companies have a column (the second one is the one that went missing).
    expect(header.join(' ')).toContain('US:NVDA');
    expect(header.join(' ')).toContain('US:AMD');

    await table.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.mouse.move(1, 799);
    await screenshot(page, 'thread-pane-compare');
    const sight = await sightOfCells(table, '.thread-pane');
    expect(sight.length).toBeGreaterThan(header.length);
    expect(hidden(sight)).toEqual([]);

    // The same card in the channel (wider, but narrower than the table was) shows whole too.
    const inChannel = await sightOfCells(shared.locator('.bk-data-table').first(), '.main');
    expect(hidden(inChannel)).toEqual([]);
  });

  it('left no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
