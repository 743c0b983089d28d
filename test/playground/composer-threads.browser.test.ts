/**
 * Slack's client behaviours the playground page reproduces: the composer's `#` and `@` pickers
 * (readable tokens, Slack's encoding on the wire), slash-command hints from the app's manifest,
 * thread reply counts and "also sent to the channel" cues, and ephemerals that do not survive a
 * reload. The page against the Slack emulator alone, with a stub app acking deliveries.
 */
import { WebClient } from '@slack/web-api';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest, type ManifestSlashCommand } from '../../src/doctor/read-manifest.js';
import { startSlackEmulator, type SlackEmulator } from '../../src/emulators/slack/index.js';
import { launchChromium, messageWith, openPlayground, screenshot } from './browser-helpers.js';
import { startStubApp } from './stub-app.js';

let emu: SlackEmulator;
let stub: Awaited<ReturnType<typeof startStubApp>>;
let client: WebClient;
let browser: Browser;
let page: Page;
let pageErrors: string[];
let commands: ManifestSlashCommand[];
let parentTs: string;

const ADMIN_NAME = 'Alex Admin';
const EARLY_EPHEMERAL = 'Posted before the page loaded';

const composer = () => page.locator('.main .composer-input');
const suggestion = (title: string) => page.locator('.composer-suggestions .suggestion', { hasText: title });
const lastMessageText = (channel: string) => emu.channelMessages(channel).at(-1)?.text;

beforeAll(async () => {
  // The app's commands, as main.ts gives them to the playground (src/playground/read-slash-commands.ts).
  commands = (await readManifest('manifest.yml')).slashCommands;
  stub = await startStubApp({
    reply: (r) =>
      typeof r.body.command === 'string'
        ? { body: JSON.stringify({ response_type: 'ephemeral', text: `Got ${String(r.body.command)}` }) }
        : {},
  });
  emu = await startSlackEmulator({ port: 0, rateLimits: 'off', requestUrl: stub.url, slashCommands: commands });
  client = new WebClient('xoxb-emulator-bot-token', { slackApiUrl: emu.apiUrl, retryConfig: { retries: 0 } });
  const channel = emu.defaultChannelId;
  const parent = await emu.postMessage({ text: 'Which chip makers grew margins?' });
  parentTs = parent.ts;
  await client.chat.postMessage({ channel, thread_ts: parentTs, text: 'NVDA and AVGO did (DEMO DATA).' });
  await emu.postMessage({ text: 'And AMD?', thread_ts: parentTs, user_id: emu.adminUserId });
  await client.chat.postEphemeral({ channel, user: emu.defaultUserId, text: EARLY_EPHEMERAL });
  browser = await launchChromium();
  ({ page, errors: pageErrors } = await openPlayground(browser, emu.url));
});

afterAll(async () => {
  await browser?.close();
  await emu?.close();
  await stub?.close();
});

