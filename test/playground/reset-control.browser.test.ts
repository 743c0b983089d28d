/**
 * The playground's "Reset playground…" control: the workspace menu asks first, Cancel keeps
 * everything, Reset empties the workspace (for every open page) and runs the emulator's onReset.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebClient } from '@slack/web-api';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../src/emulators/slack/index.js';
import { launchChromium, messageWith, openPlayground } from './browser-helpers.js';

let emu: SlackEmulator;
let browser: Browser;
let dir: string;
let resets = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'reset-control-'));
  emu = await startSlackEmulator({
    port: 0,
    rateLimits: 'off',
    stateFile: path.join(dir, 'slack.json'),
    onReset: () => {
      resets += 1;
    },
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await emu?.close();
  await rm(dir, { recursive: true, force: true });
});

async function chooseReset(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Research Desk Playground/ }).click();
  await page.getByRole('menuitem', { name: /Reset playground/ }).click();
  await page.getByRole('alertdialog', { name: 'Reset the playground?' }).waitFor();
}

describe('Reset playground', () => {
  it('asks first, keeps everything on Cancel, and empties every open page on Reset', async () => {
    const client = new WebClient('xoxb-emulator-bot-token', { slackApiUrl: emu.apiUrl, retryConfig: { retries: 0 } });
    const parent = await client.chat.postMessage({ channel: emu.defaultChannelId, text: 'Kept until the reset' });
    await client.chat.postMessage({ channel: emu.defaultChannelId, text: 'A reply in the thread', thread_ts: parent.ts! });
    const { page, errors } = await openPlayground(browser, emu.url);
    const { page: otherTab } = await openPlayground(browser, emu.url);
    await messageWith(page, 'Kept until the reset').waitFor();
    await messageWith(otherTab, 'Kept until the reset').waitFor();

    await chooseReset(page);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    expect(resets).toBe(0);
    await expect(messageWith(page, 'Kept until the reset').isVisible()).resolves.toBe(true);
    expect(emu.channelMessages(emu.defaultChannelId)).toHaveLength(1);

    await chooseReset(page);
    // The pages start over on the emulator's `reset` change, which comes before its onReset hook
    // has run: the answer to POST /api/reset is the signal that the hook ran too.
    const resetAnswered = page.waitForResponse((res) => res.url().endsWith('/api/reset'));
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reset' }).click();
    await resetAnswered;

    await page.locator('.toast', { hasText: 'The playground was reset.' }).waitFor();
    await messageWith(page, 'Kept until the reset').waitFor({ state: 'detached' });
    await messageWith(otherTab, 'Kept until the reset').waitFor({ state: 'detached' });
    expect(resets).toBe(1);
    expect(emu.channelMessages(emu.defaultChannelId)).toEqual([]);
    await expect(page.locator('.channel-title').innerText()).resolves.toContain('research');

    // The page keeps working after the reset.
    await client.chat.postMessage({ channel: emu.defaultChannelId, text: 'After the reset' });
    await messageWith(page, 'After the reset').waitFor();
    expect(errors).toEqual([]);
  });
});
