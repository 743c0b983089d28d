/**
 * What Bolt's HTTPReceiver does not check on a request to /slack/events, checked before it sees
 * the request: a timestamp too far in the future (Bolt refuses only stale ones), a signed body
 * that is not a JSON object (`null` makes Bolt throw without answering), and a slash command or
 * interaction whose signed bytes were seen already (a replay inside the five-minute window).
 * @see https://docs.slack.dev/authentication/verifying-requests-from-slack
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { type BufferedIncomingMessage, HTTPModuleFunctions } from '@slack/bolt';
import { MAX_FUTURE_SKEW_MS, type SignatureCheck } from '../kit/slack-signature.js';

export { MAX_FUTURE_SKEW_MS };

const FORM = 'application/x-www-form-urlencoded';

export interface SignedRequestClaims {
  /** True for the first claim of a signed request's digest, false for a replay (shared by replicas). */
  claim(digest: string, signedAtSeconds: number): Promise<boolean>;
}

export interface ScreenOptions {
  /** The signature check, prepared once from the signing secret (slack-signature.ts). */
  signature: SignatureCheck;
  claims: SignedRequestClaims;
  clock: () => number;
  maxFutureSkewMs?: number;
  bodyLimit?: number;
}

/** What to do with a request: hand it to Bolt, answer it here, or acknowledge a replay and drop it. */
export type Screening =
  | { verdict: 'pass' }
  /** Slack's unsigned SSL check: answered 200 here, its body (anything else it carries) never read further. */
  | { verdict: 'ssl_check' }
  | { verdict: 'refuse'; status: 400 | 401 | 413; reason: string; fields?: Record<string, unknown> }
  | { verdict: 'replay'; kind: 'slash command' | 'interaction' }
  | { verdict: 'unscreened'; kind: 'slash command' | 'interaction'; error: unknown };

/**
 * Buffers the request (Bolt reuses the buffered body), verifies it by Bolt's rules
 * (slack-signature.ts) and the checks above. This is the only verification: the app's
 * HTTPReceiver runs with `signatureVerification: false`.
 */
export async function screenSignedRequest(req: IncomingMessage, options: ScreenOptions): Promise<Screening> {
  let buffered: BufferedIncomingMessage;
  try {
    buffered = await HTTPModuleFunctions.bufferIncomingMessage(req, options.bodyLimit ?? HTTPModuleFunctions.defaultBodyLimit);
  } catch (error) {
    // raw-body's only 413 is its `entity.too.large`.
    if (HTTPModuleFunctions.isRawBodyError(error) && error.statusCode === 413)
      return { verdict: 'refuse', status: 413, reason: 'Slack request body exceeds the size limit' };
    return { verdict: 'refuse', status: 400, reason: 'Slack request body could not be read', fields: { error } };
  }
  const body = buffered.rawBody.toString();
  // A form is parsed once: its fields answer the SSL check here and give the payload below.
  const form = req.headers['content-type'] === FORM ? parseQuery(body) : undefined;
  // Slack's unsigned SSL check: answered here, as Bolt would answer it; nothing it carries goes on.
  if (form?.ssl_check === '1') return { verdict: 'ssl_check' };

  const signature = req.headers['x-slack-signature'];
  const timestampHeader = req.headers['x-slack-request-timestamp'];
  if (typeof signature !== 'string' || typeof timestampHeader !== 'string')
    return { verdict: 'refuse', status: 401, reason: 'Slack request is not signed' };
  const timestamp = Number(timestampHeader);
  const nowMs = options.clock();
  try {
    options.signature({ signature, timestamp, body, nowMs });
  } catch (error) {
    return { verdict: 'refuse', status: 401, reason: 'Slack request signature not verified', fields: { error } };
  }
  const aheadMs = timestamp * 1000 - nowMs;
  if (aheadMs > (options.maxFutureSkewMs ?? MAX_FUTURE_SKEW_MS))
    return {
      verdict: 'refuse',
      status: 401,
      reason: 'Slack request timestamp is in the future',
      fields: { aheadSeconds: Math.round(aheadMs / 1000) },
    };

  let parsed: unknown;
  try {
    // What Bolt's HTTPModuleFunctions.parseHTTPRequestBody reads: a form's `payload` field as JSON
    // when it has one, else the form itself; any other body as JSON.
    parsed = form ? (typeof form.payload === 'string' ? JSON.parse(form.payload) : form) : JSON.parse(body);
  } catch {
    return { verdict: 'refuse', status: 400, reason: 'signed Slack request body is not valid JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return {
      verdict: 'refuse',
      status: 400,
      reason: 'signed Slack request body is not a JSON object',
      fields: { found: parsed === null ? 'null' : Array.isArray(parsed) ? 'array' : typeof parsed },
    };

  // Events (JSON) are deduped by event id after Bolt; slash commands and interactions are forms.
  if (!form) return { verdict: 'pass' };
  const kind = typeof (parsed as { command?: unknown }).command === 'string' ? 'slash command' : 'interaction';
  const digest = createHash('sha256').update(`${signature}\n${timestamp}\n${body}`).digest('hex');
  try {
    return (await options.claims.claim(digest, timestamp)) ? { verdict: 'pass' } : { verdict: 'replay', kind };
  } catch (error) {
    return { verdict: 'unscreened', kind, error };
  }
}
