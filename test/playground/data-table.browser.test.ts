import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../src/emulators/slack/index.js';
import { launchChromium } from './browser-helpers.js';

// The playground's data_table renderer in Chromium: caption, sorting by a header click, pages.

let emu: SlackEmulator;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  emu = await startSlackEmulator({ port: 0, rateLimits: 'off' });
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(`${emu.url}/no-such-page`);
});

afterAll(async () => {
  await browser?.close();
  await emu?.close();
});

const block = {
  type: 'data_table',
  caption: 'Revenue by company',
  page_size: 2,
  rows: [
    [
      { type: 'raw_text', text: 'Company' },
      { type: 'raw_text', text: 'Revenue' },
    ],
    [
      { type: 'raw_text', text: 'Beta' },
      { type: 'raw_number', value: 9, text: '9' },
    ],
    [
      { type: 'raw_text', text: 'Alpha' },
      { type: 'raw_number', value: 100, text: '100' },
    ],
    [
      { type: 'raw_text', text: 'Gamma' },
      { type: 'raw_number', value: 25, text: '25' },
    ],
  ],
};

const firstColumn = () => page.$$eval('.bk-data-table tbody tr', (rows) => rows.map((r) => r.querySelector('td')?.textContent ?? ''));

describe('data_table in the playground', () => {
  it('shows its caption and a page of page_size rows; sorts numbers by value; pages with Next', async () => {
    await page.evaluate(`(async () => {
      const mod = await import('/data-table.js');
      document.body.replaceChildren(mod.renderDataTable(${JSON.stringify(block)}, {}));
    })()`);
    expect(await page.textContent('.bk-data-table caption')).toBe('Revenue by company');
    expect(await firstColumn()).toEqual(['Beta', 'Alpha']);
    expect(await page.textContent('.data-table-page')).toBe('Page 1 of 2 · 3 rows');

    // Numbers sort by value (9 < 25 < 100), not as text ("100" < "25" < "9").
    await page.click('.bk-data-table th:nth-child(2) button');
    expect(await firstColumn()).toEqual(['Beta', 'Gamma']);
    await page.click('.data-table-next');
    expect(await firstColumn()).toEqual(['Alpha']);
    expect(await page.isDisabled('.data-table-next')).toBe(true);

    // A second click reverses the order and goes back to the first page.
    await page.click('.bk-data-table th:nth-child(2) button');
    expect(await firstColumn()).toEqual(['Alpha', 'Gamma']);
    expect(await page.getAttribute('.bk-data-table th:nth-child(2)', 'aria-sort')).toBe('descending');
  });

  it('shows a table of one page with no pager and nothing else under it', async () => {
    const onePage = { ...block, page_size: 10 };
    await page.evaluate(`(async () => {
      const mod = await import('/data-table.js');
      document.body.replaceChildren(mod.renderDataTable(${JSON.stringify(onePage)}, {}));
    })()`);
    expect(await page.$('.data-table-pager')).toBeNull();
    // The renderer once wrote the missing pager as the text "null".
    expect(await page.evaluate('document.body.innerText')).not.toContain('null');
  });
});
