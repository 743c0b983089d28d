/**
 * Uploaded files among a card's results (issue 31). The service account may be shared — every
 * workspace of an Enterprise Grid org uses the org's — so the service finds every workspace's
 * files: a file is shown only when it is one of this workspace's records and the user may read
 * it (they added it, created its folder, or are an admin of this workspace: who may search a
 * folder, src/slack/kit/permissions/folder-search-permission.ts). Others are hidden and counted.
 * Shown files carry their Slack file name and folder.
 * @see https://docs.slack.dev/reference/methods/users.info
 */
import { type SlackUserInfo, standingOf } from '../kit/permissions/document-access.js';
import type { WebClient } from '@slack/web-api';
import type { AppStores } from '../../store/app-stores.js';
import type { FolderRecord, ResearchDocumentRecord } from '../../store/records.js';

export interface UploadedFileLabel {
  fileName: string;
  folderName: string;
}

export type FileLabels = ReadonlyMap<string, UploadedFileLabel>;

export interface FileView {
  labels: FileLabels;
  /** Results the user may not see: another workspace's files, or files in folders they cannot search. */
  hidden: ReadonlySet<string>;
}

export type FileLabeler = (docs: ReadonlyArray<{ id: string; category?: string | undefined }>) => Promise<FileView>;

export interface FileReader {
  teamId: string;
  userId: string;
  client: WebClient;
}

type Stores = Pick<AppStores, 'documents' | 'folders'>;

/** An admin or owner of this very workspace (users.info names the user's own team). */
async function isAdminHere(reader: FileReader): Promise<boolean> {
  const { user } = await reader.client.users.info({ user: reader.userId });
  return standingOf({ teamId: reader.teamId }, user as SlackUserInfo | undefined).isAdmin;
}

/** The workspace's files the user may read, with the workspace's folders. */
export async function readableFiles(
  stores: Stores,
  reader: FileReader,
): Promise<{ readable: ResearchDocumentRecord[]; all: ResearchDocumentRecord[]; folders: Map<string, FolderRecord> }> {
  const [all, folderList] = await Promise.all([stores.documents.list(reader.teamId), stores.folders.list(reader.teamId)]);
  const folders = new Map(folderList.map((f) => [f.folderId, f]));
  const own = (d: ResearchDocumentRecord) => d.addedBy === reader.userId || folders.get(d.folderId)?.createdBy === reader.userId;
  const readable = all.every(own) ? all : (await isAdminHere(reader)) ? all : all.filter(own);
  return { readable, all, folders };
}

export function uploadedFileLabeler(stores: Stores, reader: FileReader): FileLabeler {
  return async (docs) => {
    const ours = (await Promise.all(docs.map((d) => stores.documents.get(reader.teamId, d.id)))).filter((r) => r !== null);
    const files = docs.filter((d) => d.category === 'files' || ours.some((r) => r.docId === d.id));
    if (files.length === 0) return { labels: new Map(), hidden: new Set() };
    const { readable, folders } = await readableFiles(stores, reader);
    const readableIds = new Set(readable.map((r) => r.docId));
    const labels = new Map(
      readable
        .filter((r) => files.some((d) => d.id === r.docId))
        .map((r) => [r.docId, { fileName: r.fileName, folderName: folders.get(r.folderId)?.name ?? r.folderId }] as const),
    );
    return { labels, hidden: new Set(files.filter((d) => !readableIds.has(d.id)).map((d) => d.id)) };
  };
}
