import type { Readable } from 'node:stream';

/**
 * Closes a response body we no longer read. Undici's body emits an abort error when destroyed
 * unread; with nobody listening that would become an uncaught exception.
 */
export function discardBody(body: Readable | undefined): void {
  if (!body || body.destroyed) return;
  body.on('error', () => undefined);
  body.destroy();
}
