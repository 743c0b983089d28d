import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../src/emulators/slack/index.js';
import { launchChromium } from './browser-helpers.js';

// The playground's data_visualization preview in Chromium: a native chart drawn as SVG, and a
// message sharing a PNG file shows the image inline.

let emu: SlackEmulator;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  emu = await startSlackEmulator({ port: 0, rateLimits: 'off' });
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  await page.goto(`${emu.url}/no-such-page`);
});

afterAll(async () => {
  await browser?.close();
  await emu?.close();
});

const render = (blocks: unknown[]) =>
  page.evaluate(`(async () => {
    const mod = await import('/blocks-render.js');
    document.body.replaceChildren(mod.renderBlocks(${JSON.stringify(blocks)}, { surface: 'message' }));
  })()`);

describe('data_visualization in the playground', () => {
  it('draws a line chart: one polyline per series, the title, the y label and a legend', async () => {
    const categories = ['FY2022', 'FY2023', 'FY2024'];
    await render([
      {
        type: 'data_visualization',
        title: 'Kweichow Moutai income',
        chart: {
          type: 'line',
          axis_config: { categories, y_label: 'CNY billions' },
          series: [
            { name: 'Revenue', data: categories.map((label, i) => ({ label, value: 120 + i * 20 })) },
            { name: 'Net profit', data: categories.map((label, i) => ({ label, value: -5 + i * 30 })) },
          ],
        },
      },
    ]);
    expect(await page.textContent('.dataviz-title')).toBe('Kweichow Moutai income');
    expect(await page.textContent('.dataviz-axis-label')).toBe('CNY billions');
    expect(await page.$$eval('.dataviz svg polyline', (l) => l.length)).toBe(2);
    expect(await page.textContent('.dataviz-legend')).toContain('Net profit');
  });

  it('draws a pie with one slice per segment and the shares in the legend', async () => {
    await render([
      {
        type: 'data_visualization',
        title: 'Mix',
        chart: {
          type: 'pie',
          segments: [
            { label: '茅台酒', value: 3 },
            { label: 'Other', value: 1 },
          ],
        },
      },
    ]);
    expect(await page.$$eval('.dataviz svg path', (p) => p.length)).toBe(2);
    expect(await page.textContent('.dataviz-legend')).toContain('茅台酒 (75.0%)');
  });

  it('draws bars, negative ones below zero', async () => {
    await render([
      {
        type: 'data_visualization',
        title: 'Cash flow',
        chart: {
          type: 'bar',
          axis_config: { categories: ['A', 'B'] },
          series: [
            {
              name: 'Investing',
              data: [
                { label: 'A', value: -4 },
                { label: 'B', value: 6 },
              ],
            },
          ],
        },
      },
    ]);
    const heights = await page.$$eval('.dataviz svg rect[fill="#1264a3"]', (r) => r.map((x) => Number(x.getAttribute('height'))));
    expect(heights).toHaveLength(2);
    expect(heights.every((x) => x > 0)).toBe(true);
  });

  it('shows a shared PNG file inline as an image, with its download link', async () => {
    const message = {
      ts: '1700000000.000100',
      user: 'U0BOT',
      text: '',
      files: [{ id: 'F123', name: 'chart.png', title: 'Moutai daily close', mimetype: 'image/png' }],
    };
    await page.evaluate(`(async () => {
      const mod = await import('/message-view.js');
      const ctx = { userInfo: () => ({ display: 'Research Desk', is_bot: true }), blockCtx: {}, onAction: () => {} };
      document.body.replaceChildren(mod.renderMessage(${JSON.stringify(message)}, ctx));
    })()`);
    expect(await page.getAttribute('img.file-image', 'src')).toBe('/files/F123');
    expect(await page.getAttribute('img.file-image', 'alt')).toBe('Moutai daily close');
    expect(await page.textContent('.file-card')).toContain('Download');
  });
});
