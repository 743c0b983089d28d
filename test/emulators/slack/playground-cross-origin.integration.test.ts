/**
 * Issue 12 §2.3: a web page on another origin must not drive the playground API (the playground
 * can run with a real service key). Over real HTTP, with the headers a browser would send.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator, type SlackEmulator } from '../../../src/emulators/slack/index.js';
import { startReceiver, type ReceivedRequest } from './receiver.js';

interface RawAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** node:http rather than fetch, so the test sets Host and Origin exactly as a browser would. */
function send(base: string, path: string, opts: { method?: string; headers?: Record<string, string>; body?: string }): Promise<RawAnswer> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: opts.method ?? 'GET', headers: opts.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body: raw === '' ? {} : (JSON.parse(raw) as Record<string, unknown>) });
      });
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

describe('playground API: cross-origin writes', () => {
  let emu: SlackEmulator;
  let app: Awaited<ReturnType<typeof startReceiver>>;
  const received: ReceivedRequest[] = [];
  const host = (): string => new URL(emu.url).host;
  const texts = (): string[] => emu.channelMessages(emu.defaultChannelId).map((m) => m.text);

  beforeAll(async () => {
    app = await startReceiver('emulator-signing-secret', (r) => {
      received.push(r);
      return {};
    });
    emu = await startSlackEmulator({ requestUrl: app.url, rateLimits: 'off' });
  });
  afterAll(async () => {
    await emu.close();
    await app.close();
  });

  it('refuses a text/plain POST from a foreign origin with 403, and nothing happens', async () => {
    const answer = await send(emu.url, '/api/commands', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      body: JSON.stringify({ command: '/research', text: 'folder create pwned' }),
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({
      ok: false,
      error: 'cross_origin_request',
      message: expect.stringContaining('https://evil.example'),
    });
    expect(received.filter((r) => r.body.command === '/research')).toEqual([]);
  });

  it('refuses a JSON POST from a foreign origin too', async () => {
    const answer = await send(emu.url, '/api/messages', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: JSON.stringify({ text: 'from another site' }),
    });
    expect(answer.status).toBe(403);
    expect(texts()).not.toContain('from another site');
  });

  it('refuses a same-origin write that is not JSON with 415, naming the content type to use', async () => {
    const answer = await send(emu.url, '/api/messages', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: `http://${host()}` },
      body: JSON.stringify({ text: 'plain text body' }),
    });
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({ ok: false, error: 'unsupported_media_type', message: expect.stringContaining('application/json') });
    expect(texts()).not.toContain('plain text body');
  });

  it('refuses requests addressed to another host name (DNS rebinding) with 403, reads too', async () => {
    const read = await send(emu.url, '/api/channels', { headers: { Host: `evil.example:${new URL(emu.url).port}` } });
    expect(read.status).toBe(403);
    expect(read.body).toMatchObject({ ok: false, error: 'forbidden_host' });
    const write = await send(emu.url, '/api/messages', {
      method: 'POST',
      headers: { Host: 'evil.example', Origin: 'http://evil.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'rebound' }),
    });
    expect(write.status).toBe(403);
    expect(texts()).not.toContain('rebound');
  });

  it('the page itself (same origin, JSON) and scripts without an Origin keep working', async () => {
    const fromPage = await send(emu.url, '/api/messages', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: `http://${host()}`, 'Sec-Fetch-Site': 'same-origin' },
      body: JSON.stringify({ text: 'from the page' }),
    });
    expect(fromPage.status).toBe(200);
    const fromLocalhost = await send(emu.url, '/api/messages', {
      method: 'POST',
      headers: {
        Host: `localhost:${new URL(emu.url).port}`,
        Origin: `http://localhost:${new URL(emu.url).port}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ text: 'via localhost' }),
    });
    expect(fromLocalhost.status).toBe(200);
    const fromScript = await send(emu.url, '/api/messages', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ text: 'from a script' }),
    });
    expect(fromScript.status).toBe(200);
    expect(texts()).toEqual(expect.arrayContaining(['from the page', 'via localhost', 'from a script']));
  });
});
