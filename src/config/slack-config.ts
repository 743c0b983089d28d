/**
 * Which Slack the app talks to: none (the local playground with the Slack emulator), one
 * workspace's bot token over Socket Mode or HTTP, or OAuth installs into many (oauth-config.ts).
 */
import type { z } from 'zod';
import { readOAuth, type OAuthEnv } from './oauth-config.js';
import { APP_DISTRIBUTIONS, defaultDistribution, type AppDistribution } from '../slack-api/app-distribution.js';
import { checkIn, fail, httpUrl, issue, portNumber, setting, token } from './variable-rules.js';

/** Read only in playground mode, so checked only there (readSlack). */
const playgroundPort = portNumber(8080);

/** The app's distribution (its rate tier); unset stays undefined, so each mode picks its default. */
const appDistribution = setting.transform((raw, ctx): AppDistribution | undefined => {
  if (raw === undefined) return undefined;
  const value = APP_DISTRIBUTIONS.find((d) => d === raw.toLowerCase());
  return value ?? fail(ctx, `must be one of ${APP_DISTRIBUTIONS.join(', ')}, got "${raw}"`);
});

export const slackVariables = {
  SLACK_API_URL: httpUrl,
  SLACK_BOT_TOKEN: token('xoxb-', 'must be a bot token starting with xoxb-'),
  SLACK_APP_TOKEN: token('xapp-', 'must be an app-level token starting with xapp-'),
  SLACK_SIGNING_SECRET: setting,
  PLAYGROUND_PORT: setting,
  SLACK_APP_DISTRIBUTION: appDistribution,
};

export const SLACK_EXAMPLES: Record<keyof typeof slackVariables, string> = {
  SLACK_API_URL: 'https://slack.com/api/',
  SLACK_BOT_TOKEN: 'xoxb-…',
  SLACK_APP_TOKEN: 'xapp-…',
  SLACK_SIGNING_SECRET: '<the Signing Secret from Basic Information>',
  PLAYGROUND_PORT: '8080',
  SLACK_APP_DISTRIBUTION: 'non-marketplace',
};

export type SlackEnv = z.output<z.ZodObject<typeof slackVariables>>;

/**
 * Default: `internal` with one workspace's bot token, `non-marketplace` with OAuth distribution;
 * in the playground, as it connects (playground-connection.ts).
 */
export function readSlack(e: SlackEnv & OAuthEnv, ctx: z.RefinementCtx) {
  const botToken = e.SLACK_BOT_TOKEN;
  const apiUrl = e.SLACK_API_URL ? { apiUrl: e.SLACK_API_URL } : {};
  const explicit = e.SLACK_APP_DISTRIBUTION;
  if (e.SLACK_CLIENT_ID) return { ...readOAuth(e, ctx, apiUrl), distribution: explicit ?? defaultDistribution(true) };
  const distribution = explicit ?? defaultDistribution(false);
  for (const variable of ['SLACK_CLIENT_SECRET', 'SLACK_STATE_SECRET', 'SLACK_REDIRECT_URI'] as const) {
    if (e[variable]) return issue(ctx, 'SLACK_CLIENT_ID', `is required when ${variable} is set (OAuth installs)`);
  }
  if (!botToken) {
    if (e.SLACK_APP_TOKEN || e.SLACK_SIGNING_SECRET) {
      return issue(ctx, 'SLACK_BOT_TOKEN', 'is required when SLACK_APP_TOKEN or SLACK_SIGNING_SECRET is set');
    }
    const port = checkIn(ctx, 'PLAYGROUND_PORT', playgroundPort, e.PLAYGROUND_PORT);
    return { mode: 'playground' as const, playgroundPort: port, ...(explicit ? { distribution: explicit } : {}) };
  }
  if (e.SLACK_APP_TOKEN) {
    const signingSecret = e.SLACK_SIGNING_SECRET ? { signingSecret: e.SLACK_SIGNING_SECRET } : {};
    return { mode: 'socket' as const, botToken, appToken: e.SLACK_APP_TOKEN, ...signingSecret, ...apiUrl, distribution };
  }
  if (e.SLACK_SIGNING_SECRET) return { mode: 'http' as const, botToken, signingSecret: e.SLACK_SIGNING_SECRET, ...apiUrl, distribution };
  return issue(ctx, 'SLACK_SIGNING_SECRET', 'is required in HTTP mode (or set SLACK_APP_TOKEN for Socket Mode)');
}

export function slackSecrets(e: SlackEnv): Array<string | undefined> {
  return [e.SLACK_BOT_TOKEN, e.SLACK_APP_TOKEN, e.SLACK_SIGNING_SECRET];
}
