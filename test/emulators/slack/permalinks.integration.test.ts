/**
 * Links to the emulated workspace: auth.test's `url` and chat.getPermalink name a made-up
 * slack.com workspace until the playground gives its own address; then they point at the
 * playground, whose server answers a permalink path with the page (which opens the thread),
 * and mounted pages (the demo service's) are served on the same port.
 */
import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';

const BOT = 'xoxb-emulator-bot-token';

let emu: SlackEmulator;
let client: WebClient;

beforeAll(async () => {
  emu = await startSlackEmulator({
    rateLimits: 'off',
    pages: (req, res) => {
      if (req.url !== '/docs/doc_mounted') return false;
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<h1>mounted</h1>');
      return true;
    },
  });
  client = new WebClient(BOT, { slackApiUrl: emu.apiUrl, retryConfig: { retries: 0 } });
});
afterAll(() => emu.close());

async function postThread(): Promise<{ parent: string; reply: string }> {
  const parent = await client.chat.postMessage({ channel: emu.defaultChannelId, text: 'parent' });
  const reply = await client.chat.postMessage({ channel: emu.defaultChannelId, text: 'reply', thread_ts: String(parent.ts) });
  return { parent: String(parent.ts), reply: String(reply.ts) };
}

describe('workspace and message links', () => {
  it('name the made-up slack.com workspace by default, in Slack’s permalink shape', async () => {
    const auth = await client.auth.test();
    expect(auth.url).toBe('https://research-desk-playground.slack.com/');
    const { parent, reply } = await postThread();
    const channel = emu.defaultChannelId;
    const top = await client.chat.getPermalink({ channel, message_ts: parent });
    expect(top).toMatchObject({ ok: true, channel, permalink: `${auth.url}archives/${channel}/p${parent.replace('.', '')}` });
    const inThread = await client.chat.getPermalink({ channel, message_ts: reply });
    expect(inThread.permalink).toBe(`${auth.url}archives/${channel}/p${reply.replace('.', '')}?thread_ts=${parent}&cid=${channel}`);
  });

  it('answer channel_not_found and message_not_found as Slack does', async () => {
    await expect(client.chat.getPermalink({ channel: 'C0NOSUCH', message_ts: '1.000001' })).rejects.toMatchObject({
      data: { error: 'channel_not_found' },
    });
    await expect(client.chat.getPermalink({ channel: emu.defaultChannelId, message_ts: '1.000001' })).rejects.toMatchObject({
      data: { error: 'message_not_found' },
    });
  });

  it('point at the playground once it gives its address, and that address opens the page', async () => {
    emu.setPublicUrl(emu.url);
    expect((await client.auth.test()).url).toBe(`${emu.url}/`);
    const { parent } = await postThread();
    const link = await client.chat.getPermalink({ channel: emu.defaultChannelId, message_ts: parent });
    expect(link.permalink).toBe(`${emu.url}/archives/${emu.defaultChannelId}/p${parent.replace('.', '')}`);
    const page = await fetch(String(link.permalink));
    expect(page.status).toBe(200);
    // The page's assets load from the root, wherever the page is opened.
    await expect(page.text()).resolves.toContain('<script type="module" src="/app.js"></script>');
  });
});

describe('mounted pages', () => {
  it('are served on the emulator’s port; other paths still reach the playground’s files', async () => {
    const mounted = await fetch(`${emu.url}/docs/doc_mounted`);
    await expect(mounted.text()).resolves.toBe('<h1>mounted</h1>');
    expect((await fetch(`${emu.url}/app.js`)).status).toBe(200);
    expect((await fetch(`${emu.url}/docs/doc_other`)).status).toBe(404);
  });
});
