import { WebClient } from '@slack/web-api';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../src/emulators/slack/index.js';
import { clickButtonByText, launchChromium, messageWith, openPlayground, screenshot, typeInComposer } from './browser-helpers.js';
import {
  buildHomeView,
  buildModalView,
  HOSTILE_SHOWN,
  postQueuedEphemeral,
  seedPlayground,
  type SeededPlayground,
} from './playground-fixtures.js';
import { startStubApp, type StubRequest } from './stub-app.js';

// The page against the Slack emulator alone: a stub app acks deliveries, opens the modal and
// publishes the Home tab through the emulator's Web API, as the real app would.

let emu: SlackEmulator;
let stub: Awaited<ReturnType<typeof startStubApp>>;
let client: WebClient;
let browser: Browser;
let page: Page;
let pageErrors: string[];
let seeded: SeededPlayground;

function stubReply(r: StubRequest) {
  const body = r.body;
  if (typeof body.command === 'string')
    return { body: JSON.stringify({ response_type: 'ephemeral', text: `Looking into *${String(body.text)}* for you…` }) };
  if (body.type === 'view_submission') {
    const values = (body.view as { state: { values: Record<string, Record<string, { value?: string | null }>> } }).state.values;
    const symbol = values.ticker?.symbol?.value ?? '';
    if (!/^[A-Z]{1,5}$/.test(symbol))
      return { body: JSON.stringify({ response_action: 'errors', errors: { ticker: 'Enter a ticker symbol in capitals, like NVDA' } }) };
  }
  return {};
}

async function stubAfter(r: StubRequest): Promise<void> {
  const body = r.body;
  const actions = body.actions as Array<{ action_id: string }> | undefined;
  if (body.type === 'block_actions' && actions?.[0]?.action_id === 'open_form') {
    await client.views.open({ trigger_id: String(body.trigger_id), view: buildModalView() as never });
  }
  const event = body.event as
    | { type?: string; user?: string; channel?: string; message_ts?: string; links?: Array<{ url: string }> }
    | undefined;
  if (body.type === 'event_callback' && event?.type === 'app_home_opened') {
    await client.views.publish({ user_id: String(event.user), view: buildHomeView() as never });
  }
  if (body.type === 'event_callback' && event?.type === 'link_shared') {
    const url = event.links?.[0]?.url ?? '';
    await client.chat.unfurl({
      channel: String(event.channel),
      ts: String(event.message_ts),
      unfurls: { [url]: { blocks: [{ type: 'section', text: { type: 'mrkdwn', text: '*NVDA 10-Q* · 52 pages · DEMO DATA' } }] } } as never,
    });
  }
}

const deliveries = (kind: string) => emu.deliveries.filter((d) => d.kind === kind && d.retryNum === 0);

beforeAll(async () => {
  stub = await startStubApp({ reply: stubReply, after: stubAfter });
  emu = await startSlackEmulator({ port: 0, rateLimits: 'off', requestUrl: stub.url });
  client = new WebClient('xoxb-emulator-bot-token', { slackApiUrl: emu.apiUrl, retryConfig: { retries: 0 } });
  seeded = await seedPlayground(client, emu);
  browser = await launchChromium();
  ({ page, errors: pageErrors } = await openPlayground(browser, emu.url));
  await postQueuedEphemeral(client, emu);
});

afterAll(async () => {
  await browser?.close();
  await emu?.close();
  await stub?.close();
});

