import type { EmulatorConfig } from '../config.js';
import { SlackApiError } from '../errors.js';
import type { RateLimiter } from '../rate-limits.js';
import type { EmulatorState } from '../state.js';
import type { ApiCall } from '../types.js';
import { ApiArgs } from './api-args.js';
import type { ApiMethod } from './api-context.js';
import { agentViewMethods } from './agent-view.js';
import { chatMethods } from './chat.js';
import { conversationMethods } from './conversations.js';
import { fileMethods } from './files.js';
import { parseApiBody } from './parse-api-body.js';
import { permalinkMethods } from './permalinks.js';
import { reactionMethods } from './reactions.js';
import { streamMethods } from './streams.js';
import { unfurlMethods } from './unfurl.js';
import { miscMethods } from './users-auth-apps.js';
import { viewMethods } from './views.js';

export const webApiMethods: Record<string, ApiMethod> = {
  ...chatMethods,
  ...permalinkMethods,
  ...streamMethods,
  ...viewMethods,
  ...fileMethods,
  ...unfurlMethods,
  ...reactionMethods,
  ...conversationMethods,
  ...miscMethods,
  ...agentViewMethods,
};

export interface WebApiRequest {
  method: string;
  contentType: string | undefined;
  authorization: string | undefined;
  rawBody: string;
  query: URLSearchParams;
}

export interface WebApiResponse {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

export interface WebApiDeps {
  state: EmulatorState;
  config: EmulatorConfig;
  limiter: RateLimiter | undefined;
  baseUrl: () => string;
  openSocketUrl: () => string;
}

/** The scopes a recognised token holds; none for a missing or unknown token. */
function grantedScopes(config: EmulatorConfig, kind: ApiCall['token']): readonly string[] | undefined {
  if (kind === 'bot') return config.botScopes;
  if (kind === 'app') return config.appScopes;
  return undefined;
}

function tokenKind(config: EmulatorConfig, token: string | undefined): ApiCall['token'] {
  if (token === undefined || token === '') return 'none';
  if (token === config.botToken) return 'bot';
  if (token === config.appToken) return 'app';
  return 'invalid';
}

/** One Web API call: parse, authenticate, rate-limit, run the handler, record the call. */
export function handleWebApiCall(req: WebApiRequest, deps: WebApiDeps): WebApiResponse {
  const { state, config } = deps;
  const now = config.clock();
  const parsed = parseApiBody(req.contentType, req.rawBody, req.query);
  const args = parsed.ok ? parsed.args : {};
  const bearer = req.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  const bodyToken = typeof args.token === 'string' ? args.token : undefined;
  delete args.token;
  const kind = tokenKind(config, bearer ?? bodyToken);
  const scopes = grantedScopes(config, kind);
  const record = (status: number, body: Record<string, unknown>, extraHeaders: Record<string, string> = {}): WebApiResponse => {
    // Slack names the token's scopes in an `x-oauth-scopes` header on answers to a recognised
    // token; the SDK reads it into response_metadata.scopes.
    // @see https://docs.slack.dev/tools/node-slack-sdk/reference/web-api/interfaces/WebAPICallResult
    const headers = scopes === undefined ? extraHeaders : { 'x-oauth-scopes': scopes.join(','), ...extraHeaders };
    const call: ApiCall = { method: req.method, args, ok: body.ok === true, status, at: now, token: kind };
    if (typeof body.error === 'string') call.error = body.error;
    state.calls.push(call);
    state.changed({ kind: 'api_call' });
    return { status, headers, body };
  };

  const method = webApiMethods[req.method];
  if (method === undefined) return record(200, { ok: false, error: 'unknown_method', req_method: req.method });
  if (!parsed.ok) return record(200, { ok: false, error: parsed.error });
  if (kind === 'none') return record(200, { ok: false, error: 'not_authed' });
  if (kind === 'invalid') return record(200, { ok: false, error: 'invalid_auth' });
  if (method.token !== 'any' && method.token !== kind) return record(200, { ok: false, error: 'not_allowed_token_type' });
  if (method.scope !== undefined && !scopes?.includes(method.scope)) {
    return record(200, { ok: false, error: 'missing_scope', needed: method.scope, provided: (scopes ?? []).join(',') });
  }

  if (deps.limiter !== undefined) {
    const channel = typeof args.channel === 'string' ? args.channel : typeof args.channel_id === 'string' ? args.channel_id : undefined;
    const decision = deps.limiter.take(state.seed.teamId, req.method, channel);
    if (!decision.allowed) {
      return record(429, { ok: false, error: 'ratelimited' }, { 'Retry-After': String(decision.retryAfterSeconds) });
    }
  }

  try {
    const body = method.handler({
      state,
      config,
      args: new ApiArgs(args),
      now,
      baseUrl: deps.baseUrl(),
      tokenKind: kind === 'app' ? 'app' : 'bot',
      openSocketUrl: deps.openSocketUrl,
    });
    return record(200, body);
  } catch (err) {
    if (err instanceof SlackApiError) return record(err.status, err.toBody());
    const message = err instanceof Error ? err.message : String(err);
    return record(200, { ok: false, error: 'internal_error', detail: message });
  }
}