describe('the composer', () => {
  it('offers channels after # and people after @ (keys, Tab, click), shows them as names and sends them encoded', async () => {
    const input = composer();
    await input.click();
    await input.pressSequentially('Compare #ma');
    await expect(page.locator('.suggestions-heading').innerText()).resolves.toBe('Channels');
    await expect(page.locator('.composer-suggestions .suggestion').allInnerTexts()).resolves.toEqual([expect.stringContaining('#markets')]);
    await input.press('Enter');
    await expect(input.inputValue()).resolves.toBe('Compare #markets ');
    await expect(page.locator('.main .composer-token').allInnerTexts()).resolves.toEqual(['#markets']);

    await input.pressSequentially('with @');
    await suggestion(ADMIN_NAME).waitFor();
    // The list starts at the first person; one step down is the admin.
    await expect(page.locator('.composer-suggestions .suggestion.active').innerText()).resolves.toContain('Dana Analyst');
    await input.press('ArrowDown');
    await expect(page.locator('.composer-suggestions .suggestion.active').innerText()).resolves.toContain(ADMIN_NAME);
    await input.press('Tab');
    await input.pressSequentially('and #re');
    await suggestion('#research').click();
    await input.pressSequentially('please @');
    await suggestion('Dana Analyst').waitFor();
    await input.press('Escape');
    await page.locator('.main .composer-suggestions').waitFor({ state: 'hidden' });
    await input.press('Backspace');
    await expect(input.inputValue()).resolves.toBe(`Compare #markets with @${ADMIN_NAME} and #research please `);
    await expect(page.locator('.main .composer-token').allInnerTexts()).resolves.toEqual(['#markets', `@${ADMIN_NAME}`, '#research']);
    await screenshot(page, 'composer-tokens');
    await input.press('Enter');

    const sent = `Compare <#${emu.secondChannelId}|markets> with <@${emu.adminUserId}> and <#${emu.defaultChannelId}|research> please`;
    await emu.waitFor(() => lastMessageText(emu.defaultChannelId) === sent);
    const delivered = await emu.waitFor(() =>
      emu.deliveries.find((d) => (d.payload.event as { text?: string } | undefined)?.text === sent),
    );
    expect(delivered.outcome).toBe('acked');
    // The page shows the sent message with mention pills, not the encoded text.
    const row = messageWith(page, 'Compare');
    await row.locator('.mention').nth(2).waitFor();
    await expect(row.locator('.mention').allInnerTexts()).resolves.toEqual(['#markets', `@${ADMIN_NAME}`, '#research']);
  });

  it('sends a picked channel in a slash command in Slack’s escaped form', async () => {
    const input = composer();
    await input.click();
    await input.pressSequentially('/concepts subscribe #rese');
    await input.press('Tab');
    await input.pressSequentially('daily');
    await input.press('Enter');
    const command = await emu.waitFor(() => emu.deliveries.find((d) => d.kind === 'slash_command'));
    expect(command.payload).toMatchObject({ command: '/concepts', text: `subscribe <#${emu.defaultChannelId}|research> daily` });
  });

  it('mentions the app from the thread composer with the @ picker', async () => {
    await messageWith(page, 'Which chip makers grew margins?').locator('.thread-summary').click();
    const input = page.locator('.thread-pane .composer-input');
    await input.click();
    await input.pressSequentially('@Resea');
    await page.locator('.thread-pane .composer-suggestions .suggestion', { hasText: 'Research Desk' }).waitFor();
    await input.press('Enter');
    await expect(page.locator('.thread-pane .composer-token').allInnerTexts()).resolves.toEqual(['@Research Desk']);
    await input.pressSequentially('what about INTC?');
    await input.press('Enter');
    const mention = await emu.waitFor(() =>
      emu.deliveries.find((d) => (d.payload.event as { type?: string } | undefined)?.type === 'app_mention'),
    );
    expect(mention.payload.event).toMatchObject({ text: `<@${emu.botUserId}> what about INTC?`, thread_ts: parentTs });
    await page.locator('.thread-pane').getByRole('button', { name: 'Close thread' }).click();
  });

  it('lists the app’s commands with the description and usage hint from its manifest', async () => {
    const input = composer();
    await input.click();
    await input.fill('/');
    const items = page.locator('.composer-suggestions .suggestion');
    await expect(items.count()).resolves.toBe(commands.length);
    for (const c of commands) {
      const item = suggestion(c.command);
      await expect(item.locator('.suggestion-title').innerText()).resolves.toBe(`${c.command} ${c.usageHint}`);
      await expect(item.locator('.suggestion-description').innerText()).resolves.toBe(c.description);
    }
    await screenshot(page, 'composer-commands');
    await input.pressSequentially('conc');
    await input.press('Tab');
    const concepts = commands.find((c) => c.command === '/concepts');
    await expect(page.locator('.main .composer-usage').innerText()).resolves.toBe(`/concepts ${concepts?.usageHint}`);
    await input.fill('');
  });
});

describe('threads', () => {
  it('shows the reply count, repliers and last reply time under the parent, and opens the thread on click', async () => {
    const summary = messageWith(page, 'Which chip makers grew margins?').locator('.thread-summary');
    await expect(summary.locator('.thread-count').innerText()).resolves.toMatch(/^\d+ replies$/);
    await expect(summary.locator('.thread-avatars .avatar').count()).resolves.toBeGreaterThanOrEqual(2);
    await expect(summary.locator('.thread-last').textContent()).resolves.toMatch(/^Last reply today at /);
    await summary.click();
    const pane = page.locator('.thread-pane');
    await pane.getByText('NVDA and AVGO did').waitFor();
    await pane.getByText('And AMD?').waitFor();
    await pane.getByRole('button', { name: 'Close thread' }).click();
  });

  it('shows a reply also sent to the channel in both places, with Slack’s cues', async () => {
    await client.chat.postMessage({
      channel: emu.defaultChannelId,
      thread_ts: parentTs,
      reply_broadcast: true,
      text: 'Summary for everyone: margins up at NVDA and AVGO.',
    });
    const inChannel = page.locator('.main .message', { hasText: 'Summary for everyone' });
    await expect(inChannel.locator('.broadcast-cue').innerText()).resolves.toBe('replied to a thread: Which chip makers grew margins?');
    await screenshot(page, 'thread-broadcast');
    await inChannel.locator('.broadcast-parent').click();
    const inThread = page.locator('.thread-pane .message', { hasText: 'Summary for everyone' });
    await expect(inThread.locator('.broadcast-cue').innerText()).resolves.toBe('Also sent to the channel');
    await page.locator('.thread-pane').getByRole('button', { name: 'Close thread' }).click();
  });
});

describe('ephemeral messages', () => {
  it('shows only those that arrived while the page was open, and none after a reload', async () => {
    const late = 'Posted while the page was open';
    await client.chat.postEphemeral({ channel: emu.defaultChannelId, user: emu.defaultUserId, text: late });
    await page.locator('.main .message.ephemeral', { hasText: late }).waitFor();
    await expect(page.locator('.main .message.ephemeral', { hasText: EARLY_EPHEMERAL }).count()).resolves.toBe(0);

    await page.reload();
    await page.locator('body[data-ready="true"]').waitFor();
    await messageWith(page, 'Which chip makers grew margins?').waitFor();
    await expect(page.locator('.message.ephemeral').count()).resolves.toBe(0);
    // The emulator still has them: only the page session forgets.
    const texts = emu.ephemeralFor(emu.defaultUserId, emu.defaultChannelId).map((e) => e.text);
    expect(texts).toEqual(expect.arrayContaining([EARLY_EPHEMERAL, late]));
    expect(stub.failures).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
