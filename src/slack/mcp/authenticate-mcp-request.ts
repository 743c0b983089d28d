/**
 * Decides who an HTTP request to /mcp comes from, before the MCP server sees it. Two proofs are
 * accepted, nothing else:
 * - `Authorization: Bearer rdmcp_…`: a token a workspace admin created on App Home (stored hashed);
 * - Slack's request signature (X-Slack-Signature over the raw body with the app's signing secret,
 *   at most five minutes old), as the Slackbot MCP client sends with Slack identity auth. Each
 *   tools/call must then carry `params._meta.slack.team_id`, and a signed tools/call is accepted
 *   once (a replay inside the five minutes could start a second agent run).
 * Headers such as a team id that nobody signed are never read: they could come from anyone.
 * Anything else is refused with 401 and a `WWW-Authenticate: Bearer` challenge (RFC 6750).
 * @see https://docs.slack.dev/ai/slackbot-mcp-client
 * @see https://docs.slack.dev/authentication/verifying-requests-from-slack
 * @see https://www.rfc-editor.org/rfc/rfc6750#section-3
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { McpTokens } from '../../store/mcp-tokens.js';
import { MAX_FUTURE_SKEW_MS, type SignatureCheck, slackSignatureCheck } from '../kit/slack-signature.js';
import { type McpCaller, slackIdentitySchema } from './mcp-caller.js';

export const MCP_REALM = 'Research Desk MCP';

export interface McpAuthOptions {
  tokens: Pick<McpTokens, 'authenticate'>;
  /**
   * HTTP mode: Slack-signed requests (Slack identity auth) are accepted, checked as the guard of
   * /slack/events checks them (prepare it once with `mcpSignatureCheck`). Socket Mode has none: tokens only.
   */
  signature?: SignatureCheck | undefined;
  /** Claims a signed request's digest once across replicas (the signed-request dedupe of slash commands). */
  claims: { claim(digest: string, signedAtSeconds: number): Promise<boolean> };
  clock: () => number;
}

export type McpAuthentication =
  | { ok: true; caller: McpCaller /** Set when the replay check could not run (the store failed). */; unscreened?: unknown }
  | { ok: false; challenge: string; message: string /** For the log: why, never a secret. */; reason: string };

const NO_CREDENTIALS =
  'Research Desk’s MCP server needs a token: a workspace admin creates one on the app’s Home tab (MCP clients → Create token), then the client sends it as “Authorization: Bearer <token>”.';

export async function authenticateMcpRequest(
  headers: IncomingHttpHeaders,
  rawBody: string,
  body: unknown,
  options: McpAuthOptions,
): Promise<McpAuthentication> {
  const authorization = headers.authorization;
  if (typeof authorization === 'string' && authorization.trim() !== '') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match?.[1])
      return refuse('invalid_request', 'The Authorization header must be “Bearer <token>”.', 'authorization is not a bearer token');
    const record = await options.tokens.authenticate(match[1]);
    if (!record)
      return refuse(
        'invalid_token',
        'This token is not valid: it was revoked, or it was never created. A workspace admin can create a new one on Research Desk’s Home tab.',
        'unknown or revoked token',
      );
    const workspace = {
      teamId: record.teamId,
      ...(record.enterpriseId ? { enterpriseId: record.enterpriseId } : {}),
      ...(record.isEnterpriseInstall ? { isEnterpriseInstall: true } : {}),
    };
    return { ok: true, caller: { kind: 'token', workspace, tokenId: record.tokenId } };
  }
  if (typeof headers['x-slack-signature'] === 'string') return authenticateSlack(headers, rawBody, body, options);
  return { ok: false, challenge: `Bearer realm="${MCP_REALM}"`, message: NO_CREDENTIALS, reason: 'no credentials' };
}

async function authenticateSlack(
  headers: IncomingHttpHeaders,
  rawBody: string,
  body: unknown,
  options: McpAuthOptions,
): Promise<McpAuthentication> {
  const signature = headers['x-slack-signature'] as string;
  if (!options.signature)
    return refuse(
      'invalid_request',
      'Slack identity needs the app in HTTP mode (it has no signing secret in Socket Mode): use a token.',
      'signed request in Socket Mode',
    );
  const timestamp = Number(headers['x-slack-request-timestamp']);
  const nowMs = options.clock();
  try {
    options.signature({ signature, timestamp, body: rawBody, nowMs });
  } catch {
    // What failed (stale, malformed, mismatch) is the client's to fix with a fresh signature; nothing to log beyond the refusal.
    return refuse('invalid_token', 'The Slack request signature could not be verified.', 'Slack signature not verified');
  }
  if (timestamp * 1000 - nowMs > MAX_FUTURE_SKEW_MS)
    return refuse('invalid_token', 'The Slack request signature could not be verified.', 'Slack timestamp in the future');
  const calls = toolCallsOf(body);
  if (calls.some((call) => !slackIdentitySchema.safeParse(call._meta?.slack).success))
    return refuse(
      'invalid_request',
      'A tool call from Slack must name its user’s workspace (params._meta.slack.team_id).',
      'signed tools/call without a Slack team',
    );
  if (calls.length === 0) return { ok: true, caller: { kind: 'slack' } };
  const digest = createHash('sha256').update(`${signature}\n${timestamp}\n${rawBody}`).digest('hex');
  try {
    if (!(await options.claims.claim(digest, timestamp)))
      return refuse('invalid_token', 'This signed request was already received.', 'replayed Slack request');
  } catch (error) {
    // Without the store a replay cannot be told apart; answering beats refusing Slack's real call.
    return { ok: true, caller: { kind: 'slack' }, unscreened: error };
  }
  return { ok: true, caller: { kind: 'slack' } };
}

/** The params of every tools/call in the body (one message, or a batch). */
function toolCallsOf(body: unknown): Array<{ _meta?: { slack?: unknown } }> {
  const messages = Array.isArray(body) ? body : [body];
  return messages.flatMap((m) => {
    if (typeof m !== 'object' || m === null || (m as { method?: unknown }).method !== 'tools/call') return [];
    const params = (m as { params?: unknown }).params;
    return [typeof params === 'object' && params !== null ? (params as { _meta?: { slack?: unknown } }) : {}];
  });
}

function refuse(error: 'invalid_request' | 'invalid_token', message: string, reason: string): McpAuthentication {
  // RFC 6750 §3: quoted-string values; ours hold no '"' or '\'.
  const description = message.replace(/["\\]/g, "'").replace(/[^\x20-\x7E]/g, "'");
  return { ok: false, challenge: `Bearer realm="${MCP_REALM}", error="${error}", error_description="${description}"`, message, reason };
}

/** The signature check of McpAuthOptions, from HTTP mode's signing secret (none in Socket Mode). */
export function mcpSignatureCheck(signingSecret: string | undefined): SignatureCheck | undefined {
  return signingSecret ? slackSignatureCheck(signingSecret) : undefined;
}
