/**
 * Who the bot is (auth.test), learnt with retries instead of once. Bolt, given a token, calls
 * auth.test once in its constructor and keeps the promise for good: when Slack is unreachable at
 * that moment, or the token is wrong, every later request fails authorisation and the app is deaf
 * until restarted. Here the answer is kept only once it succeeds; until then a back-off loop, each
 * request and each readiness probe try again, and /readyz says why Slack is not ready.
 * @see https://docs.slack.dev/tools/bolt-js/concepts/authorization
 * @see https://docs.slack.dev/reference/methods/auth.test
 */
import type { Authorize, AuthorizeResult } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import pRetry from 'p-retry';
import type { Logger } from '../../observability/logger.js';
import { toSlackCallError } from '../../slack-api/slack-call-error.js';
import { TOKEN_REFUSED_CODES } from '../../slack-api/token-refusal.js';
import type { ReadinessCheck } from './health-routes.js';
import { NotReadyError } from './not-ready-error.js';

/** Why Slack has not authorised the app yet: what /readyz names. */
export type SlackAuthProblem = 'pending' | 'unreachable' | 'token_refused' | 'slack_error';

export interface AuthRetryPolicy {
  minDelayMs: number;
  maxDelayMs: number;
}

/** Quick at first (a blip at start-up), then every few minutes at most (a token that needs an operator). */
export const DEFAULT_AUTH_RETRY: AuthRetryPolicy = { minDelayMs: 1_000, maxDelayMs: 300_000 };

export interface SlackAuthorizationOptions {
  /** A client under the app's policy; auth.test is called on it with `botToken`. */
  client: WebClient;
  botToken: string;
  logger: Logger;
  retry?: AuthRetryPolicy;
}

export interface SlackAuthorization {
  /** Bolt's `authorize`: the bot's identity, trying Slack again first when it is not known yet. */
  authorize: Authorize<boolean>;
  /** The `slack` check of /readyz. */
  readiness: ReadinessCheck;
  /** Starts the back-off loop; it ends once Slack authorises the app, or at stop(). */
  start(): void;
  stop(): void;
}

interface BotIdentity {
  botId: string;
  botUserId: string;
}

export function createSlackAuthorization(options: SlackAuthorizationOptions): SlackAuthorization {
  const { client, botToken } = options;
  const log = options.logger.child({ component: 'slack-authorization' });
  const retry = options.retry ?? DEFAULT_AUTH_RETRY;
  const stopping = new AbortController();
  let identity: BotIdentity | undefined;
  let problem: { kind: SlackAuthProblem; code?: string } = { kind: 'pending' };
  let inFlight: Promise<BotIdentity> | undefined;

  const callAuthTest = async (): Promise<BotIdentity> => {
    try {
      const answer = await client.auth.test({ token: botToken });
      if (typeof answer.bot_id !== 'string' || typeof answer.user_id !== 'string') {
        throw new NotReadyError('token_refused', 'auth.test answered without a bot: SLACK_BOT_TOKEN is not a bot token');
      }
      return { botId: answer.bot_id, botUserId: answer.user_id };
    } catch (error) {
      if (error instanceof NotReadyError) throw error;
      throw describeFailure(error);
    }
  };

  /** One auth.test at a time: the loop, requests and probes share it. */
  const attempt = (): Promise<BotIdentity> => {
    if (identity) return Promise.resolve(identity);
    inFlight ??= callAuthTest().then(
      (found) => {
        inFlight = undefined;
        if (!identity) log.info('Slack authorised the app', { botUserId: found.botUserId, afterProblem: problem.kind });
        identity = found;
        return found;
      },
      (error: NotReadyError) => {
        inFlight = undefined;
        noteProblem(error);
        throw error;
      },
    );
    return inFlight;
  };

  const noteProblem = (error: NotReadyError): void => {
    const kind = error.reason as SlackAuthProblem;
    const changed = kind !== problem.kind || error.code !== problem.code;
    problem = { kind, ...(error.code === undefined ? {} : { code: error.code }) };
    if (!changed) return;
    // Said once per change, not at every retry: a wrong token would otherwise fill the log.
    if (kind === 'token_refused') {
      log.error(
        `Slack refused SLACK_BOT_TOKEN (${error.code ?? 'no bot'}): set it to the Bot User OAuth Token (xoxb-…) on the app's "OAuth & Permissions" page, reinstall the app if it was removed, and restart`,
        { code: error.code },
      );
    } else if (kind === 'unreachable') {
      log.warn('Slack is unreachable; requests wait until it answers (check SLACK_API_URL and the network)', { code: error.code });
    } else {
      log.error('Slack refused to authorise the app', { code: error.code });
    }
  };

  return {
    async authorize(source): Promise<AuthorizeResult> {
      const found = await attempt();
      // What Bolt's own single-workspace authorize answers, once auth.test has.
      return { isEnterpriseInstall: source.isEnterpriseInstall, botToken, botId: found.botId, botUserId: found.botUserId };
    },
    readiness: {
      name: 'slack',
      check: async () => {
        await attempt();
      },
    },
    start() {
      void pRetry(attempt, {
        retries: Number.POSITIVE_INFINITY, // p-retry 7 dropped `forever` for this
        minTimeout: retry.minDelayMs,
        maxTimeout: retry.maxDelayMs,
        factor: 2,
        randomize: true,
        signal: stopping.signal,
      }).catch((error: unknown) => {
        // Ends when stopped; every failed attempt was already logged by attempt().
        if (stopping.signal.aborted) log.debug('stopped retrying auth.test', { error });
        else log.error('gave up retrying auth.test', { error });
      });
    },
    stop() {
      stopping.abort();
    },
  };
}

function describeFailure(error: unknown): NotReadyError {
  const failure = toSlackCallError('auth.test', error);
  const code = failure.networkCode ?? failure.code;
  const reason: SlackAuthProblem = TOKEN_REFUSED_CODES.has(failure.code)
    ? 'token_refused'
    : failure.retryable || failure.code === 'network' || failure.code === 'timeout'
      ? 'unreachable'
      : 'slack_error';
  return new NotReadyError(reason, `Slack auth.test failed: ${code}`, code);
}
