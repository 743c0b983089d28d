/**
 * The `unfurls` map for chat.unfurl: a compact card per document link. A link to a document
 * the service does not know, or will not show to the app, gets no entry: it unfurls to nothing
 * rather than to an error. An uploaded file (issue 31) unfurls only when the link's sharer may read
 * it in this workspace (src/slack/kit/permissions/document-access.ts): the service account may be
 * shared, so a link can name another workspace's file.
 * @see https://docs.slack.dev/reference/methods/chat.unfurl
 */
import type { Logger } from '../../../observability/logger.js';
import type { DocumentDetail, ResearchService } from '../../../service/types.js';
import { isServiceError } from '../../../service/errors/service-error.js';
import type { KnownBlock } from '@slack/types';
import { renderUnfurl } from '../cards/document-card.js';
import { documentIdFromUrl } from '../find-document-refs.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { isUploadedFile } from '../../kit/permissions/document-access.js';

/** Slack sends a handful of links per message; more than this are left as plain links. */
const MAX_UNFURLS = 5;

/** A linked document the link's sharer may see, with the exact URL that was posted. */
export interface LinkedDocument {
  url: string;
  doc: DocumentDetail;
}

type LinkedDocumentDeps = Pick<ListenerDeps, 'documentUrlDomains'> & {
  service: Pick<ResearchService, 'getDocument'>;
  /** Whether the link's sharer may show an uploaded file (issue 31); without it, none unfurls. */
  mayShowFile?: (docId: string) => Promise<boolean>;
};

/** The documents the links name that may unfurl, in link order (at most MAX_UNFURLS). */
export async function fetchLinkedDocuments(
  deps: LinkedDocumentDeps,
  links: ReadonlyArray<{ url: string }>,
  log: Logger,
  correlationId: string,
): Promise<LinkedDocument[]> {
  const wanted = links
    .map((link) => ({ url: link.url, docId: documentIdFromUrl(link.url, deps.documentUrlDomains) }))
    .filter((l): l is { url: string; docId: string } => l.docId !== undefined)
    .slice(0, MAX_UNFURLS);
  const found = await Promise.all(
    wanted.map(async ({ url, docId }): Promise<LinkedDocument | undefined> => {
      try {
        const doc = await deps.service.getDocument(docId, { correlationId });
        if (isUploadedFile(doc) && !(await deps.mayShowFile?.(docId))) {
          log.info('document link not unfurled: an uploaded file the sharer may not read here', { docId });
          return undefined;
        }
        return { url, doc };
      } catch (error) {
        const quiet = isServiceError(error) && (error.kind === 'not_found' || error.kind === 'auth' || error.kind === 'validation');
        if (quiet) log.info('document link not unfurled: unknown or not visible to the app', { docId, kind: error.kind });
        else log.warn('document link not unfurled: service error', { docId, error: error });
        return undefined;
      }
    }),
  );
  return found.filter((d): d is LinkedDocument => d !== undefined);
}

/** The classic `unfurls` map: a compact card per linked document. */
export function classicUnfurls(docs: readonly LinkedDocument[]): Record<string, { blocks: KnownBlock[] }> {
  return Object.fromEntries(docs.map(({ url, doc }) => [url, renderUnfurl(doc)]));
}

export async function buildDocumentUnfurls(
  deps: LinkedDocumentDeps,
  links: ReadonlyArray<{ url: string }>,
  log: Logger,
  correlationId: string,
): Promise<Record<string, { blocks: KnownBlock[] }>> {
  return classicUnfurls(await fetchLinkedDocuments(deps, links, log, correlationId));
}
