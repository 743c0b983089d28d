/**
 * A test's client of the playground JSON API (src/emulators/slack/PLAYGROUND-API.md), for tests
 * that run the real app as `npm start` does and drive it as the page would.
 */
import { expect } from 'vitest';

export interface PlaygroundClient {
  /** GET `route`, or POST `body` as JSON; fails the test on a non-2xx answer. */
  api<T>(route: string, body?: unknown): Promise<T>;
}

export function playgroundClient(url: () => string): PlaygroundClient {
  return {
    async api<T>(route: string, body?: unknown): Promise<T> {
      const res = await fetch(
        `${url()}${route}`,
        body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      );
      expect(res.ok, `${route} answered ${res.status}`).toBe(true);
      return (await res.json()) as T;
    },
  };
}

/**
 * Polls `fn` until it returns a value. The deadline only bounds a wait that never ends (a failing
 * test), it measures nothing.
 */
export async function waitUntil<T>(fn: () => Promise<T | undefined>, what: string, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await fn();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
