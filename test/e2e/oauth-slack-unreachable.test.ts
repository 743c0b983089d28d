/**
 * Slack unreachable while the OAuth redirect exchanges its code (issue 28, defect 11): the browser
 * gets a page at once ("Slack could not be reached"), bounded by the exchange's timer (injected:
 * the test fires it), and that page's link restarts the install, which then works. The app
 * reaches Slack's Web API through a TCP relay of the test's own, which forwards to the Slack
 * emulator or holds connections unanswered (a network that drops packets).
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Timer, Timers } from '../../src/agent/runtime/timers.js';
import { harborWorkspace } from '../../src/emulators/slack/index.js';
import { type ResearchDesk, startResearchDesk } from '../../src/research-desk.js';
import { type Harness, startHarness } from './harness.js';

/**
 * Forwards to `target` or, while `silent`, takes requests and never answers them: new connections
 * and kept-alive ones alike (a client reuses its pooled connections).
 */
async function startRelay(target: URL): Promise<{ url: string; silent: boolean; close(): Promise<void> }> {
  const held: Socket[] = [];
  const relay = { url: '', silent: false, close: async (): Promise<void> => undefined };
  const server: Server = createServer((socket) => {
    const upstream = createConnection({ host: target.hostname, port: Number(target.port) });
    held.push(socket, upstream);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
    socket.on('data', (chunk) => {
      if (!relay.silent) upstream.write(chunk);
    });
    socket.on('end', () => upstream.end());
    upstream.pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  relay.url = `http://127.0.0.1:${port}${target.pathname}`;
  relay.close = async () => {
    for (const socket of held) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return relay;
}

/** Timers the test fires itself; `armed()` resolves once the next timer is set. */
function manualTimers() {
  const pending: Array<{ ms: number; fire: () => void; cancelled: boolean }> = [];
  const waiters: Array<() => void> = [];
  const timers: Timers = {
    after(ms, callback): Timer {
      const entry = { ms, fire: () => void callback(), cancelled: false };
      pending.push(entry);
      for (const wake of waiters.splice(0)) wake();
      return {
        cancel: () => {
          entry.cancelled = true;
        },
      };
    },
    every(): Timer {
      throw new Error('the OAuth exchange sets no interval');
    },
  };
  const live = () => pending.filter((t) => !t.cancelled);
  return {
    timers,
    live,
    async nextArmed(): Promise<{ ms: number; fire: () => void }> {
      while (live().length === 0) await new Promise<void>((resolve) => waiters.push(resolve));
      return live()[0] as { ms: number; fire: () => void };
    },
  };
}

/** The browser's install up to Slack's redirect back to the app: the redirect URL and the state cookie. */
async function approveAt(h: Harness, appUrl: string, installPath = '/slack/install'): Promise<{ location: string; cookie: string }> {
  const start = await fetch(`${appUrl}${installPath}`);
  const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const authorizeUrl = /id="add-to-slack" href="([^"]+)"/.exec(await start.text())?.[1]?.replaceAll('&amp;', '&') ?? '';
  const location = await h.slack.approveInstall({ authorizeUrl, teamId: harborWorkspace.teamId });
  return { location, cookie };
}

const startAgainLink = (html: string): string => /id="start-again" href="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? '';

describe('the OAuth redirect while Slack is unreachable', () => {
  let h: Harness;
  let desk: ResearchDesk;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  const clock = manualTimers();
  const appUrl = () => `http://127.0.0.1:${desk.port}`;

  beforeAll(async () => {
    h = await startHarness({ oauth: {} });
    // The same app, reaching Slack's Web API through the relay, its exchange timer the test's.
    await h.desk.stop();
    const { connection } = h.deskOptions;
    if (!('oauth' in connection) || !connection.apiUrl) throw new Error('the harness runs with OAuth installs');
    relay = await startRelay(new URL(connection.apiUrl));
    desk = await startResearchDesk({
      ...h.deskOptions,
      connection: { ...connection, apiUrl: relay.url, oauth: { ...connection.oauth, exchange: { timers: clock.timers } } },
    });
    h.slack.setRequestUrl(`${appUrl()}/slack/events`);
  }, 30_000);
  afterAll(async () => {
    await desk?.stop();
    await relay?.close();
    await h?.close();
  });

  it('the connection is refused or reset: "Slack could not be reached" at once, with a link that restarts the install', async () => {
    const { location, cookie } = await approveAt(h, appUrl());
    h.slack.setWebApiUnreachable(true);
    const done = await fetch(location, { headers: { cookie } }).finally(() => h.slack.setWebApiUnreachable(false));
    const html = await done.text();
    expect(done.status).toBe(503);
    expect(html).toContain('Slack could not be reached');
    expect(html).toContain('Add to Slack');
    expect(html).not.toMatch(/at \w+ \(|Error:|e2e-client-secret/);
    expect(await h.store.get(`install:${harborWorkspace.teamId}`)).toBeNull();

    // The retry the page offers: a new install from the Add to Slack page, which works.
    const again = await approveAt(h, appUrl(), startAgainLink(html));
    const installed = await fetch(again.location, { headers: { cookie: again.cookie } });
    expect(installed.status).toBe(200);
    expect(await installed.text()).toContain('Research Desk is installed');
    expect(await h.store.get(`install:${harborWorkspace.teamId}`)).not.toBeNull();
  });

  it('Slack does not answer at all: the exchange ends when its timer fires, the page says so, and the retry works', async () => {
    await h.store.delete(`install:${harborWorkspace.teamId}`);
    const { location, cookie } = await approveAt(h, appUrl());
    relay.silent = true;
    const pending = fetch(location, { headers: { cookie } });
    const timer = await clock.nextArmed();
    expect(timer.ms).toBeLessThanOrEqual(10_000);
    timer.fire();
    const done = await pending;
    relay.silent = false;
    const html = await done.text();
    expect(done.status).toBe(503);
    expect(html).toContain('Slack could not be reached');

    const again = await approveAt(h, appUrl(), startAgainLink(html));
    const installed = await fetch(again.location, { headers: { cookie: again.cookie } });
    expect(installed.status).toBe(200);
    expect(await h.store.get(`install:${harborWorkspace.teamId}`)).not.toBeNull();
  });
});
