/**
 * "Summarize linked docs": every research document the message links to (or names by id) gets
 * its summary posted in the message's thread. When there are none, the person who asked is
 * told so, privately (in the channel unless the message's thread already exists). An uploaded
 * file is summarised only when the person who asked may read it in this workspace
 * (src/slack/kit/permissions/document-access.ts); otherwise they are told, naming nothing of it.
 */
import type { AllMiddlewareArgs, MessageShortcut, SlackShortcutMiddlewareArgs } from '@slack/bolt';
import { isServiceError } from '../../../service/errors/service-error.js';
import { requestContext } from '../../kit/correlation-middleware.js';
import { renderDocumentSummary } from '../cards/document-card.js';
import { renderNotice } from '../../blocks/error-card.js';
import { findDocumentRefs } from '../find-document-refs.js';
import { postEphemeralTo, postInChannel } from '../../kit/deliver-card.js';
import { withFailureReply } from '../../kit/failure-reply.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { ephemeralTargetOf, shortcutTarget } from '../../kit/shortcut-target.js';
import { checkDocumentAccess, DOCUMENT_ACCESS_REFUSAL } from '../../kit/permissions/document-access.js';

type MessageShortcutArgs = SlackShortcutMiddlewareArgs<MessageShortcut> & AllMiddlewareArgs;

/** A message linking more documents than this gets the first ones summarised. */
const MAX_SUMMARIES = 5;

export function summarizeMessage(deps: ListenerDeps): (args: MessageShortcutArgs) => Promise<void> {
  return async ({ ack, shortcut, client, context, respond }) => {
    await ack();
    const { log, correlationId, workspace } = requestContext(context, deps.logger);
    const target = shortcutTarget(shortcut, client, context.teamId);
    // Private notes go to the thread only when it exists (Slack would not show them in a new one).
    const ephemeral = ephemeralTargetOf(target);
    await withFailureReply(
      async () => {
        const service = await deps.workspaces.service(workspace);
        const refs = findDocumentRefs(shortcut.message.text, deps.documentUrlDomains, MAX_SUMMARIES);
        if (refs.length === 0) {
          await postEphemeralTo(
            ephemeral,
            renderNotice(`This message has no links to research documents (${deps.documentUrlDomains.join(', ')}) or document ids.`),
          );
          return;
        }
        const missing: string[] = [];
        let refused = 0;
        const reader = { teamId: workspace.teamId, userId: shortcut.user.id, channelId: target.channel };
        const fence = { stores: deps.stores, service, client, log, correlationId };
        for (const { docId } of refs) {
          // A linked id can name another workspace's uploaded file (a shared service account): the fence first.
          const access = await checkDocumentAccess(fence, reader, docId).catch((error: unknown) => {
            if (isServiceError(error) && error.kind === 'not_found') return undefined;
            throw error;
          });
          if (access === undefined) {
            missing.push(docId);
            continue;
          }
          if (!access.allowed) {
            refused += 1;
            continue;
          }
          const [summary, doc] = await Promise.all([
            service.getDocumentSummary(docId, { correlationId }).catch((error: unknown) => {
              if (isServiceError(error) && error.kind === 'not_found') return undefined;
              throw error;
            }),
            // The document's title and link only enrich the card: without them it still shows the summary.
            access.detail ??
              service.getDocument(docId, { correlationId }).catch((error: unknown) => {
                log.info('document detail unavailable for the summary card', { docId, error });
                return undefined;
              }),
          ]);
          if (summary === undefined) {
            missing.push(docId);
            continue;
          }
          const card = renderDocumentSummary(doc ? { summary, doc } : { summary });
          await postInChannel({ client, channel: target.channel, threadTs: target.threadTs, respond }, card);
        }
        if (refused > 0) {
          const posted = refs.length > missing.length + refused;
          const words =
            refused === 1
              ? DOCUMENT_ACCESS_REFUSAL
              : `${refused} of the linked files are not in a research folder you can read in this workspace.`;
          await postEphemeralTo(posted ? { ...ephemeral, threadTs: target.threadTs } : ephemeral, renderNotice(words, ':no_entry:'));
        }
        log.info('summarised linked documents', { found: refs.length - missing.length - refused, missing: missing.length, refused });
        if (missing.length > 0) {
          // A summary posted above started the thread: the note belongs next to it.
          const posted = refs.length > missing.length + refused;
          await postEphemeralTo(
            posted ? { ...ephemeral, threadTs: target.threadTs } : ephemeral,
            renderNotice(
              `I could not find ${missing.length === 1 ? 'document' : 'documents'} ${missing.join(', ')} in the research service.`,
              ':warning:',
            ),
          );
        }
      },
      { log, correlationId, postEphemeral: ephemeral, action: 'summarising the linked documents' },
    );
  };
}
