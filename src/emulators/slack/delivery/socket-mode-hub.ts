import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { randomHex } from '../ids.js';
import type { DeliveryOutcome } from './delivery-record.js';

export type EnvelopeType = 'slash_commands' | 'interactive' | 'events_api';

export interface SocketAttempt {
  outcome: DeliveryOutcome;
  envelopeId: string;
  /** The ack's payload, if any. */
  payload?: unknown;
  latencyMs: number;
}

interface Pending {
  resolve: (ack: { payload?: unknown } | undefined) => void;
}

const TICKET_LIFETIME_MS = 60_000;
const PING_INTERVAL_MS = 10_000;

/**
 * The Socket Mode endpoint: one-time tickets from apps.connections.open, `hello` on connect, envelopes
 * the app must ack with `{envelope_id, payload?}`, `disconnect` messages, and pings (the client drops
 * the connection if server pings stop once they have started).
 * @see https://docs.slack.dev/apis/events-api/using-socket-mode
 */
export class SocketModeHub {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly tickets = new Map<string, number>();
  private readonly connections: WebSocket[] = [];
  private readonly pending = new Map<string, Pending>();
  private readonly waiters = new Set<() => void>();
  private readonly pingTimer: NodeJS.Timeout;
  private nextConnection = 0;
  private closed = false;

  constructor(private readonly appId: string) {
    this.pingTimer = setInterval(() => {
      for (const ws of this.connections) ws.ping();
    }, PING_INTERVAL_MS);
    this.pingTimer.unref();
  }

  get connectionCount(): number {
    return this.connections.length;
  }

  issueUrl(wsBase: string): string {
    const ticket = randomHex(16);
    this.tickets.set(ticket, Date.now());
    return `${wsBase}/socket?ticket=${ticket}&app_id=${this.appId}`;
  }

  /** Takes over an HTTP upgrade on /socket; refuses unknown or used tickets. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const ticket = url.searchParams.get('ticket') ?? '';
    const issued = this.tickets.get(ticket);
    this.tickets.delete(ticket);
    if (issued === undefined || Date.now() - issued > TICKET_LIFETIME_MS) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.onConnection(ws));
  }

  private onConnection(ws: WebSocket): void {
    this.connections.push(ws);
    ws.on('message', (data) => this.onMessage(data.toString()));
    ws.on('close', () => this.drop(ws));
    ws.on('error', () => this.drop(ws));
    ws.send(
      JSON.stringify({
        type: 'hello',
        num_connections: this.connections.length,
        debug_info: { host: 'applink-emulator', build_number: 1, approximate_connection_time: 18060 },
        connection_info: { app_id: this.appId },
      }),
    );
    for (const wake of this.waiters) wake();
  }

  private drop(ws: WebSocket): void {
    const index = this.connections.indexOf(ws);
    if (index >= 0) this.connections.splice(index, 1);
  }

  private onMessage(text: string): void {
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof msg !== 'object' || msg === null) return;
    const { envelope_id: envelopeId, payload } = msg as { envelope_id?: unknown; payload?: unknown };
    if (typeof envelopeId !== 'string') return;
    const pending = this.pending.get(envelopeId);
    if (pending === undefined) return;
    this.pending.delete(envelopeId);
    pending.resolve(payload === undefined ? {} : { payload });
  }

  private async connection(timeoutMs: number): Promise<WebSocket | undefined> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && this.connections.length === 0 && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, deadline - Date.now());
        this.waiters.add(wake);
      });
    }
    if (this.connections.length === 0) return undefined;
    this.nextConnection = (this.nextConnection + 1) % this.connections.length;
    return this.connections[this.nextConnection];
  }

  /** Sends an envelope to one connection and waits for its ack (the wait for a connection counts too). */
  async deliver(
    type: EnvelopeType,
    payload: Record<string, unknown>,
    opts: { acceptsResponsePayload: boolean; retryAttempt: number; retryReason: string; ackTimeoutMs: number },
  ): Promise<SocketAttempt> {
    const envelopeId = `${randomHex(4)}-${randomHex(2)}-${randomHex(2)}-${randomHex(2)}-${randomHex(6)}`;
    const started = performance.now();
    const ws = await this.connection(opts.ackTimeoutMs);
    if (ws === undefined) return { outcome: 'no_connection', envelopeId, latencyMs: performance.now() - started };
    const remaining = Math.max(0, opts.ackTimeoutMs - (performance.now() - started));
    // A spent deadline makes the ack late whatever the machine's speed (a zero-ms timer could lose
    // the race to a quick ack, and a test of redelivery would then see none).
    const ack =
      remaining === 0
        ? Promise.resolve(undefined)
        : new Promise<{ payload?: unknown } | undefined>((resolve) => {
            const timer = setTimeout(() => {
              this.pending.delete(envelopeId);
              resolve(undefined);
            }, remaining);
            this.pending.set(envelopeId, {
              resolve: (a) => {
                clearTimeout(timer);
                resolve(a);
              },
            });
          });
    ws.send(
      JSON.stringify({
        envelope_id: envelopeId,
        type,
        payload,
        accepts_response_payload: opts.acceptsResponsePayload,
        retry_attempt: opts.retryAttempt,
        retry_reason: opts.retryReason,
      }),
    );
    const result = await ack;
    const latencyMs = performance.now() - started;
    if (result === undefined) return { outcome: 'timeout', envelopeId, latencyMs };
    return { outcome: 'acked', envelopeId, latencyMs, ...(result.payload !== undefined ? { payload: result.payload } : {}) };
  }

  /** Asks every connected client to reconnect, as Slack does when it recycles a server. */
  refresh(): void {
    const message = JSON.stringify({ type: 'disconnect', reason: 'refresh_requested', debug_info: { host: 'applink-emulator' } });
    for (const ws of this.connections) ws.send(message);
  }

  close(): void {
    this.closed = true;
    clearInterval(this.pingTimer);
    for (const ws of [...this.connections]) ws.terminate();
    this.connections.length = 0;
    for (const p of this.pending.values()) p.resolve(undefined);
    this.pending.clear();
    for (const wake of this.waiters) wake();
    this.wss.close();
  }
}
