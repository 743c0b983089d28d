/**
 * Paces the messages listeners post into a channel (a question's root message, replayed answers)
 * with the same rate budget the relay uses: the budget's windows live in the state store, so a
 * budget built over the same store shares them with every run in every replica. chat.postMessage
 * allows about one message per second per channel.
 * @see ../../../agent/rate-budget.ts
 */
import { createRateBudget, type RateBudget } from '../../../agent/rate-budget.js';
import { SLACK_METHOD } from '../../../agent/slack-writer.js';
import type { Logger } from '../../../observability/logger.js';
import type { ListenerDeps } from '../listener-deps.js';

export interface ChannelPostPacer {
  /** Resolves when a post into the channel fits the budget (or after `maxWaitMs`, logged). */
  beforePost(): Promise<void>;
  /** Slack answered 429: no one posts into the channel for `retryAfterMs`. */
  rateLimited(retryAfterMs: number): Promise<void>;
}

export interface PacerOptions {
  sleep?: (ms: number) => Promise<void>;
  /** Past this the post goes out anyway: a late message beats none (a 429 is still honoured). */
  maxWaitMs?: number;
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function channelPostPacer(
  deps: Pick<ListenerDeps, 'stores' | 'clock'>,
  target: { teamId: string; channelId: string },
  log: Logger,
  options: PacerOptions = {},
): ChannelPostPacer {
  const budget: RateBudget = createRateBudget({ store: deps.stores.state, clock: deps.clock });
  const sleep = options.sleep ?? defaultSleep;
  const maxWaitMs = options.maxWaitMs ?? 30_000;
  return {
    async beforePost() {
      const started = deps.clock();
      for (;;) {
        let decision: Awaited<ReturnType<RateBudget['tryTake']>>;
        try {
          decision = await budget.tryTake(target.teamId, SLACK_METHOD.postMessage, target.channelId);
        } catch (error) {
          log.warn('rate budget unavailable; posting without it', { err: error });
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
        await sleep(Math.min(decision.retryInMs, 2_000));
      }
    },
    async rateLimited(retryAfterMs) {
      await budget
        .block(target.teamId, SLACK_METHOD.postMessage, target.channelId, deps.clock() + retryAfterMs)
        .catch((error: unknown) => log.warn('could not record a rate limit in the budget', { err: error }));
    },
  };
}
