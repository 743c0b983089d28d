/**
 * `link_shared`: document links on DOCUMENT_URL_DOMAINS unfurl into a compact card. Nothing is
 * sent when no link is a known document (Slack then shows the plain link).
 * @see https://docs.slack.dev/reference/events/link_shared
 * @see https://docs.slack.dev/reference/methods/chat.unfurl
 */
import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { requestContext } from '../../app/correlation-middleware.js';
import { slackErrorCode } from '../deliver-card.js';
import { buildDocumentUnfurls } from '../features/build-document-unfurls.js';
import type { ListenerDeps } from '../listener-deps.js';

type LinkSharedArgs = SlackEventMiddlewareArgs<'link_shared'> & AllMiddlewareArgs;

export function linkShared(deps: ListenerDeps): (args: LinkSharedArgs) => Promise<void> {
  return async ({ event, client, context }) => {
    const { log, correlationId } = requestContext(context, deps.logger);
    const unfurls = await buildDocumentUnfurls(deps, event.links, log, correlationId);
    if (Object.keys(unfurls).length === 0) return;
    // unfurl_id + source works for links still in the composer as well as posted ones.
    const target =
      event.unfurl_id && (event.source === 'composer' || event.source === 'conversations_history')
        ? { unfurl_id: event.unfurl_id, source: event.source }
        : { channel: event.channel, ts: event.message_ts };
    try {
      await client.chat.unfurl({ ...target, unfurls } as unknown as Parameters<WebClient['chat']['unfurl']>[0]);
      log.info('document links unfurled', { count: Object.keys(unfurls).length });
    } catch (error) {
      log.warn('chat.unfurl failed', { err: error, slack_error: slackErrorCode(error) });
    }
  };
}
