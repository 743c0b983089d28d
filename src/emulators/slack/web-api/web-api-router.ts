import type { EmulatorConfig } from '../config.js';
import { SlackApiError } from '../errors.js';
import type { RateLimiter } from '../rate-limits.js';
import type { EmulatorState } from '../state.js';
import type { StoredMessage } from '../stored-message.js';
import { type Installation, InstallationRegistry, tokenFingerprint } from '../installations.js';
import type { ApiCall } from '../api-call.js';
import { workspaceSeed } from '../workspace-seed.js';
import { connectHostOf, teamOfUser, teamsOfChannel } from '../workspaces.js';
import { ApiArgs } from './api-args.js';
import type { ApiAuth, ApiMethod } from './api-context.js';
import { oauthMethods } from './oauth.js';
import { agentViewMethods } from './agent-view.js';
import { chatMethods } from './chat.js';
import { conversationMethods } from './conversations.js';
import { fileMethods } from './files.js';
import { fileInfoMethods } from './files-info.js';
import { parseApiBody } from './parse-api-body.js';
import { permalinkMethods } from './permalinks.js';
import { reactionMethods } from './reactions.js';
import { streamMethods } from './streams.js';
import { unfurlMethods } from './unfurl.js';
import { entityMethods } from './entity.js';
import { miscMethods } from './users-auth-apps.js';
import { viewMethods } from './views.js';
import { canvasMethods } from '../canvases/canvas-web-api.js';
import { functionMethods } from '../workflows/functions-methods.js';
import { identifyWorkflowToken } from '../workflows/workflow-token-identity.js';

export const webApiMethods: Record<string, ApiMethod> = {
  ...chatMethods,
  ...permalinkMethods,
  ...streamMethods,
  ...viewMethods,
  ...fileMethods,
  ...fileInfoMethods,
  ...unfurlMethods,
  ...entityMethods,
  ...reactionMethods,
  ...conversationMethods,
  ...miscMethods,
  ...agentViewMethods,
  ...oauthMethods,
  ...canvasMethods,
  ...functionMethods,
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
  onUninstalled: (installation: Installation) => void;
  onBotPosted?: (message: StoredMessage) => void;
}

interface TokenIdentity {
  kind: ApiCall['token'];
  /** Why a bot-looking token is refused: invalid_auth, token_expired or token_revoked. */
  error?: string;
  installation?: Installation;
  fingerprint?: string;
  /** For a workflow token (`xwfp-`): the function execution it belongs to. */
  functionExecutionId?: string;
}

function identifyToken(deps: WebApiDeps, token: string | undefined): TokenIdentity {
  if (token === undefined || token === '') return { kind: 'none' };
  if (token === deps.config.appToken) return { kind: 'app', fingerprint: tokenFingerprint(token) };
  const workflow = identifyWorkflowToken(deps.state, token);
  if (workflow !== undefined) return workflow;
  const check = deps.state.installs.check(token);
  if (check.ok) return { kind: 'bot', installation: check.installation, fingerprint: check.fingerprint };
  return { kind: 'invalid', error: check.error, fingerprint: check.fingerprint };
}

/** The seed installation's bot stands in where no installation is known (app-level token). */
function authOf(identity: TokenIdentity): ApiAuth {
  const installation = identity.installation;
  if (installation === undefined) {
    return {
      installation: undefined,
      bot: { userId: workspaceSeed.botUserId, botId: workspaceSeed.botId },
      reach: new Set([workspaceSeed.teamId]),
    };
  }
  const fn = identity.functionExecutionId;
  return {
    installation,
    bot: installation.bot,
    reach: InstallationRegistry.reach(installation),
    ...(fn !== undefined ? { functionExecutionId: fn } : {}),
  };
}

/**
 * A channel or user id of a workspace the token does not reach does not exist for it, as on Slack.
 * (Names are resolved within the token's workspaces by the handlers.)
 */
function outsideReach(state: EmulatorState, args: Record<string, unknown>, reach: ReadonlySet<string>): string | undefined {
  for (const key of ['channel', 'channel_id']) {
    const channel = typeof args[key] === 'string' ? state.channels.get(args[key]) : undefined;
    if (channel !== undefined && !teamsOfChannel(channel).some((t) => reach.has(t))) return 'channel_not_found';
  }
  for (const key of ['user', 'user_id']) {
    const user = typeof args[key] === 'string' ? state.users.get(args[key]) : undefined;
    // A user of another organisation is reached through the Slack Connect channel they share.
    if (user !== undefined && !reach.has(connectHostOf(state.channels.values(), user) ?? teamOfUser(user))) return 'user_not_found';
  }
  return undefined;
}