describe('playground page against the Slack emulator', () => {
  it('renders every block type, mrkdwn and message decoration', async () => {
    const card = messageWith(page, 'NVDA: supply-chain research');
    await expect(card.locator('.block-header').innerText()).resolves.toContain('🔍 NVDA: supply-chain research');
    // Fields in two columns, table cells, buttons and selects.
    await expect(card.locator('.section-field').count()).resolves.toBe(4);
    const fieldBoxes = await card
      .locator('.section-field')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)));
    expect(new Set(fieldBoxes).size).toBe(2);
    const cells = await card.locator('.bk-table td, .bk-table th').allInnerTexts();
    expect(cells).toEqual(expect.arrayContaining(['Metric', 'Revenue ($bn)', '35.1', 'Operating margin', '62.3%']));
    await expect(
      card
        .locator('.bk-table td')
        .nth(1)
        .evaluate((e) => getComputedStyle(e).textAlign),
    ).resolves.toBe('right');
    for (const label of ['Run agent', 'Refine query', 'Dismiss', 'Open filing', 'Subscribe']) {
      await expect(
        card
          .getByRole('button', { name: label, exact: true })
          .or(card.getByRole('link', { name: label, exact: true }))
          .count(),
      ).resolves.toBe(1);
    }
    await expect(card.locator('a.btn', { hasText: 'Open filing' }).getAttribute('target')).resolves.toBe('_blank');
    await expect(card.locator('select[data-action-id="pick_period"] option').allInnerTexts()).resolves.toContain('Q2 FY2025');
    await expect(card.locator('.mention-broadcast').innerText()).resolves.toBe('@channel');
    await expect(card.locator('.mention-user').first().innerText()).resolves.toBe('@Dana Analyst');
    // Hostile text shows as text, and nothing was injected.
    await expect(card.innerText()).resolves.toContain(HOSTILE_SHOWN);
    await expect(card.innerText()).resolves.toContain('AT&T');
    expect(
      await page.evaluate(() => ({
        scripts: document.scripts.length,
        imgs: document.querySelectorAll('.message img:not([src$="demo-chart.svg"])').length,
        xss: (window as { __xss?: number }).__xss,
      })),
    ).toEqual({ scripts: 1, imgs: 0, xss: undefined });

    const markdown = messageWith(page, 'Revenue grew');
    await expect(markdown.locator('.md-heading').innerText()).resolves.toBe('Summary');
    await expect(markdown.locator('ol li').allInnerTexts()).resolves.toEqual(['Read the 10-Q', 'Compare with AMD']);
    await expect(markdown.locator('.md-table th').allInnerTexts()).resolves.toEqual(['Segment', 'Revenue', 'Share']);
    const rich = messageWith(page, 'Notes from');
    await expect(rich.locator('.rt-quote').innerText()).resolves.toContain('supply to improve');
    await expect(rich.locator('.rt-pre').innerText()).resolves.toContain('GET /v1/stock/NVDA');
    const plainText = messageWith(page, 'Plain mrkdwn message');
    await expect(plainText.locator('.mrkdwn-pre').innerText()).resolves.toContain('<b>not bold</b>');
    await expect(plainText.innerText()).resolves.toContain('✅ done');
    await expect(messageWith(page, 'Revenue: $35.1bn').innerText()).resolves.toContain('(edited)');
    await expect(messageWith(page, 'Filing alert').locator('.attachment-title').innerText()).resolves.toBe('NVDA 10-Q filed');
    const queued = page.locator('.message.ephemeral', { hasText: 'your research is queued' });
    await queued.waitFor();
    await expect(queued.innerText()).resolves.toContain('Only visible to you');
    await expect(messageWith(page, 'AMD vs NVDA margins').locator('.thread-count').innerText()).resolves.toBe('2 replies');
    await expect(page.locator('.btn-feedback').count()).resolves.toBe(2);
    await screenshot(page, 'channel');
    await page.locator('.message-scroller').evaluate((el) => {
      el.scrollTop = 0;
    });
    await screenshot(page, 'channel-top');
    expect(pageErrors).toEqual([]);
  });

  it('shows the 👍/👎 the viewer pressed (kept by the emulator), never another user’s, and delivers a click', async () => {
    const rated = emu.channelMessages(emu.defaultChannelId).find((m) => m.text === 'Was this helpful?');
    if (!rated) throw new Error('no feedback fixture');
    const card = messageWith(page, 'Was this answer helpful?');
    const pressed = (choice: 'positive' | 'negative') =>
      card.locator(`.btn-feedback[data-feedback="${choice}"]`).getAttribute('aria-pressed');
    // Pressed elsewhere (another client of the same user): the page shows it from the emulator's state.
    await emu.clickAction({ channel_id: emu.defaultChannelId, message_ts: rated.ts, action_id: 'answer_feedback', value: 'bad' });
    await card.locator('.btn-feedback[data-feedback="negative"][aria-pressed="true"]').waitFor();
    // Another user's vote changes nothing the viewer sees.
    await emu.clickAction({
      channel_id: emu.defaultChannelId,
      message_ts: rated.ts,
      action_id: 'answer_feedback',
      value: 'good',
      user_id: emu.adminUserId,
    });
    await expect(pressed('negative')).resolves.toBe('true');
    await expect(pressed('positive')).resolves.toBe('false');

    await card.locator('.btn-feedback[data-feedback="positive"]').click();
    const delivery = await emu.waitFor(() =>
      deliveries('block_actions').find((d) => {
        const action = (d.payload.actions as Array<{ action_id: string; value?: string }>)[0];
        const user = (d.payload.user as { id: string }).id;
        return action?.action_id === 'answer_feedback' && action.value === 'good' && user === emu.defaultUserId;
      }),
    );
    expect(delivery.payload.actions).toEqual([expect.objectContaining({ type: 'feedback_buttons', value: 'good' })]);
    await card.locator('.btn-feedback[data-feedback="positive"][aria-pressed="true"]').waitFor();
    expect(emu.feedbackSelection({ channel_id: emu.defaultChannelId, message_ts: rated.ts, user_id: emu.defaultUserId })).toBe('positive');
    await expect(pressed('negative')).resolves.toBe('false');
  });

  it('delivers a button click to the app as block_actions', async () => {
    await clickButtonByText(page, 'Run agent', messageWith(page, 'NVDA: supply-chain research'));
    const delivery = await emu.waitFor(() =>
      deliveries('block_actions').find((d) => (d.payload.actions as Array<{ action_id: string }>)[0]?.action_id === 'run_agent'),
    );
    expect(delivery.outcome).toBe('acked');
    expect((delivery.payload.actions as Array<{ value: string }>)[0]?.value).toBe('NVDA');
    expect((delivery.payload.container as { message_ts: string }).message_ts).toBe(seeded.cardTs);
  });

  it('asks for confirmation before a button with a confirm dialog sends anything', async () => {
    await clickButtonByText(page, 'Dismiss', messageWith(page, 'NVDA: supply-chain research'));
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.innerText()).resolves.toContain('It disappears for everyone.');
    await dialog.getByRole('button', { name: 'Keep' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(
      deliveries('block_actions').some((d) => (d.payload.actions as Array<{ action_id: string }>)[0]?.action_id === 'dismiss_card'),
    ).toBe(false);
  });

  it('sends a select choice and an overflow item with the chosen option', async () => {
    const card = messageWith(page, 'NVDA: supply-chain research');
    await card.locator('select[data-action-id="pick_period"]').selectOption('q2-2025');
    await card.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Export CSV' }).click();
    const chosen = await emu.waitFor(() => {
      const entries = deliveries('block_actions').map(
        (d) => (d.payload.actions as Array<{ action_id: string; selected_option?: { value: string } }>)[0],
      );
      const select = entries.find((a) => a?.action_id === 'pick_period');
      const overflow = entries.find((a) => a?.action_id === 'card_more');
      return select && overflow ? { select, overflow } : undefined;
    });
    expect(chosen.select.selected_option?.value).toBe('q2-2025');
    expect(chosen.overflow.selected_option?.value).toBe('csv');
  });

  it('opens a modal the app opened with the trigger id, shows field errors, and submits state.values', async () => {
    await clickButtonByText(page, 'Refine query');
    const modal = page.locator('form.modal');
    await modal.waitFor();
    await expect(modal.locator('.modal-title').innerText()).resolves.toBe('Refine research');
    await expect(modal.locator('textarea').inputValue()).resolves.toBe('Supply chain risks');
    await modal.locator('select').selectOption('y');
    await modal.locator('input[type="text"]').fill('nvda');
    await modal.getByRole('button', { name: 'Run' }).click();
    await expect(modal.locator('.input-error').innerText({ timeout: 5000 })).resolves.toContain('Enter a ticker symbol');
    await expect(modal.locator('textarea').inputValue()).resolves.toBe('Supply chain risks');
    await screenshot(page, 'modal-errors');
    await modal.locator('input[type="text"]').fill('NVDA');
    await modal.getByText('News').click();
    await modal.getByRole('button', { name: 'Run' }).click();
    await modal.waitFor({ state: 'detached' });
    const submitted = deliveries('view_submission').at(-1);
    if (!submitted) throw new Error('no view_submission delivered');
    const values = (submitted.payload.view as { state: { values: Record<string, Record<string, Record<string, unknown>>> } }).state.values;
    expect(values.ticker?.symbol).toEqual({ type: 'plain_text_input', value: 'NVDA' });
    expect(values.period?.choice).toMatchObject({ type: 'static_select', selected_option: { value: 'y' } });
    expect(values.depth?.level).toMatchObject({ type: 'radio_buttons', selected_option: { value: 'quick' } });
    expect(values.sources?.kinds).toMatchObject({ type: 'checkboxes', selected_options: [{ value: 'news' }] });

    await clickButtonByText(page, 'Refine query');
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'detached' });
    // The page closes the dialog at once and tells the emulator after: wait for the emulator's side.
    await emu.waitFor(() => emu.openModals().length === 0);
    expect(emu.openModals()).toEqual([]);
  });

  it('opens a thread, shows replies and posts a reply from the thread composer', async () => {
    await messageWith(page, 'AMD vs NVDA margins').locator('.thread-summary').click();
    const pane = page.locator('.thread-pane');
    await expect(pane.locator('.reply-divider').innerText()).resolves.toBe('2 replies');
    await expect(pane.innerText()).resolves.toContain('Can you add Intel?');
    await typeInComposer(page, 'Thanks, also AVGO please', { thread: true });
    await pane.getByText('Thanks, also AVGO please').waitFor();
    const replies = emu.threadReplies(emu.defaultChannelId, seeded.threadParentTs);
    expect(replies.map((m) => m.text)).toContain('Thanks, also AVGO please');
    await screenshot(page, 'thread');
    await pane.getByRole('button', { name: 'Close thread' }).click();
  });

  it('shows a streaming reply live, with progress, until the stream stops', async () => {
    await messageWith(page, 'what changed at NVDA').locator('.thread-summary').click();
    const pane = page.locator('.thread-pane');
    const streamed = pane.locator(`.message[data-ts="${seeded.streamTs}"]`);
    await expect(streamed.locator('.live-indicator').count()).resolves.toBe(1);
    await expect(streamed.locator('.task-complete').innerText()).resolves.toContain('Search filings');
    await client.apiCall('chat.appendStream', {
      channel: emu.defaultChannelId,
      ts: seeded.streamTs,
      chunks: [{ type: 'markdown_text', text: ' and margins held at 75%.' }],
    });
    await streamed.getByText('margins held at 75%').waitFor();
    await screenshot(page, 'streaming');
    await client.apiCall('chat.stopStream', { channel: emu.defaultChannelId, ts: seeded.streamTs });
    await streamed.locator('.live-indicator').waitFor({ state: 'detached' });
    await pane.getByRole('button', { name: 'Close thread' }).click();
  });

  it('opens the thread of an agent run that starts while the page watches, with the app status', async () => {
    const channel = emu.defaultChannelId;
    const run = await client.chat.postMessage({ channel, text: ':mag: Researching *AMD* (DEMO DATA)' });
    await client.apiCall('assistant.threads.setStatus', { channel_id: channel, thread_ts: run.ts, status: 'is reading filings…' });
    const pane = page.locator('.thread-pane');
    await messageWith(page, 'Researching AMD').locator('.thread-status', { hasText: 'is reading filings' }).waitFor();
    const stream = await client.apiCall('chat.startStream', {
      channel,
      thread_ts: run.ts,
      recipient_user_id: emu.defaultUserId,
      recipient_team_id: emu.teamId,
      markdown_text: 'AMD: data-centre revenue **up 122%**',
    });
    await pane.locator('.message.streaming', { hasText: 'up 122%' }).waitFor();
    await expect(pane.locator('.thread-status-line').innerText()).resolves.toContain('Research Desk is reading filings…');
    await client.apiCall('assistant.threads.setStatus', { channel_id: channel, thread_ts: run.ts, status: '' });
    await client.apiCall('chat.stopStream', { channel, ts: String((stream as { ts?: string }).ts) });
    await pane.locator('.message.streaming').waitFor({ state: 'detached' });
    await pane.getByRole('button', { name: 'Close thread' }).click();
  });

  it('sends slash commands from the composer, with autocomplete, and shows the ack as ephemeral', async () => {
    const input = page.locator('.main .composer-input');
    await input.click();
    await input.fill('/fin');
    await expect(page.locator('.composer-suggestions .suggestion').first().innerText()).resolves.toContain('/financials');
    await screenshot(page, 'composer-autocomplete');
    await input.press('Tab');
    await expect(input.inputValue()).resolves.toBe('/financials ');
    await input.pressSequentially('AAPL');
    await input.press('Enter');
    const command = await emu.waitFor(() => deliveries('slash_command').find((d) => d.payload.command === '/financials'));
    expect(command.payload.text).toBe('AAPL');
    await page.locator('.message.ephemeral', { hasText: 'Looking into AAPL for you' }).waitFor();
    await typeInComposer(page, '/research semiconductor supply chain');
    const research = await emu.waitFor(() => deliveries('slash_command').find((d) => d.payload.command === '/research'));
    expect(research.payload.text).toBe('semiconductor supply chain');
  });

  it('posts a mention as app_mention and offers message shortcuts from the message menu', async () => {
    await typeInComposer(page, '@Research Desk summarise the week');
    const mention = await emu.waitFor(() =>
      deliveries('event_callback').find((d) => {
        const event = d.payload.event as { type: string; text: string };
        return event.type === 'app_mention' && event.text.includes('summarise the week');
      }),
    );
    expect((mention.payload.event as { text: string }).text).toBe(`<@${emu.botUserId}> summarise the week`);
    const row = messageWith(page, 'summarise the week');
    await row.hover();
    await row.getByRole('button', { name: 'More actions' }).click();
    await expect(page.getByRole('menuitem').allInnerTexts()).resolves.toEqual(
      expect.arrayContaining([expect.stringContaining('Research this message')]),
    );
    await page.getByRole('menuitem', { name: /Ask the agent about this/ }).click();
    const shortcut = await emu.waitFor(() => deliveries('message_action')[0]);
    expect(shortcut.payload.callback_id).toBe('ask_agent_message');
  });

  it('shares a bare link so the app can unfurl it, and marks other channels with new messages', async () => {
    await typeInComposer(page, 'https://example.com/filings/nvda-10q');
    await page.locator('.attachment.unfurl', { hasText: 'NVDA 10-Q' }).waitFor();
    await client.chat.postMessage({ channel: emu.secondChannelId, text: 'Market close: indices up' });
    await page.locator('.sidebar-item.unread', { hasText: 'markets' }).waitFor();
    await page.locator('.sidebar-item', { hasText: 'markets' }).click();
    await page.getByText('Market close: indices up').waitFor();
    await expect(page.locator('.sidebar-item.unread').count()).resolves.toBe(0);
  });

  it('opens the App Home tab, which the app publishes on app_home_opened', async () => {
    await page.getByRole('button', { name: 'App Home' }).click();
    await page.locator('.home-view .block-header', { hasText: 'Research Desk' }).waitFor();
    await expect(page.locator('.home-view').innerText()).resolves.toContain('NVDA');
    await screenshot(page, 'app-home');
    await clickButtonByText(page, 'New digest', page.locator('.home-view'));
    const click = await emu.waitFor(() =>
      deliveries('block_actions').find((d) => (d.payload.container as { type: string }).type === 'view'),
    );
    expect((click.payload.actions as Array<{ action_id: string }>)[0]?.action_id).toBe('home_new_digest');
    expect(stub.failures).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('shows the DM as the agent view: prompts that send, the thread title, the status with its loading message, and Stop', async () => {
    const dm = emu.defaultDmId;
    await client.assistant.threads.setSuggestedPrompts({
      channel_id: dm,
      title: 'Try asking',
      prompts: [{ title: 'Latest earnings', message: 'Summarise NVIDIA results' }],
    });
    await page.locator('.sidebar-item', { hasText: 'Research Desk' }).first().click();
    await emu.waitFor(() => deliveries('event_callback').find((d) => (d.payload.event as { tab?: string }).tab === 'messages'));
    await page.getByRole('button', { name: 'Latest earnings' }).click();
    const question = await emu.waitFor(() => emu.channelMessages(dm).find((m) => m.text === 'Summarise NVIDIA results'));

    await client.assistant.threads.setTitle({ channel_id: dm, thread_ts: question.ts, title: 'NVIDIA results' });
    await client.agents.sessions.setStatus({ channel_id: dm, thread_ts: question.ts, status: 'processing' });
    await client.chat.postMessage({ channel: dm, thread_ts: question.ts, text: 'Searching the filings' });
    await client.assistant.threads.setStatus({
      channel_id: dm,
      thread_ts: question.ts,
      status: 'is researching…',
      loading_messages: ['Running search documents: NVIDIA'],
    });
    await messageWith(page, 'Summarise NVIDIA results').locator('.thread-summary').click();
    const pane = page.locator('.thread-pane');
    await pane.locator('.thread-title', { hasText: 'NVIDIA results' }).waitFor();
    await pane.locator('.agent-session-line', { hasText: 'Running search documents: NVIDIA' }).waitFor();
    await screenshot(page, 'agent-view');
    await pane.getByRole('button', { name: /Stop/ }).click();
    const stop = await emu.waitFor(() =>
      deliveries('event_callback').find((d) => (d.payload.event as { type?: string }).type === 'agent_session_stopped'),
    );
    expect(stop.payload.event).toMatchObject({ channel: dm, thread_ts: question.ts, user: emu.defaultUserId });
    await pane.getByRole('button', { name: 'Close thread' }).click();
    expect(pageErrors).toEqual([]);
  });
});
