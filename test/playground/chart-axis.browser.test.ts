import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../src/emulators/slack/index.js';
import { launchChromium } from './browser-helpers.js';

// Issue 29 §2: the playground's drawing of a native chart has round ticks, bars and areas from
// zero, and a line that zooms only where its values sit far from zero (the app's rule,
// src/charts/value-axis-zoom.ts), in real Chromium.

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

async function tickLabels(type: string, values: number[]): Promise<string[]> {
  const categories = values.map((_, i) => `P${i}`);
  const block = {
    type: 'data_visualization',
    title: 'T',
    chart: {
      type,
      axis_config: { categories },
      series: [{ name: 'S', data: values.map((value, i) => ({ label: categories[i], value })) }],
    },
  };
  await page.evaluate(`(async () => {
    const mod = await import('/blocks-render.js');
    document.body.replaceChildren(mod.renderBlocks(${JSON.stringify([block])}, { surface: 'message' }));
  })()`);
  return page.$$eval('.dataviz svg text[text-anchor="end"]', (t) => t.map((x) => x.textContent ?? ''));
}

describe('the value axis of a native chart in the playground', () => {
  it('draws the issue’s line (27.5 to 88.16) from zero with round ticks, not 27.5 / 42.67 / 57.83', async () => {
    expect(await tickLabels('line', [27.5, 42.67, 57.83, 73, 88.16])).toEqual(['0', '20', '40', '60', '80', '100']);
  });

  it('starts bars and areas at zero however far from zero they sit', async () => {
    for (const type of ['bar', 'area']) {
      const labels = await tickLabels(type, [1520, 1610, 1700]);
      expect(labels[0]).toBe('0');
      expect(labels.at(-1)).toBe('2K');
    }
  });

  it('zooms a line far from zero (a share price) onto round ticks', async () => {
    expect(await tickLabels('line', [1523.37, 1611.2, 1702.9])).toEqual(['1.5K', '1.55K', '1.6K', '1.65K', '1.7K', '1.75K']);
  });

  it('keeps negative bars below a zero line with round ticks', async () => {
    const labels = await tickLabels('bar', [-12.5, 6.2]);
    expect(labels).toContain('0');
    expect(labels.every((l) => /^-?\d+$/.test(l))).toBe(true);
  });

  it('serves only the listed library modules under /vendor/', async () => {
    expect((await fetch(`${emu.url}/vendor/d3-array.mjs`)).headers.get('content-type')).toContain('text/javascript');
    expect((await fetch(`${emu.url}/vendor/../package.json`)).status).not.toBe(200);
    expect((await fetch(`${emu.url}/vendor/internmap.mjs`)).status).toBe(404);
  });
});
