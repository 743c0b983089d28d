import type { SlackEmulator } from '../../../src/emulators/slack/index.js';

/** A Web API call over HTTP with a bearer token (none when undefined), answered as Slack's JSON. */
export async function callApi(
  emu: SlackEmulator,
  method: string,
  token: string | undefined,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${emu.apiUrl}${method}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token !== undefined ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(args),
  });
  return (await res.json()) as Record<string, unknown>;
}
