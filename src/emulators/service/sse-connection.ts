/**
 * One server-sent-event response: `data: {json}` lines with a blank line after each, `:
 * heartbeat` comments while idle (unless heartbeatMs is 0), and the per-connection stream faults.
 */
import type { ServerResponse } from 'node:http';
import { eventWithCredentialsEcho } from './credentials-echo.js';
import type { ServiceFaults } from './faults.js';

const isEvent = (value: unknown): value is { event_type: string; error?: Record<string, unknown> } =>
  typeof value === 'object' && value !== null && typeof (value as { event_type?: unknown }).event_type === 'string';

export interface SseOptions {
  faults: ServiceFaults;
  /** 0 = no heartbeat comments (the real stream sends data lines only). */
  heartbeatMs: number;
  headers?: Record<string, string>;
  /** The reflectCredentials fault: added to every `error` event's message (credentials-echo.ts). */
  errorEcho?: string;
}

export class SseConnection {
  private eventsOffered = 0;
  private eventsSent = 0;
  /** An event the reorder fault holds back until the next one has gone out. */
  private heldBack: unknown;
  private dataLines = 0;
  private heartbeat: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly closeListeners = new Set<() => void>();

  constructor(
    private readonly res: ServerResponse,
    private readonly opts: SseOptions,
  ) {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
      ...opts.headers,
    });
    res.flushHeaders();
    if (opts.heartbeatMs > 0) this.heartbeat = setInterval(() => this.write(': heartbeat\n\n'), opts.heartbeatMs);
    res.on('close', () => this.markClosed());
  }

  get isClosed(): boolean {
    return this.closed;
  }

  onClose(listener: () => void): void {
    if (this.closed) listener();
    else this.closeListeners.add(listener);
  }

  /** Sends one event, applying the skip/reorder faults of this connection, then the ones of `transmit`. */
  send(event: unknown): void {
    if (this.closed) return;
    const f = this.opts.faults;
    this.eventsOffered += 1;
    if (f.skipLiveEventEvery > 0 && this.eventsOffered % f.skipLiveEventEvery === 0) return;
    if (f.reorderEventEvery > 0 && this.heldBack === undefined && this.eventsOffered % f.reorderEventEvery === 0) {
      this.heldBack = event;
      return;
    }
    this.transmit(event);
    this.releaseHeldBack();
  }

  private releaseHeldBack(): void {
    const held = this.heldBack;
    this.heldBack = undefined;
    if (held !== undefined) this.transmit(held);
  }

  /** Writes one event, applying the malformed/duplicate/drop faults of this connection. */
  private transmit(event: unknown): void {
    if (this.closed) return;
    const f = this.opts.faults;
    const echo = this.opts.errorEcho;
    const sent = echo !== undefined && isEvent(event) ? eventWithCredentialsEcho(event, echo) : event;
    const line = `data: ${JSON.stringify(sent)}\n\n`;
    this.dataLine(line);
    if (f.duplicateEventEvery > 0 && (this.eventsSent + 1) % f.duplicateEventEvery === 0) this.dataLine(line);
    this.eventsSent += 1;
    if (f.dropStreamAfterEvents > 0 && this.eventsSent >= f.dropStreamAfterEvents) this.drop();
  }

  private dataLine(line: string): void {
    this.dataLines += 1;
    const every = this.opts.faults.malformedEventEvery;
    if (every > 0 && this.dataLines % every === 0) {
      // An extra broken line: a client must skip it without losing the real event after it.
      this.write('data: {"event_id": "evt_malformed", "event_type": "streaming", "content": \n\n');
    }
    this.write(line);
  }

  private write(text: string): void {
    if (!this.closed) this.res.write(text);
  }

  /** Ends the stream cleanly (an event held back by the reorder fault goes out first). */
  end(): void {
    if (this.closed) return;
    this.releaseHeldBack();
    if (this.closed) return;
    this.res.end();
    this.markClosed();
  }

  /**
   * Closes the socket without ending the chunked body: what a dropped connection looks like.
   * Data already written is flushed first, so exactly N events arrive before the cut.
   */
  drop(): void {
    if (this.closed) return;
    this.markClosed();
    const socket = this.res.socket;
    if (socket) socket.end();
    else this.res.destroy();
  }

  private markClosed(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const l of this.closeListeners) l();
    this.closeListeners.clear();
  }
}
