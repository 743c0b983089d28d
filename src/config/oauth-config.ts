/**
 * OAuth distribution: many workspaces install the app; each connects its own service key, and
 * installations and keys are stored sealed with SECRETS_ENCRYPTION_KEY.
 */
import type { z } from 'zod';
import { parseEncryptionKey } from '../secrets/secret-box.js';
import { fail, httpUrl, issue, setting } from './variable-rules.js';

/** Comma-separated 32-byte keys (base64 or hex), newest first; the message never repeats a key. */
const encryptionKeys = setting.transform((raw, ctx) => {
  if (raw === undefined) return undefined;
  const parts = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const keys = parts.map(parseEncryptionKey);
  const bad = keys.indexOf(undefined);
  if (parts.length === 0 || bad >= 0) {
    return fail(ctx, `must be 32-byte keys in base64 or hex, newest first, separated by commas (key ${bad + 1} is not)`);
  }
  return keys as Buffer[];
});

export const oauthVariables = {
  SLACK_CLIENT_ID: setting,
  SLACK_CLIENT_SECRET: setting,
  SLACK_STATE_SECRET: setting,
  SLACK_REDIRECT_URI: httpUrl,
  /** Slack's OAuth authorize page; set only to point installs at a Slack emulator. */
  SLACK_AUTHORIZE_URL: httpUrl,
  SECRETS_ENCRYPTION_KEY: encryptionKeys,
};

export const OAUTH_EXAMPLES: Record<keyof typeof oauthVariables, string> = {
  SLACK_CLIENT_ID: '<the Client ID from Basic Information>',
  SLACK_CLIENT_SECRET: '<the Client Secret from Basic Information>',
  SLACK_STATE_SECRET: '<a long random string, e.g. openssl rand -hex 32>',
  SLACK_REDIRECT_URI: 'https://desk.example.com/slack/oauth_redirect',
  SLACK_AUTHORIZE_URL: 'https://slack.com/oauth/v2/authorize',
  SECRETS_ENCRYPTION_KEY: '<openssl rand -base64 32>[,<the previous key>]',
};

export type OAuthEnv = z.output<z.ZodObject<typeof oauthVariables>>;

/** The Slack variables the OAuth rules look at (slack-config.ts reads them). */
interface SlackCredentials {
  SLACK_BOT_TOKEN?: string | undefined;
  SLACK_APP_TOKEN?: string | undefined;
  SLACK_SIGNING_SECRET?: string | undefined;
}

/** The Slack connection with SLACK_CLIENT_ID set: Socket Mode with an app token, else HTTP. */
export function readOAuth(e: OAuthEnv & SlackCredentials, ctx: z.RefinementCtx, apiUrl: { apiUrl?: string }) {
  if (e.SLACK_BOT_TOKEN) {
    return issue(
      ctx,
      'SLACK_BOT_TOKEN',
      'cannot be set with SLACK_CLIENT_ID: pick one workspace (SLACK_BOT_TOKEN) or OAuth installs (SLACK_CLIENT_ID)',
    );
  }
  if (!e.SLACK_CLIENT_SECRET) return issue(ctx, 'SLACK_CLIENT_SECRET', 'is required with SLACK_CLIENT_ID');
  if (!e.SLACK_STATE_SECRET || e.SLACK_STATE_SECRET.length < 16) {
    return issue(ctx, 'SLACK_STATE_SECRET', 'is required with SLACK_CLIENT_ID (at least 16 characters): it signs the OAuth state');
  }
  if (!e.SECRETS_ENCRYPTION_KEY) {
    return issue(ctx, 'SECRETS_ENCRYPTION_KEY', 'is required with SLACK_CLIENT_ID: installations and service keys are stored encrypted');
  }
  if (!e.SLACK_APP_TOKEN && !e.SLACK_SIGNING_SECRET) {
    return issue(ctx, 'SLACK_SIGNING_SECRET', 'is required with SLACK_CLIENT_ID (or set SLACK_APP_TOKEN for Socket Mode)');
  }
  const oauth = {
    clientId: e.SLACK_CLIENT_ID as string,
    clientSecret: e.SLACK_CLIENT_SECRET,
    stateSecret: e.SLACK_STATE_SECRET,
    ...(e.SLACK_REDIRECT_URI ? { redirectUri: e.SLACK_REDIRECT_URI } : {}),
    ...(e.SLACK_AUTHORIZE_URL ? { authorizationUrl: e.SLACK_AUTHORIZE_URL } : {}),
  };
  return e.SLACK_APP_TOKEN
    ? { mode: 'socket' as const, appToken: e.SLACK_APP_TOKEN, oauth, ...apiUrl }
    : { mode: 'http' as const, signingSecret: e.SLACK_SIGNING_SECRET as string, oauth, ...apiUrl };
}

/** The secrets of this slice, the encryption keys in both spellings a log line could hold. */
export function oauthSecrets(e: OAuthEnv): Array<string | undefined> {
  return [
    e.SLACK_CLIENT_SECRET,
    e.SLACK_STATE_SECRET,
    ...(e.SECRETS_ENCRYPTION_KEY ?? []).flatMap((key) => [key.toString('base64'), key.toString('hex')]),
  ];
}
