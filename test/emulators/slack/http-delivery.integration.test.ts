import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { startReceiver, type Reply, type ReceivedRequest } from './receiver.js';

const SECRET = 'test-signing-secret';

describe('delivery over HTTP', () => {
  let emu: SlackEmulator;
  let reply: (r: ReceivedRequest) => Reply = () => ({});
  let app: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    app = await startReceiver(SECRET, (r) => reply(r));
    emu = await startSlackEmulator({
      signingSecret: SECRET,
      requestUrl: app.url,
      // Slack's own deadline: a prompt answer always beats it; a late one is held, never answered.
      ackTimeoutMs: 3_000,
      eventRetryDelaysMs: [10, 10, 10],
      rateLimits: 'off',
    });
  });
  afterAll(async () => {
    await emu.close();
    await app.close();
  });

  it('signs a slash command with every documented field, form-encoded', async () => {
    reply = () => ({});
    const result = await emu.sendCommand({ command: '/research', text: 'help' });
    expect(result).toMatchObject({ ok: true, outcome: 'acked', status: 200 });
    // The ack's latency is a measured number, the same one the delivery record keeps (and the benchmark reads).
    expect(Number.isFinite(result.latencyMs)).toBe(true);
    const req = app.received[app.received.length - 1]!;
    expect(req.signatureValid).toBe(true);
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.keys(req.body).sort()).toEqual(
      [
        'api_app_id',
        'channel_id',
        'channel_name',
        'command',
        'is_enterprise_install',
        'response_url',
        'team_domain',
        'team_id',
        'text',
        'token',
        'trigger_id',
        'user_id',
        'user_name',
      ].sort(),
    );
    expect(req.body).toMatchObject({
      command: '/research',
      text: 'help',
      channel_id: emu.defaultChannelId,
      channel_name: 'research',
      user_id: emu.defaultUserId,
      is_enterprise_install: 'false',
    });
    expect(String(req.body.response_url)).toMatch(new RegExp(`^${emu.url}/response/`));
    expect(emu.deliveries[emu.deliveries.length - 1]).toMatchObject({
      id: result.deliveryId,
      kind: 'slash_command',
      transport: 'http',
      retryNum: 0,
      outcome: 'acked',
      latencyMs: result.latencyMs,
    });
  });

  it('shows a slash command ack body as an ephemeral reply', async () => {
    reply = () => ({ body: JSON.stringify({ text: 'Usage: /research <query>' }) });
    await emu.sendCommand({ command: '/research', text: '' });
    expect(
      emu.ephemeralFor(emu.defaultUserId, emu.defaultChannelId).some((e) => e.text === 'Usage: /research <query>' && e.source === 'ack'),
    ).toBe(true);
  });

  it('delivers events as signed JSON event_callbacks; message and app_mention for a mention', async () => {
    reply = () => ({});
    const { ts, deliveries } = await emu.postMessage({ text: 'hey @Research Desk what is up' });
    expect(deliveries.map((d) => d.ok)).toEqual([true, true]);
    const events = app.received.slice(-2).map((r) => r.body);
    const mention = events.find((e) => (e.event as Record<string, unknown>).type === 'app_mention')!;
    expect(mention).toMatchObject({ type: 'event_callback', team_id: emu.teamId, api_app_id: emu.appId });
    expect(typeof mention.event_id).toBe('string');
    expect(typeof mention.event_time).toBe('number');
    expect(mention.authorizations).toEqual([expect.objectContaining({ user_id: emu.botUserId, is_bot: true })]);
    expect(mention.event).toMatchObject({
      text: `hey <@${emu.botUserId}> what is up`,
      ts,
      channel: emu.defaultChannelId,
      user: emu.defaultUserId,
    });
    expect(events.find((e) => (e.event as Record<string, unknown>).type === 'message')!.event).toMatchObject({ channel_type: 'channel' });
    const dm = await emu.postMessage({ text: 'hello', channel_id: emu.defaultDmId });
    expect(dm.deliveries).toHaveLength(1);
    expect(app.received[app.received.length - 1]!.body.event).toMatchObject({
      type: 'message',
      channel_type: 'im',
      channel: emu.defaultDmId,
    });
  });

  it('delivers message events as Slack does: message.groups in private channels, none where the bot is not, bots and edits', async () => {
    reply = () => ({});
    const lastEvent = () => app.received[app.received.length - 1]!.body.event as Record<string, unknown>;
    const privateChannel = emu.addChannel({ name: 'deals', is_private: true });
    const inPrivate = await emu.postMessage({ text: 'hello', channel_id: privateChannel.id });
    expect(inPrivate.deliveries).toHaveLength(1);
    expect(lastEvent()).toMatchObject({ type: 'message', channel_type: 'group', channel: privateChannel.id });
    expect(lastEvent()).not.toHaveProperty('subtype');

    const notIn = emu.addChannel({ name: 'elsewhere', bot_is_member: false });
    expect((await emu.postMessage({ text: 'hello', channel_id: notIn.id })).deliveries).toEqual([]);

    const root = await emu.postMessage({ text: 'a thread' });
    const fromBot = await emu.postMessage({ text: 'beep', thread_ts: root.ts, bot_id: 'B0OTHER' });
    expect(lastEvent()).toMatchObject({ type: 'message', ts: fromBot.ts, thread_ts: root.ts, bot_id: 'B0OTHER', channel_type: 'channel' });
    expect(lastEvent()).not.toHaveProperty('subtype');

    const reply1 = await emu.postMessage({ text: 'first words', thread_ts: root.ts });
    const edited = await emu.editMessage({ channel_id: emu.defaultChannelId, ts: reply1.ts, text: 'second words' });
    expect(edited.delivery?.ok).toBe(true);
    expect(lastEvent()).toMatchObject({
      type: 'message',
      subtype: 'message_changed',
      hidden: true,
      channel: emu.defaultChannelId,
      channel_type: 'channel',
      ts: edited.eventTs,
      message: {
        type: 'message',
        ts: reply1.ts,
        text: 'second words',
        thread_ts: root.ts,
        edited: { user: emu.defaultUserId, ts: edited.eventTs },
      },
      previous_message: { ts: reply1.ts, text: 'first words' },
    });
    await expect(
      emu.editMessage({ channel_id: emu.defaultChannelId, ts: reply1.ts, text: 'x', user_id: emu.adminUserId }),
    ).rejects.toMatchObject({
      code: 'cant_update_message',
    });
  });

  it('redelivers a late-acked event with X-Slack-Retry-Num and X-Slack-Retry-Reason', async () => {
    let count = 0;
    reply = (r) => {
      if ((r.body.event as Record<string, unknown> | undefined)?.type !== 'app_home_opened') return {};
      count += 1;
      return count === 1 ? { hold: true } : count === 2 ? { status: 500 } : {};
    };
    const first = await emu.openHome();
    expect(first).toMatchObject({ ok: false, outcome: 'timeout' });
    const retries = await emu.waitFor(() => {
      const r = app.received.filter((x) => (x.body.event as Record<string, unknown> | undefined)?.type === 'app_home_opened');
      return r.length >= 3 ? r : undefined;
    });
    expect(retries.map((r) => [r.headers['x-slack-retry-num'], r.headers['x-slack-retry-reason']])).toEqual([
      [undefined, undefined],
      ['1', 'http_timeout'],
      ['2', 'http_error'],
    ]);
    expect(new Set(retries.map((r) => r.body.event_id)).size).toBe(1);
    expect(retries.every((r) => r.signatureValid)).toBe(true);
    const records = await emu.waitFor(() => {
      const recs = emu.deliveries.filter((d) => d.eventId === first.eventId);
      return recs.length === 3 && recs[2]!.outcome === 'acked' ? recs : undefined;
    });
    expect(records.map((d) => [d.retryNum, d.outcome])).toEqual([
      [0, 'timeout'],
      [1, 'http_error'],
      [2, 'acked'],
    ]);
  });

  it('stops after 3 retries, and at once on X-Slack-No-Retry', async () => {
    reply = (r) =>
      (r.body.event as Record<string, unknown> | undefined)?.type === 'custom_fail'
        ? { status: 503 }
        : (r.body.event as Record<string, unknown> | undefined)?.type === 'custom_noretry'
          ? { status: 500, headers: { 'X-Slack-No-Retry': '1' } }
          : {};
    const failing = await emu.sendEvent({ type: 'custom_fail' });
    const noRetry = await emu.sendEvent({ type: 'custom_noretry' });
    await emu.waitFor(() => emu.deliveries.filter((d) => d.eventId === failing.eventId).length === 4);
    // No redelivery of either event is scheduled or under way: none is still to come.
    expect(emu.pendingEventRetries()).toBe(0);
    expect(emu.deliveries.filter((d) => d.eventId === failing.eventId).map((d) => d.retryNum)).toEqual([0, 1, 2, 3]);
    expect(emu.deliveries.filter((d) => d.eventId === noRetry.eventId)).toHaveLength(1);
  });

  it('never retries interactions', async () => {
    reply = () => ({});
    const { ts } = await emu.postMessage({ text: 'x', channel_id: emu.secondChannelId });
    reply = () => ({});
    const res = await fetch(`${emu.apiUrl}chat.postMessage`, {
      method: 'POST',
      headers: { Authorization: 'Bearer xoxb-emulator-bot-token', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        channel: emu.secondChannelId,
        thread_ts: ts,
        text: 'pick',
        blocks: [
          {
            type: 'actions',
            block_id: 'b1',
            elements: [{ type: 'button', action_id: 'go', text: { type: 'plain_text', text: 'Go' }, value: 'v1' }],
          },
        ],
      }),
    });
    const posted = (await res.json()) as { ts: string };
    reply = () => ({ hold: true });
    const result = await emu.clickAction({ channel_id: emu.secondChannelId, message_ts: posted.ts, action_id: 'go' });
    expect(result.outcome).toBe('timeout');
    // Retries are scheduled when an attempt is recorded; none is pending, so none will follow.
    expect(emu.pendingEventRetries()).toBe(0);
    expect(emu.deliveries.filter((d) => d.id === result.deliveryId || (d.kind === 'block_actions' && d.retryNum > 0))).toHaveLength(1);
  });

  it('builds block_actions from the real button in the stored message', async () => {
    reply = () => ({});
    const res = await fetch(`${emu.apiUrl}chat.postMessage`, {
      method: 'POST',
      headers: { Authorization: 'Bearer xoxb-emulator-bot-token', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        channel: emu.defaultChannelId,
        text: 'card',
        blocks: [
          {
            type: 'section',
            block_id: 's1',
            text: { type: 'mrkdwn', text: 'Pick' },
            accessory: {
              type: 'overflow',
              action_id: 'more',
              options: [
                { text: { type: 'plain_text', text: 'One' }, value: 'one' },
                { text: { type: 'plain_text', text: 'Two' }, value: 'two' },
              ],
            },
          },
          {
            type: 'actions',
            block_id: 'a1',
            elements: [
              { type: 'button', action_id: 'refresh', text: { type: 'plain_text', text: 'Refresh' }, value: 'AAPL', style: 'primary' },
            ],
          },
        ],
      }),
    });
    const posted = (await res.json()) as { ts: string };
    const click = await emu.clickAction({ channel_id: emu.defaultChannelId, message_ts: posted.ts, action_id: 'refresh' });
    expect(click.ok).toBe(true);
    const payload = app.received[app.received.length - 1]!.body;
    expect(payload).toMatchObject({
      type: 'block_actions',
      container: { type: 'message', message_ts: posted.ts, channel_id: emu.defaultChannelId, is_ephemeral: false },
      channel: { id: emu.defaultChannelId, name: 'research' },
      team: { id: emu.teamId },
      user: { id: emu.defaultUserId },
      message: { ts: posted.ts, text: 'card' },
      actions: [{ type: 'button', action_id: 'refresh', block_id: 'a1', value: 'AAPL', text: { type: 'plain_text', text: 'Refresh' } }],
    });
    expect(typeof payload.trigger_id).toBe('string');
    expect(String(payload.response_url)).toContain('/response/');
    await emu.clickAction({ channel_id: emu.defaultChannelId, message_ts: posted.ts, action_id: 'more', value: 'two' });
    expect(app.received[app.received.length - 1]!.body.actions).toEqual([
      expect.objectContaining({
        type: 'overflow',
        action_id: 'more',
        selected_option: { text: { type: 'plain_text', text: 'Two' }, value: 'two' },
      }),
    ]);
    await expect(emu.clickAction({ channel_id: emu.defaultChannelId, message_ts: posted.ts, action_id: 'nope' })).rejects.toMatchObject({
      code: 'action_not_found',
    });
  });

  it('a feedback_buttons click sends the pressed button’s value and shows it pressed to the clicker only', async () => {
    reply = () => ({});
    // The emulator's default bot token, assembled so no token-shaped literal is committed.
    const auth = `Bearer ${['xoxb', 'emulator', 'bot', 'token'].join('-')}`;
    const feedback = {
      type: 'feedback_buttons',
      action_id: 'rate',
      positive_button: { text: { type: 'plain_text', text: '👍' }, value: 'up-7' },
      negative_button: { text: { type: 'plain_text', text: '👎' }, value: 'down-7' },
    };
    const res = await fetch(`${emu.apiUrl}chat.postMessage`, {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        channel: emu.defaultChannelId,
        text: 'answer',
        blocks: [{ type: 'context_actions', block_id: 'fb', elements: [feedback] }],
      }),
    });
    const posted = (await res.json()) as { ts: string };
    const where = { channel_id: emu.defaultChannelId, message_ts: posted.ts };
    expect(emu.feedbackSelection({ ...where, user_id: emu.defaultUserId })).toBeUndefined();

    await emu.clickAction({ ...where, action_id: 'rate', value: 'down-7' });
    expect(app.received[app.received.length - 1]!.body.actions).toEqual([
      expect.objectContaining({
        type: 'feedback_buttons',
        action_id: 'rate',
        block_id: 'fb',
        value: 'down-7',
        text: feedback.negative_button.text,
      }),
    ]);
    expect(emu.feedbackSelection({ ...where, user_id: emu.defaultUserId })).toBe('negative');
    expect(emu.feedbackSelection({ ...where, user_id: emu.adminUserId })).toBeUndefined();

    await emu.clickAction({ ...where, action_id: 'rate', value: 'up-7', user_id: emu.adminUserId });
    expect(app.received[app.received.length - 1]!.body.actions).toEqual([expect.objectContaining({ value: 'up-7' })]);
    expect(emu.feedbackSelection({ ...where, user_id: emu.adminUserId, action_id: 'rate' })).toBe('positive');
    expect(emu.feedbackSelection({ ...where, user_id: emu.defaultUserId })).toBe('negative');
    // Not part of the message as the Web API shows it: Slack never tells the app who pressed what.
    const history = await fetch(`${emu.apiUrl}conversations.history?channel=${emu.defaultChannelId}`, {
      headers: { Authorization: auth },
    });
    expect(JSON.stringify(await history.json())).not.toContain('"feedback"');
  });

  it('opens a modal with a fresh trigger_id, then submits it; the ack decides what happens', async () => {
    let trigger = '';
    reply = (r) => {
      if (r.body.command === '/research') trigger = String(r.body.trigger_id);
      return {};
    };
    await emu.sendCommand({ command: '/research', text: 'ask' });
    const open = async (t: string) =>
      (await (
        await fetch(`${emu.apiUrl}views.open`, {
          method: 'POST',
          headers: { Authorization: 'Bearer xoxb-emulator-bot-token', 'Content-Type': 'application/json' },
          body: JSON.stringify({
            trigger_id: t,
            view: {
              type: 'modal',
              callback_id: 'ask',
              title: { type: 'plain_text', text: 'Ask' },
              submit: { type: 'plain_text', text: 'Go' },
              private_metadata: 'pm',
              blocks: [
                {
                  type: 'input',
                  block_id: 'q',
                  label: { type: 'plain_text', text: 'Question' },
                  element: { type: 'plain_text_input', action_id: 'q_input' },
                },
              ],
            },
          }),
        })
      ).json()) as { ok: boolean; error?: string; view?: { id: string } };
    const opened = await open(trigger);
    expect(opened.ok).toBe(true);
    expect(await open(trigger)).toMatchObject({ ok: false, error: 'exchanged_trigger_id' });
    const viewId = opened.view!.id;

    reply = () => ({ body: JSON.stringify({ response_action: 'errors', errors: { q: 'Too short' } }) });
    const withErrors = await emu.submitView({ view_id: viewId, values: { q: { q_input: 'a' } } });
    expect(withErrors.viewAction).toBe('errors');
    const payload = app.received[app.received.length - 1]!.body;
    expect(payload).toMatchObject({
      type: 'view_submission',
      view: {
        id: viewId,
        callback_id: 'ask',
        private_metadata: 'pm',
        state: { values: { q: { q_input: { type: 'plain_text_input', value: 'a' } } } },
      },
    });
    expect(emu.openModals()[0]?.errors).toEqual({ q: 'Too short' });

    // Slack keys errors by the block_id of an input block and needs a message: anything else is refused.
    for (const errors of [{ nope: 'No such block' }, { q: '' }, {}, 'Too short']) {
      reply = () => ({ body: JSON.stringify({ response_action: 'errors', errors }) });
      const refused = await emu.submitView({ view_id: viewId, values: { q: { q_input: 'a' } } });
      expect(refused.viewAction).toBe('invalid:invalid_response_action');
      expect(emu.openModals()[0]?.errors).toEqual({ q: 'Too short' });
    }

    reply = () => ({});
    const closed = await emu.submitView({ view_id: viewId, values: { q: { q_input: 'a longer question' } } });
    expect(closed.viewAction).toBe('close');
    expect(emu.openModals()).toEqual([]);
  });

  it('delivers message_action shortcuts and link_shared', async () => {
    reply = () => ({});
    const { ts } = await emu.postMessage({ text: 'analyse this', channel_id: emu.secondChannelId });
    await emu.messageShortcut({ callback_id: 'summarise', channel_id: emu.secondChannelId, message_ts: ts });
    expect(app.received[app.received.length - 1]!.body).toMatchObject({
      type: 'message_action',
      callback_id: 'summarise',
      message_ts: ts,
      message: { ts, text: 'analyse this' },
      channel: { id: emu.secondChannelId, name: 'markets' },
    });
    await emu.shareLink({ url: 'https://research.example.com/doc/1' });
    expect(app.received[app.received.length - 1]!.body.event).toMatchObject({
      type: 'link_shared',
      links: [{ domain: 'research.example.com', url: 'https://research.example.com/doc/1' }],
    });
  });

  it('with a spent ack deadline (0) delivers every attempt whole and counts each answer late, however fast it came', async () => {
    const spent = await startSlackEmulator({
      signingSecret: SECRET,
      requestUrl: app.url,
      ackTimeoutMs: 0,
      eventRetryDelaysMs: [10, 10, 10],
      rateLimits: 'off',
    });
    try {
      reply = () => ({});
      const first = await spent.sendEvent({ type: 'custom_spent_deadline' });
      expect(first).toMatchObject({ ok: false, outcome: 'timeout' });
      const records = await spent.waitFor(() => {
        const recs = spent.deliveries.filter((d) => d.eventId === first.eventId);
        return recs.length === 4 ? recs : undefined;
      });
      expect(records.map((d) => [d.retryNum, d.outcome])).toEqual([
        [0, 'timeout'],
        [1, 'timeout'],
        [2, 'timeout'],
        [3, 'timeout'],
      ]);
      // The app read every attempt, signed, the retries named as Slack names a timeout's.
      const got = app.received.filter((r) => r.body.event_id === first.eventId);
      expect(got.map((r) => r.headers['x-slack-retry-reason'])).toEqual([undefined, 'http_timeout', 'http_timeout', 'http_timeout']);
      expect(got.every((r) => r.signatureValid)).toBe(true);
    } finally {
      await spent.close();
    }
  });

  it('records no_connection when no request URL is set', async () => {
    const lonely = await startSlackEmulator();
    try {
      expect(await lonely.sendCommand({ command: '/research' })).toMatchObject({ ok: false, outcome: 'no_connection' });
    } finally {
      await lonely.close();
    }
  });
});
