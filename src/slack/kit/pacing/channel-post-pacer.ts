/**
 * Paces the messages listeners post into a channel (a question's root message, replayed answers)
 * with the process's one rate budget, the relay's too: its windows live in the state store, so
 * they are shared with every run in every replica. chat.postMessage allows about one message per
 * second per channel.
 * @see https://docs.slack.dev/apis/web-api/rate-limits
 */
import type { Logger } from '../../../observability/logger.js';
import { type Sleep, timerSleep } from '../../../slack-api/rate-limit-wait.js';
import type { BudgetDecision } from '../../../slack-api/rate-budget.js';
import { SLACK_METHOD } from '../../../slack-api/slack-method.js';
import type { ListenerDeps } from '../listener-deps.js';

export interface ChannelPostPacer {
  /** Resolves when a post into the channel fits the budget (or after `maxWaitMs`, logged). */
  beforePost(): Promise<void>;
  /** Slack answered 429: no one posts into the channel for `retryAfterMs` (a failure to record it is logged). */
  rateLimited(retryAfterMs: number): Promise<void>;
}

export interface PacerOptions {
  sleep?: Sleep;
  /** Past this the post goes out anyway: a late message beats none (a 429 is still honoured). */
  maxWaitMs?: number;
}

/** Longest single wait for the next window: the budget is asked again after it. */
const MAX_SLOT_WAIT_MS = 2_000;

export function channelPostPacer(
  deps: Pick<ListenerDeps, 'budget' | 'clock'>,
  target: { teamId: string; channelId: string },
  log: Logger,
  options: PacerOptions = {},
): ChannelPostPacer {
  const sleep = options.sleep ?? timerSleep;
  const maxWaitMs = options.maxWaitMs ?? 30_000;
  return {
    async beforePost() {
      const started = deps.clock();
      for (;;) {
        let decision: BudgetDecision;
        try {
          decision = await deps.budget.tryTake(target.teamId, SLACK_METHOD.postMessage, target.channelId);
        } catch (error) {
          log.warn('rate budget unavailable; posting without it', { error });
          return;
        }
        if (decision.granted) return;
        if (deps.clock() - started >= maxWaitMs) {
          log.warn('waited too long for a chat.postMessage slot; posting anyway', {
            channel: target.channelId,
            waitedMs: deps.clock() - started,
          });
          return;
        }
        await sleep(Math.min(decision.retryInMs, MAX_SLOT_WAIT_MS));
      }
    },
    async rateLimited(retryAfterMs) {
      try {
        await deps.budget.block(target.teamId, SLACK_METHOD.postMessage, target.channelId, deps.clock() + retryAfterMs);
      } catch (error) {
        log.warn('could not record a rate limit in the budget', { error });
      }
    },
  };
}
