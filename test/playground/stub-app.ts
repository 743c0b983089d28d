import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubRequest {
  /** Slash command fields, the parsed `payload=` of an interaction, or the JSON event envelope. */
  body: Record<string, unknown>;
}

export type StubReply = { status?: number; body?: string };

/**
 * A stand-in for the app, for testing the page against the emulator alone: it acks every delivery
 * (with `reply`'s answer) and then runs `after` without blocking the ack, as a Bolt listener would.
 */
export async function startStubApp(opts: { reply?: (r: StubRequest) => StubReply; after?: (r: StubRequest) => Promise<void> } = {}) {
  const received: StubRequest[] = [];
  const failures: unknown[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown>;
      if (String(req.headers['content-type']).startsWith('application/json')) body = JSON.parse(raw) as Record<string, unknown>;
      else {
        const form = Object.fromEntries(new URLSearchParams(raw).entries());
        body = form.payload !== undefined ? (JSON.parse(form.payload) as Record<string, unknown>) : form;
      }
      // Answer the Events API URL check like Bolt does.
      if (body.type === 'url_verification') {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ challenge: body.challenge }));
        return;
      }
      const request = { body };
      received.push(request);
      const r = opts.reply?.(request) ?? {};
      res.writeHead(r.status ?? 200, { 'Content-Type': r.body?.startsWith('{') ? 'application/json' : 'text/plain' });
      res.end(r.body ?? '');
      opts.after?.(request).catch((err: unknown) => failures.push(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/slack/events`,
    received,
    failures,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
