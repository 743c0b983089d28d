/**
 * Slack checks, made when SLACK_BOT_TOKEN is set: the bot token works (auth.test), it holds the
 * scopes manifest.yml asks for (Slack names a token's scopes in the `x-oauth-scopes` header, which
 * the SDK reads into response_metadata.scopes), and Slack can reach the app: Socket Mode opens
 * (apps.connections.open with the app-level token; the doctor does not connect, so a running
 * app's connections are left alone) or, in HTTP mode, the manifest's request URL answers.
 * @see https://docs.slack.dev/reference/methods/auth.test
 * @see https://docs.slack.dev/reference/methods/apps.connections.open
 */
import { type Logger as SdkLogger, LogLevel, WebClient } from '@slack/web-api';
import type { SlackConfig } from '../config/load-config.js';
import { webClientOptions } from '../slack-api/create-web-client.js';
import { toSlackCallError } from '../slack-api/slack-call-error.js';
import { TOKEN_REFUSED_CODES } from '../slack-api/token-refusal.js';
import type { CheckResult } from './check-result.js';
import type { ManifestFacts } from './read-manifest.js';
import { verifyRequestUrl } from './verify-request-url.js';

export interface SlackCheckDeps {
  /** The manifest's facts, or why it could not be read. */
  manifest: ManifestFacts | Error;
  /** Milliseconds, for the latency column. */
  now: () => number;
  /** Epoch milliseconds, for request signatures. */
  clock: () => number;
  timeoutMs: number;
}

const SLACK_API_URL = 'https://slack.com/api/';

export async function slackChecks(slack: SlackConfig, deps: SlackCheckDeps): Promise<CheckResult[]> {
  if (slack.mode === 'playground') {
    return [{ endpoint: 'Slack', status: 'skip', problem: 'no SLACK_BOT_TOKEN: the app would start the local playground' }];
  }
  const apiUrl = slack.apiUrl ?? SLACK_API_URL;
  const client = (token: string) => new WebClient(token, { ...webClientOptions({ apiUrl, policy: 'app' }), logger: silentSdkLogger() });

  if ('oauth' in slack) {
    // OAuth installs hold one token per workspace, in the state store: there is no one token to test.
    return [
      {
        endpoint: 'Slack auth.test',
        status: 'skip',
        problem: 'OAuth installs (SLACK_CLIENT_ID): each workspace has its own token; install one at /slack/install',
      },
      slack.mode === 'socket' ? await socketModeRow(client(slack.appToken), apiUrl, deps) : await requestUrlRow(slack.signingSecret, deps),
    ];
  }
  const rows: CheckResult[] = [];
  const started = deps.now();
  let granted: string[] | undefined;
  let authed = false;
  try {
    const answer = await client(slack.botToken).auth.test();
    authed = true;
    granted = answer.response_metadata?.scopes;
    rows.push({ endpoint: 'Slack auth.test', status: 'ok', ms: Math.round(deps.now() - started) });
  } catch (error) {
    rows.push({
      endpoint: 'Slack auth.test',
      status: 'fail',
      ms: Math.round(deps.now() - started),
      problem: describeSlackError('auth.test', error, 'SLACK_BOT_TOKEN', apiUrl),
    });
  }
  rows.push(scopeRow(authed, granted, deps.manifest));
  rows.push(
    slack.mode === 'socket' ? await socketModeRow(client(slack.appToken), apiUrl, deps) : await requestUrlRow(slack.signingSecret, deps),
  );
  return rows;
}

function scopeRow(authed: boolean, granted: string[] | undefined, manifest: ManifestFacts | Error): CheckResult {
  const endpoint = 'Slack bot scopes';
  if (manifest instanceof Error) return { endpoint, status: 'fail', problem: manifest.message };
  if (!authed) return { endpoint, status: 'fail', problem: 'not checked: auth.test failed (above)' };
  if (granted === undefined) {
    return {
      endpoint,
      status: 'warn',
      problem: 'Slack named no scopes (no x-oauth-scopes header): compare them under OAuth & Permissions',
    };
  }
  const missing = manifest.botScopes.filter((s) => !granted.includes(s));
  if (missing.length === 0) return { endpoint, status: 'ok' };
  return {
    endpoint,
    status: 'fail',
    problem: `the bot token lacks ${missing.join(', ')} (manifest.yml asks for it): reinstall the app to grant the manifest's scopes`,
  };
}