/** The OAuth arguments that are credentials: the call log keeps that they were sent, not what. */
const SECRET_ARGS = ['client_secret', 'code', 'refresh_token'];

function withoutSecrets(args: Record<string, unknown>): Record<string, unknown> {
  if (!SECRET_ARGS.some((k) => k in args)) return args;
  const copy = { ...args };
  for (const k of SECRET_ARGS) if (k in copy) copy[k] = '[redacted]';
  return copy;
}

/** HTTP Basic credentials (`client_id:client_secret`), as oauth.v2.access accepts them. */
function parseBasic(authorization: string | undefined): { user: string; password: string } | undefined {
  const encoded = authorization?.match(/^Basic\s+(.+)$/i)?.[1];
  if (encoded === undefined) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** One Web API call: parse, authenticate, rate-limit, run the handler, record the call. */
export function handleWebApiCall(req: WebApiRequest, deps: WebApiDeps): WebApiResponse {
  const { state, config } = deps;
  const now = config.clock();
  const parsed = parseApiBody(req.contentType, req.rawBody, req.query);
  const args = parsed.ok ? parsed.args : {};
  const bearer = req.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  const basicCredentials = parseBasic(req.authorization);
  const bodyToken = typeof args.token === 'string' ? args.token : undefined;
  delete args.token;
  const identity = identifyToken(deps, bearer ?? bodyToken);
  const kind = identity.kind;
  const auth = authOf(identity);
  const scopes = kind === 'bot' ? identity.installation?.scopes : kind === 'app' ? config.appScopes : undefined;
  const record = (status: number, body: Record<string, unknown>, extraHeaders: Record<string, string> = {}): WebApiResponse => {
    // Slack names the token's scopes in an `x-oauth-scopes` header on answers to a recognised
    // token; the SDK reads it into response_metadata.scopes.
    // @see https://docs.slack.dev/tools/node-slack-sdk/reference/web-api/interfaces/WebAPICallResult
    const headers = scopes === undefined ? extraHeaders : { 'x-oauth-scopes': scopes.join(','), ...extraHeaders };
    const call: ApiCall = { method: req.method, args: withoutSecrets(args), ok: body.ok === true, status, at: now, token: kind };
    if (typeof body.error === 'string') call.error = body.error;
    if (identity.installation !== undefined) call.teamId = identity.installation.key;
    if (identity.fingerprint !== undefined) call.tokenFingerprint = identity.fingerprint;
    if (identity.functionExecutionId !== undefined) call.functionExecutionId = identity.functionExecutionId;
    state.calls.push(call);
    state.changed({ kind: 'api_call' });
    return { status, headers, body };
  };

  const method = webApiMethods[req.method];
  if (method === undefined) return record(200, { ok: false, error: 'unknown_method', req_method: req.method });
  if (!parsed.ok) return record(200, { ok: false, error: parsed.error });
  if (method.token !== 'none') {
    if (kind === 'none') return record(200, { ok: false, error: 'not_authed' });
    if (kind === 'invalid') return record(200, { ok: false, error: identity.error ?? 'invalid_auth' });
    if (method.token !== 'any' && method.token !== kind) return record(200, { ok: false, error: 'not_allowed_token_type' });
  }
  if (method.scope !== undefined && !scopes?.includes(method.scope)) {
    return record(200, { ok: false, error: 'missing_scope', needed: method.scope, provided: (scopes ?? []).join(',') });
  }

  if (kind === 'bot') {
    const refused = outsideReach(state, args, auth.reach);
    if (refused !== undefined) return record(200, { ok: false, error: refused });
  }

  if (deps.limiter !== undefined) {
    const channel = typeof args.channel === 'string' ? args.channel : typeof args.channel_id === 'string' ? args.channel_id : undefined;
    const decision = deps.limiter.take(identity.installation?.key ?? state.seed.teamId, req.method, channel);
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
      auth,
      onUninstalled: deps.onUninstalled,
      ...(deps.onBotPosted !== undefined ? { onBotPosted: deps.onBotPosted } : {}),
      ...(basicCredentials !== undefined ? { basicCredentials } : {}),
    });
    return record(200, body);
  } catch (err) {
    if (err instanceof SlackApiError) return record(err.status, err.toBody());
    const message = err instanceof Error ? err.message : String(err);
    return record(200, { ok: false, error: 'internal_error', detail: message });
  }
}
