/**
 * Who may read one document named by a button (Ask the agent, Summary, Key passages): the fence of
 * issue 31 around uploaded files. The service account may be shared — every workspace of an
 * Enterprise Grid org uses the org's — and a button's document id can be forged, so the id alone
 * never says the document may be read:
 *
 * - A file added to a research folder from this workspace (its record is kept under this team id)
 *   is read by whoever added it, the folder's creator, an admin or owner of this workspace (not of
 *   another workspace of the org), or anyone clicking in the conversation the file was added in
 *   (it was shared there already). A user of another organisation (Slack Connect) never reads it.
 * - A document with no record here is asked of the service: an uploaded file (category `files`)
 *   is another workspace's, or was not added through this one, and is refused; the shared research
 *   corpus (filings, reports, news…) is read as before. The service's own failures (not_found…)
 *   are thrown as they are, for the caller's usual handling.
 *
 * When Slack cannot say who the user is, the answer is no: the fence fails closed. The refusal
 * names nothing of the file.
 * @see https://docs.slack.dev/reference/methods/users.info
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import type { Category, DocumentDetail, ResearchService } from '../../../service/types.js';
import type { AppStores } from '../../../store/app-stores.js';
import type { FolderRecord, ResearchDocumentRecord } from '../../../store/records.js';
import { EXTERNAL_DATA_REFUSAL, isExternalUser } from './external-user.js';

/** Plain text, naming nothing of the file (the notice card escapes it). */
export const DOCUMENT_ACCESS_REFUSAL = 'That file is not in a research folder you can read in this workspace.';

/** The uploaded files' category at the service. */
export const UPLOADED_FILES_CATEGORY: Category = 'files';

export interface DocumentReader {
  teamId: string;
  userId: string;
  /** The installing org, for an Enterprise Grid install. */
  enterpriseId?: string;
  /** The conversation the click comes from. */
  channelId?: string;
}

export type DocumentAccess =
  | {
      allowed: true;
      /** This workspace's record of the file, when it is one. */
      record: ResearchDocumentRecord | null;
      /** The service's detail, when it was read to decide (a document with no record here). */
      detail?: DocumentDetail;
    }
  | { allowed: false; why: 'external' | 'not_reader' | 'unverified' | 'uploaded_elsewhere'; reason: string };

export interface DocumentAccessDeps {
  stores: Pick<AppStores, 'documents' | 'folders'>;
  service: Pick<ResearchService, 'getDocument'>;
  client: WebClient;
  log: Logger;
  correlationId?: string;
}

/** The reader as users.info describes them: of this organisation or not, admin of this workspace or not. */
export interface ReaderStanding {
  external: boolean;
  /** An admin or owner of this very workspace. */
  isAdmin: boolean;
}

/** The rule for a file this workspace keeps a record of (pure). */
export function mayReadFile(
  reader: Pick<DocumentReader, 'userId' | 'channelId'> & ReaderStanding,
  record: ResearchDocumentRecord,
  folder: FolderRecord | null,
): boolean {
  if (reader.external) return false;
  if (record.addedBy === reader.userId || reader.isAdmin) return true;
  if (folder !== null && folder.teamId === record.teamId && folder.createdBy === reader.userId) return true;
  // The notice always names its conversation, so a click from no conversation never matches.
  return record.notice.channelId === reader.channelId;
}

/** A document with no record in this workspace is refused when it is an uploaded file (pure). */
export const isUploadedFile = (detail: Pick<DocumentDetail, 'category'>): boolean => detail.category === UPLOADED_FILES_CATEGORY;

/** What the folder rules read of a users.info answer. */
export interface SlackUserInfo {
  team_id?: string;
  is_stranger?: boolean;
  is_admin?: boolean;
  is_owner?: boolean;
  is_primary_owner?: boolean;
  enterprise_user?: { enterprise_id?: string };
}

/** An admin or owner of the workspace users.info names as the user's own (`team_id`). */
export const isAdminOrOwner = (user: SlackUserInfo | undefined): boolean =>
  user?.is_admin === true || user?.is_owner === true || user?.is_primary_owner === true;

/**
 * What users.info says of the reader, as the folder rules read it (an admin counts in their own
 * workspace only): the one reading of it for documents, folder delete and folder search.
 */
export function standingOf(reader: Pick<DocumentReader, 'teamId' | 'enterpriseId'>, user: SlackUserInfo | undefined): ReaderStanding {
  const enterpriseId = user?.enterprise_user?.enterprise_id;
  const origin = {
    teamId: user?.team_id ?? reader.teamId,
    ...(enterpriseId ? { enterpriseId } : {}),
    ...(user?.is_stranger ? { stranger: true } : {}),
  };
  const installing = { teamId: reader.teamId, ...(reader.enterpriseId ? { enterpriseId: reader.enterpriseId } : {}) };
  const external = isExternalUser(installing, origin);
  const ownWorkspace = origin.teamId === reader.teamId;
  const isAdmin = !external && ownWorkspace && isAdminOrOwner(user);
  return { external, isAdmin };
}

async function standingFromSlack(deps: DocumentAccessDeps, reader: DocumentReader): Promise<ReaderStanding | undefined> {
  try {
    const user = (await deps.client.users.info({ user: reader.userId })).user as SlackUserInfo | undefined;
    return standingOf(reader, user);
  } catch (error) {
    deps.log.warn('users.info failed; the file is not read', { error });
    return undefined;
  }
}

export async function checkDocumentAccess(deps: DocumentAccessDeps, reader: DocumentReader, docId: string): Promise<DocumentAccess> {
  const record = await deps.stores.documents.get(reader.teamId, docId);
  if (record === null) {
    const detail = await deps.service.getDocument(docId, deps.correlationId ? { correlationId: deps.correlationId } : undefined);
    if (!isUploadedFile(detail)) return { allowed: true, record, detail };
    deps.log.info('document refused: an uploaded file with no record in this workspace', { doc: docId });
    return { allowed: false, why: 'uploaded_elsewhere', reason: DOCUMENT_ACCESS_REFUSAL };
  }
  const standing = await standingFromSlack(deps, reader);
  if (standing === undefined) return { allowed: false, why: 'unverified', reason: DOCUMENT_ACCESS_REFUSAL };
  if (standing.external) {
    deps.log.info('document refused: a user of another organisation', { doc: docId });
    return { allowed: false, why: 'external', reason: EXTERNAL_DATA_REFUSAL };
  }
  const folder = await deps.stores.folders.get(reader.teamId, record.folderId);
  if (mayReadFile({ ...reader, ...standing }, record, folder)) return { allowed: true, record };
  deps.log.info('document refused: not the adder, the folder’s creator, an admin, nor in its conversation', { doc: docId });
  return { allowed: false, why: 'not_reader', reason: DOCUMENT_ACCESS_REFUSAL };
}
