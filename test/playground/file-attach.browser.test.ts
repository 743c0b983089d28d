/**
 * The playground page's files: "+" attaches a file to the composer's message (sent as a multipart
 * upload, the bytes kept by the emulator), the message shows its card, the message shortcut
 * "Add to research folder" sends the files to the app, and Delete leaves Slack's tombstone.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../src/emulators/slack/index.js';
import { launchChromium, messageWith, openPlayground } from './browser-helpers.js';
import { startStubApp } from './stub-app.js';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from([0, 200, 13, 10]), Buffer.from('%%EOF\n')]);

let emu: SlackEmulator;
let stub: Awaited<ReturnType<typeof startStubApp>>;
let browser: Browser;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  stub = await startStubApp();
  emu = await startSlackEmulator({ port: 0, rateLimits: 'off', requestUrl: stub.url });
  browser = await launchChromium();
  ({ page, errors: pageErrors } = await openPlayground(browser, emu.url));
});

afterAll(async () => {
  await browser?.close();
  await emu?.close();
  await stub?.close();
});

describe('attaching a file in the playground', () => {
  it('sends the file with the text as one message, bytes and all, and shows its card', async () => {
    await page.locator('.main .composer-attach').waitFor();
    await expect(page.locator('.main .composer-attach').getAttribute('aria-label')).resolves.toBe('Attach a file');
    await page.locator('.main .composer-file-input').setInputFiles({ name: 'Q3 memo.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.locator('.main .composer-attachment-name').innerText()).resolves.toContain('Q3 memo.pdf');
    const input = page.locator('.main .composer-input');
    await input.fill('our memo');
    await input.press('Enter');

    const shared = await emu.waitFor(() => emu.channelMessages(emu.defaultChannelId).find((m) => m.subtype === 'file_share'));
    expect(shared).toMatchObject({ text: 'our memo', files: [{ name: 'Q3 memo.pdf', mimetype: 'application/pdf', size: PDF.length }] });
    expect(emu.fileBytes(String(shared.files?.[0]?.id))).toEqual(PDF);
    await expect(page.locator('.main .composer-attachment').isHidden()).resolves.toBe(true);
    const card = messageWith(page, 'our memo').locator('.file-card');
    await expect(card.innerText()).resolves.toContain('Q3 memo.pdf');
    await expect(card.innerText()).resolves.toContain('PDF');
  });

  it('the message shortcut "Add to research folder" sends the message with its files', async () => {
    const message = messageWith(page, 'our memo');
    await message.hover();
    await message.getByRole('button', { name: 'More actions' }).click();
    await page.getByText('Add to research folder', { exact: true }).click();
    const payload = await emu.waitFor(() => stub.received.find((r) => r.body.type === 'message_action')?.body);
    expect(payload).toMatchObject({
      callback_id: 'add_to_folder_message',
      message: { files: [{ name: 'Q3 memo.pdf', url_private: expect.stringContaining('/files-pri/') }] },
    });
  });

  it('Delete leaves "This file was deleted." in the message', async () => {
    page.once('dialog', (dialog) => void dialog.accept());
    await messageWith(page, 'our memo').locator('.file-delete').click();
    await messageWith(page, 'our memo').locator('.file-tombstone').waitFor();
    await expect(messageWith(page, 'our memo').locator('.file-tombstone').innerText()).resolves.toContain('This file was deleted.');
    expect(emu.channelMessages(emu.defaultChannelId).find((m) => m.text === 'our memo')?.files).toEqual([
      { id: expect.stringMatching(/^F/), mode: 'tombstone' },
    ]);
    expect(pageErrors).toEqual([]);
  });
});
