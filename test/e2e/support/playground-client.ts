/**
 * A test's client of the playground JSON API (src/emulators/slack/PLAYGROUND-API.md), for tests
 * that run the real app as `npm start` does and drive it as the page would.
 */
import { expect } from 'vitest';
import { pollUntil } from '../../support/poll-until.js';

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

/** Polls `fn` until it returns a value (see pollUntil: the deadline bounds a wait, it measures nothing). */
export function waitUntil<T>(fn: () => Promise<T | undefined>, what: string, ms = 20_000): Promise<T> {
  return pollUntil(fn, { what, timeoutMs: ms, intervalMs: 100 });
}
