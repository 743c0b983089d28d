/**
 * Whether Slack could reach the app in HTTP mode: posts to the request URL what Slack posts when
 * the URL is saved, a signed `url_verification` challenge, and expects the challenge back. Bolt's
 * HTTPReceiver answers it only after checking the signature, so a pass also proves the running
 * app has the same signing secret. Nothing else happens in the app: the challenge is not an event.
 * @see https://docs.slack.dev/reference/events/url_verification
 * @see https://docs.slack.dev/authentication/verifying-requests-from-slack
 */
import { createHmac, randomUUID } from 'node:crypto';
import { request } from 'undici';

export type RequestUrlVerdict = { ok: true } | { ok: false; problem: string };

export interface VerifyRequestUrlOptions {
  url: string;
  signingSecret: string;
  /** Epoch milliseconds (the signature's timestamp must be within five minutes of the app's clock). */
  now: () => number;
  timeoutMs: number;
}

export async function verifyRequestUrl(o: VerifyRequestUrlOptions): Promise<RequestUrlVerdict> {
  const challenge = randomUUID();
  const body = JSON.stringify({ token: 'doctor', challenge, type: 'url_verification' });
  const timestamp = String(Math.floor(o.now() / 1000));
  const signature = `v0=${createHmac('sha256', o.signingSecret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
  let status: number;
  let text: string;
  try {
    const res = await request(o.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-slack-request-timestamp': timestamp,
        'x-slack-signature': signature,
        'user-agent': 'research-desk-doctor',
      },
      body,
      headersTimeout: o.timeoutMs,
      bodyTimeout: o.timeoutMs,
    });
    status = res.statusCode;
    text = await res.body.text();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return {
      ok: false,
      problem: `could not reach the request URL${typeof code === 'string' ? ` (${code})` : ''}: is the app running there?`,
    };
  }
  if (status === 401) {
    return { ok: false, problem: 'the app refused the signature (HTTP 401): SLACK_SIGNING_SECRET differs from the running app’s' };
  }
  if (status !== 200) return { ok: false, problem: `answered HTTP ${status} to Slack's URL check, not the challenge` };
  let answered: unknown;
  try {
    answered = (JSON.parse(text) as { challenge?: unknown }).challenge;
  } catch {
    answered = text.trim();
  }
  return answered === challenge
    ? { ok: true }
    : { ok: false, problem: "answered 200 without Slack's challenge: is this the app's /slack/events?" };
}
