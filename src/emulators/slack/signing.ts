import { createHmac } from 'node:crypto';

/**
 * Slack's v0 request signature: HMAC-SHA256 of `v0:{timestamp}:{raw body}` keyed by the signing secret.
 * @see https://docs.slack.dev/authentication/verifying-requests-from-slack
 */
export function signSlackRequest(secret: string, timestamp: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex');
  return `v0=${digest}`;
}