async function socketModeRow(appClient: WebClient, apiUrl: string, deps: SlackCheckDeps): Promise<CheckResult> {
  const endpoint = 'Slack apps.connections.open';
  const started = deps.now();
  try {
    const answer = await appClient.apps.connections.open();
    const ms = Math.round(deps.now() - started);
    // The URL carries a one-time ticket: checked, never printed.
    if (typeof answer.url !== 'string' || !/^wss?:\/\//.test(answer.url)) {
      return { endpoint, status: 'fail', ms, variant: 'Socket Mode', problem: 'Slack answered without a WebSocket URL' };
    }
    if (!(deps.manifest instanceof Error) && !deps.manifest.socketModeEnabled) {
      return {
        endpoint,
        status: 'warn',
        ms,
        variant: 'Socket Mode',
        problem: "manifest.yml turns Socket Mode off: Slack sends nothing over it unless it is on in the app's settings",
      };
    }
    return { endpoint, status: 'ok', ms, variant: 'Socket Mode' };
  } catch (error) {
    return {
      endpoint,
      status: 'fail',
      ms: Math.round(deps.now() - started),
      variant: 'Socket Mode',
      problem: describeSlackError('apps.connections.open', error, 'SLACK_APP_TOKEN', apiUrl),
    };
  }
}

async function requestUrlRow(signingSecret: string, deps: SlackCheckDeps): Promise<CheckResult> {
  const manifest = deps.manifest;
  const variant = 'HTTP mode';
  if (manifest instanceof Error) return { endpoint: 'Slack request URL', status: 'fail', variant, problem: manifest.message };
  if (manifest.socketModeEnabled) {
    return {
      endpoint: 'Slack request URL',
      status: 'fail',
      variant,
      problem: 'manifest.yml turns Socket Mode on but SLACK_APP_TOKEN is not set: Slack would send the app nothing over HTTP',
    };
  }
  if (manifest.requestUrl === undefined) {
    return {
      endpoint: 'Slack request URL',
      status: 'fail',
      variant,
      problem: 'manifest.yml sets no request_url: HTTP mode needs settings.event_subscriptions.request_url',
    };
  }
  const started = deps.now();
  const verdict = await verifyRequestUrl({ url: manifest.requestUrl, signingSecret, now: deps.clock, timeoutMs: deps.timeoutMs });
  const ms = Math.round(deps.now() - started);
  const endpoint = `POST ${manifest.requestUrl}`;
  return verdict.ok ? { endpoint, status: 'ok', ms, variant } : { endpoint, status: 'fail', ms, variant, problem: verdict.problem };
}

function describeSlackError(method: string, error: unknown, tokenVariable: string, apiUrl: string): string {
  const e = toSlackCallError(method, error);
  if (TOKEN_REFUSED_CODES.has(e.code)) return `Slack refused ${tokenVariable} (${e.code}): copy it again from the app's settings`;
  if (e.code === 'not_allowed_token_type') return `${tokenVariable} is the wrong kind of token for ${method} (not_allowed_token_type)`;
  if (e.code === 'missing_scope') {
    const needed = (e.cause as { data?: { needed?: unknown } } | undefined)?.data?.needed;
    return `${tokenVariable} lacks ${typeof needed === 'string' ? `the scope ${needed}` : `a scope ${method} needs`} (missing_scope): add it to the token in the app's settings`;
  }
  if (e.code === 'network' || e.code === 'timeout') {
    return `could not reach Slack at ${apiUrl}${e.networkCode ? ` (${e.networkCode})` : ` (${e.code})`}: check SLACK_API_URL and the network`;
  }
  return `Slack answered ${e.code}`;
}

/** The SDK logs failed calls itself; the report says what failed, so its lines are dropped. */
function silentSdkLogger(): SdkLogger {
  let level = LogLevel.ERROR;
  return {
    debug: () => undefined,
    info: () => undefined,
    warn: () => undefined,
    error: () => undefined,
    setLevel: (l) => {
      level = l;
    },
    getLevel: () => level,
    setName: () => undefined,
  };
}
