/**
 * `entity_details_requested`: a user opened (or refreshed) the side panel of a document's Work
 * Object. The document is read with the workspace's own service client and passes the fence of
 * uploaded files for that user, then entity.presentDetails shows its summary, key passages and
 * "Ask the agent". Whatever fails — the link names no document, the document is gone, the service
 * is down, the workspace is not connected, the file is another workspace's — the panel gets an
 * `error` Slack shows (entity-details-error.ts), never silence.
 * @see https://docs.slack.dev/reference/events/entity_details_requested
 * @see https://docs.slack.dev/reference/methods/entity.presentDetails
 */
import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { EntityPresentDetailsArguments, WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import type { DocumentDetail } from '../../../service/types.js';
import { toSlackCallError } from '../../../slack-api/slack-call-error.js';
import { requestContext } from '../../kit/correlation-middleware.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { checkDocumentAccess } from '../../kit/permissions/document-access.js';
import { documentIdFromUrl } from '../find-document-refs.js';
import { DOCUMENT_REF_TYPE, documentDetailsEntity, keyPassagesOf } from './document-entity.js';
import { entityDetailsErrorOf, refusedDocument, UNKNOWN_DOCUMENT } from './entity-details-error.js';

type EntityDetailsArgs = SlackEventMiddlewareArgs<'entity_details_requested'> & AllMiddlewareArgs;
type EntityDetailsEvent = EntityDetailsArgs['event'];
export type PanelContent = Omit<EntityPresentDetailsArguments, 'trigger_id' | 'token'>;

/** The document an opened Work Object stands for: our own external_ref, else its URL. */
export function documentIdOfEntity(
  event: Pick<EntityDetailsEvent, 'external_ref' | 'entity_url' | 'app_unfurl_url'>,
  domains: readonly string[],
): string | undefined {
  if (event.external_ref?.type === DOCUMENT_REF_TYPE && event.external_ref.id) return event.external_ref.id;
  return (
    documentIdFromUrl(event.entity_url, domains) ?? (event.app_unfurl_url ? documentIdFromUrl(event.app_unfurl_url, domains) : undefined)
  );
}

/** Sends the panel's content; a refusal by Slack is logged (there is no one else to tell). */
export async function presentDetails(client: WebClient, triggerId: string, content: PanelContent, log: Logger): Promise<void> {
  try {
    await client.entity.presentDetails({ trigger_id: triggerId, ...content });
    log.info('document side panel presented', content.error ? { error_status: content.error.status } : {});
  } catch (error) {
    const failure = toSlackCallError('entity.presentDetails', error);
    log.warn('entity.presentDetails failed', { error: failure, slack_error: failure.code });
  }
}

interface PanelRequest {
  client: WebClient;
  teamId: string;
  enterpriseId?: string;
  userId: string;
  channelId?: string;
  docId: string;
  entityUrl: string;
  log: Logger;
  correlationId: string;
}

/** The panel's content for one reader: the document, or why it cannot be shown. */
export async function documentPanelContent(deps: ListenerDeps, req: PanelRequest): Promise<PanelContent> {
  try {
    const workspace = { teamId: req.teamId, ...(req.enterpriseId ? { enterpriseId: req.enterpriseId } : {}) };
    const service = await deps.workspaces.service(workspace);
    const reader = { ...workspace, userId: req.userId, ...(req.channelId ? { channelId: req.channelId } : {}) };
    const call = { correlationId: req.correlationId };
    const accessDeps = { stores: deps.stores, service, client: req.client, log: req.log, correlationId: req.correlationId };
    const access = await checkDocumentAccess(accessDeps, reader, req.docId);
    if (!access.allowed) {
      req.log.info('document side panel refused', { why: access.why });
      return { error: refusedDocument(access.reason) };
    }
    const doc: DocumentDetail = access.detail ?? (await service.getDocument(req.docId, call));
    return { metadata: documentDetailsEntity(doc, keyPassagesOf(doc.chunks), req.entityUrl) };
  } catch (error) {
    req.log.info('document side panel shows an error', { doc: req.docId, error });
    return { error: entityDetailsErrorOf(error) };
  }
}

export function entityDetailsRequested(deps: ListenerDeps): (args: EntityDetailsArgs) => Promise<void> {
  return async ({ event, client, context }) => {
    const { log, correlationId, workspace } = requestContext(context, deps.logger);
    const docId = documentIdOfEntity(event, deps.documentUrlDomains);
    if (!docId) {
      log.info('document side panel: the entity names no document');
      return presentDetails(client, event.trigger_id, { error: UNKNOWN_DOCUMENT }, log);
    }
    const content = await documentPanelContent(deps, {
      client,
      teamId: workspace.teamId,
      ...(workspace.enterpriseId ? { enterpriseId: workspace.enterpriseId } : {}),
      userId: event.user,
      ...(event.channel ? { channelId: event.channel } : {}),
      docId,
      entityUrl: event.entity_url,
      log,
      correlationId,
    });
    await presentDetails(client, event.trigger_id, content, log);
  };
}
