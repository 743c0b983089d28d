/**
 * `link_shared`: document links on DOCUMENT_URL_DOMAINS unfurl as Work Objects, or as compact
 * cards where the workspace does not take them (send-document-unfurls.ts). Nothing is sent when
 * no link is a known document (Slack then shows the plain link).
 * @see https://docs.slack.dev/reference/events/link_shared
 * @see https://docs.slack.dev/reference/methods/chat.unfurl
 */
import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import { requestContext } from '../../kit/correlation-middleware.js';
import { fetchLinkedDocuments } from './build-document-unfurls.js';
import { sendDocumentUnfurls } from './send-document-unfurls.js';
import { isConnectionFailure } from '../../../workspaces/connection-failure.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import type { ResearchService } from '../../../service/types.js';
import { checkDocumentAccess } from '../../kit/permissions/document-access.js';

type LinkSharedArgs = SlackEventMiddlewareArgs<'link_shared'> & AllMiddlewareArgs;

export function linkShared(deps: ListenerDeps): (args: LinkSharedArgs) => Promise<void> {
  return async ({ event, client, context }) => {
    const { log, correlationId, workspace } = requestContext(context, deps.logger);
    let service: ResearchService;
    try {
      service = await deps.workspaces.service(workspace);
    } catch (error) {
      // Nobody asked for an unfurl: a workspace that cannot use the service just shows plain links.
      if (isConnectionFailure(error)) return log.debug('links not unfurled: workspace not connected', { reason: error.name });
      throw error;
    }
    const reader = {
      teamId: workspace.teamId,
      userId: event.user,
      channelId: event.channel,
      ...(workspace.enterpriseId ? { enterpriseId: workspace.enterpriseId } : {}),
    };
    const mayShowFile = async (docId: string): Promise<boolean> =>
      (
        await checkDocumentAccess({ stores: deps.stores, service, client, log, correlationId }, reader, docId).catch((error: unknown) => {
          log.warn('a linked document was not unfurled: its access could not be checked', { doc: docId, error });
          return undefined;
        })
      )?.allowed === true;
    const unfurlDeps = { service, documentUrlDomains: deps.documentUrlDomains, mayShowFile };
    const docs = await fetchLinkedDocuments(unfurlDeps, event.links, log, correlationId);
    if (docs.length === 0) return;
    // unfurl_id + source works for links still in the composer as well as posted ones.
    const source = unfurlSource(event.source);
    const target = event.unfurl_id && source ? { unfurl_id: event.unfurl_id, source } : { channel: event.channel, ts: event.message_ts };
    await sendDocumentUnfurls({ client, state: deps.stores.state, teamId: workspace.teamId, target, docs, log });
  };
}

/** The event's `source` when chat.unfurl accepts it with an unfurl_id. */
function unfurlSource(source: string | undefined): 'composer' | 'conversations_history' | undefined {
  return source === 'composer' || source === 'conversations_history' ? source : undefined;
}
