/**
 * The playground's Canvases panel: a channel's canvases are listed; one opens rendered from its
 * Markdown (headings, a table as a table, mentions as names, no raw Markdown), follows an edit
 * live, and a link to the canvas's address (/docs/<team>/<canvas>) opens it in the panel.
 */
import { WebClient } from '@slack/web-api';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../../src/emulators/slack/index.js';
import { launchChromium, openPlayground } from '../../../playground/browser-helpers.js';

const BOT = 'xoxb-emulator-bot-token';
const md = (markdown: string) => ({ type: 'markdown' as const, markdown });

let emu: SlackEmulator;
let browser: Browser;
let client: WebClient;

beforeAll(async () => {
  emu = await startSlackEmulator({ port: 0, rateLimits: 'off' });
  client = new WebClient(BOT, { slackApiUrl: emu.apiUrl, retryConfig: { retries: 0 } });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await emu?.close();
});

describe('Canvases panel', () => {
  it('lists the channel’s canvases and renders one from its Markdown, tables included, live', async () => {
    const { canvas_id } = await client.canvases.create({
      title: 'Moutai margins',
      channel_id: emu.defaultChannelId,
      document_content: md(
        `# Margins\n\nSaved for ![](@${emu.defaultUserId}).\n\n| Company | 2024 |\n| :--- | ---: |\n| Moutai | 52.3% |\n| BYD | 5.1% |`,
      ),
    });
    const id = String(canvas_id);
    const { page, errors } = await openPlayground(browser, emu.url);
    await page.getByRole('button', { name: 'Canvases in this channel' }).click();
    const panel = page.getByRole('dialog', { name: /Canvases in #/ });
    await panel.getByRole('button', { name: 'Moutai margins' }).click();
    const doc = page.getByRole('article', { name: 'Moutai margins' });
    await doc.locator('table').waitFor();
    await expect(doc.locator('th').allInnerTexts()).resolves.toEqual(['Company', '2024']);
    await expect(doc.locator('tbody tr').count()).resolves.toBe(2);
    await expect(doc.locator('tbody tr').first().innerText()).resolves.toContain('52.3%');
    const text = await doc.innerText();
    expect(text).toContain('Margins');
    expect(text).not.toContain('![](');
    expect(text).not.toContain('| :---');

    // Saved again by the app: the open canvas shows the new content.
    await client.canvases.edit({
      canvas_id: id,
      changes: [{ operation: 'replace', document_content: md('# Updated\n\n| A |\n| --- |\n| 1 |') }],
    });
    await doc.getByText('Updated').waitFor();

    // A link to the canvas's address opens it here.
    await page.getByRole('button', { name: '← All canvases in this channel' }).click();
    await page.evaluate((href) => {
      const a = document.createElement('a');
      a.href = href;
      a.textContent = 'the canvas';
      document.body.appendChild(a);
    }, `/docs/${emu.teamId}/${id}`);
    await page.getByRole('link', { name: 'the canvas' }).click();
    await page.getByRole('article', { name: 'Moutai margins' }).waitFor();
    expect(page.url()).not.toContain('/docs/');
    expect(errors).toEqual([]);
  });
});
