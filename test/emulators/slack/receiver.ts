import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  rawBody: string;
  signatureValid: boolean;
  /** Form fields, the parsed `payload=` interaction, or the JSON event. */
  body: Record<string, unknown>;
}

/**
 * How the stand-in answers one request. `hold` never answers (the connection stays open until the
 * receiver closes), so the emulator's ack deadline passes whatever the machine's speed.
 */
export type Reply = { status?: number; body?: string; headers?: Record<string, string>; hold?: boolean };

/** A tiny app stand-in: verifies Slack signatures independently and answers as the test says. */
export async function startReceiver(secret: string, reply: (r: ReceivedRequest) => Reply = () => ({})) {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const ts = String(req.headers['x-slack-request-timestamp'] ?? '');
      const expected = `v0=${createHmac('sha256', secret).update(`v0:${ts}:${rawBody}`).digest('hex')}`;
      const given = String(req.headers['x-slack-signature'] ?? '');
      const fresh = Math.abs(Date.now() / 1000 - Number(ts)) < 300;
      const signatureValid = fresh && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
      let body: Record<string, unknown>;
      if (String(req.headers['content-type']).startsWith('application/json')) body = JSON.parse(rawBody) as Record<string, unknown>;
      else {
        const form = Object.fromEntries(new URLSearchParams(rawBody).entries());
        body = form.payload !== undefined ? (JSON.parse(form.payload) as Record<string, unknown>) : form;
      }
      const request = { headers: req.headers, rawBody, signatureValid, body };
      received.push(request);
      const r = reply(request);
      const send = (): void => {
        if (res.destroyed) return;
        res.writeHead(r.status ?? 200, { 'Content-Type': r.body?.startsWith('{') ? 'application/json' : 'text/plain', ...r.headers });
        res.end(r.body ?? '');
      };
      if (!r.hold) send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/slack/events`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
