import { SocketModeClient } from '@slack/socket-mode';
import { LogLevel } from '@slack/logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';

const quietLogger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  setLevel: () => {},
  getLevel: () => LogLevel.ERROR,
  setName: () => {},
};

describe('Socket Mode with the real @slack/socket-mode client', () => {
  let emu: SlackEmulator;
  let client: SocketModeClient;
  const seen: Array<{ type: string; body: Record<string, unknown>; retry_num?: number; retry_reason?: string }> = [];
  let ackMode: 'ack' | 'ack-with-payload' | 'ignore-first-event' = 'ack';
  let eventsSeen = 0;

  beforeAll(async () => {
    // Slack's own ack deadline: a prompt ack always beats it; the unacked event simply waits it out.
    emu = await startSlackEmulator({ deliveryMode: 'socket', ackTimeoutMs: 3_000, eventRetryDelaysMs: [10, 10, 10] });
    // clientPingTimeout also sets the reconnect delay; 1 s keeps the refresh test short.
    client = new SocketModeClient({
      appToken: 'xapp-emulator-app-token',
      logger: quietLogger,
      clientPingTimeout: 1000,
      clientOptions: { slackApiUrl: emu.apiUrl },
    });
    client.on(
      'slack_event',
      async (e: {
        ack: (p?: unknown) => Promise<void>;
        type: string;
        body: Record<string, unknown>;
        retry_num?: number;
        retry_reason?: string;
      }) => {
        seen.push({
          type: e.type,
          body: e.body,
          ...(e.retry_num !== undefined ? { retry_num: e.retry_num } : {}),
          ...(e.retry_reason ? { retry_reason: e.retry_reason } : {}),
        });
        if (e.type === 'events_api' && ackMode === 'ignore-first-event' && eventsSeen++ === 0) return;
        if (ackMode === 'ack-with-payload' && e.type === 'slash_commands') await e.ack({ text: 'Working on it' });
        else await e.ack();
      },
    );
    await client.start();
  });
  afterAll(async () => {
    await client.disconnect();
    await emu.close();
  });

  it('hands out a ws:// URL for the app token only, then greets with hello', async () => {
    const call = emu.calls.find((c) => c.method === 'apps.connections.open');
    expect(call).toMatchObject({ ok: true, token: 'app' });
    expect(emu.socketConnectionCount()).toBe(1);
    const wrong = await fetch(`${emu.apiUrl}apps.connections.open`, {
      method: 'POST',
      headers: { Authorization: 'Bearer xoxb-emulator-bot-token' },
    });
    expect(await wrong.json()).toMatchObject({ ok: false, error: 'not_allowed_token_type' });
  });

  it('delivers a slash command envelope and takes the ack payload as the reply', async () => {
    ackMode = 'ack-with-payload';
    const result = await emu.sendCommand({ command: '/research', text: 'help' });
    expect(result).toMatchObject({ ok: true, outcome: 'acked', status: 200 });
    const got = seen.find((s) => s.type === 'slash_commands');
    expect(got?.body).toMatchObject({ command: '/research', text: 'help', channel_id: emu.defaultChannelId });
    expect(emu.deliveries[emu.deliveries.length - 1]).toMatchObject({ transport: 'socket', kind: 'slash_command', outcome: 'acked' });
    expect(emu.ephemeralFor(emu.defaultUserId).some((e) => e.text === 'Working on it')).toBe(true);
    ackMode = 'ack';
  });

  it('retries an unacked event envelope with retry_attempt and retry_reason', async () => {
    ackMode = 'ignore-first-event';
    const first = await emu.sendEvent({ type: 'app_home_opened', user: emu.defaultUserId, tab: 'home' });
    expect(first.outcome).toBe('timeout');
    const records = await emu.waitFor(() => {
      const r = emu.deliveries.filter((d) => d.eventId === first.eventId);
      return r.some((d) => d.outcome === 'acked') ? r : undefined;
    });
    expect(records.map((d) => [d.retryNum, d.outcome])).toEqual([
      [0, 'timeout'],
      [1, 'acked'],
    ]);
    const retried = seen.filter((s) => s.type === 'events_api' && s.body.event_id === first.eventId);
    expect(retried.map((s) => s.retry_num)).toEqual([0, 1]);
    expect(retried[1]?.retry_reason).toBe('timeout');
    ackMode = 'ack';
  });

  it('reconnects after a refresh_requested disconnect and keeps delivering', async () => {
    const opensBefore = emu.calls.filter((c) => c.method === 'apps.connections.open').length;
    emu.refreshSocketConnections();
    await emu.waitFor(
      () => emu.calls.filter((c) => c.method === 'apps.connections.open').length > opensBefore && emu.socketConnectionCount() === 1,
      15_000,
    );
    const result = await emu.sendCommand({ command: '/research', text: 'again' });
    expect(result.ok).toBe(true);
  }, 20_000);
});
