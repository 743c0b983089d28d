import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import type { ListenerDeps } from './listener-deps.js';

/**
 * Slack redelivers an event whose ack was late or failed (X-Slack-Retry-Num). The first delivery
 * claims the event id in the store for at least ten minutes; repeats stop here. An acked event is
 * never delivered again, so a listener that cannot hand it on keeps it itself (defer-run-start.ts)
 * rather than waiting for a redelivery.
 * @see https://api.slack.com/apis/connections/events-api (Events API retries)
 */
export function dedupeEventsMiddleware(deps: ListenerDeps): Middleware<AnyMiddlewareArgs> {
  return async ({ body, context, next }) => {
    const eventId = (body as { event_id?: unknown }).event_id;
    if (typeof eventId !== 'string' || eventId === '') {
      await next();
      return;
    }
    let claimed: boolean;
    try {
      claimed = await deps.stores.events.claim(eventId);
    } catch (error) {
      // Without the store we cannot tell a repeat; processing beats silently dropping the event.
      deps.logger.warn('event dedupe unavailable; processing the event', { event_id: eventId, error });
      claimed = true;
    }
    if (!claimed) {
      deps.logger.info('duplicate Slack event ignored', { event_id: eventId, slack_retry: context.retryNum });
      return;
    }
    await next();
  };
}
