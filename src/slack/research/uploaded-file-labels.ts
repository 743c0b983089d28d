/**
 * Which documents of a results card are files the workspace added from Slack (issue 31): their
 * Slack file name and folder, from the workspace's own records, so the card shows them as such.
 * Records are kept per workspace: another workspace's file is never labelled here.
 */
import type { AppStores } from '../../store/app-stores.js';

export interface UploadedFileLabel {
  fileName: string;
  folderName: string;
}

export type FileLabels = ReadonlyMap<string, UploadedFileLabel>;
export type FileLabeler = (docIds: readonly string[]) => Promise<FileLabels>;

export function uploadedFileLabeler(stores: Pick<AppStores, 'documents' | 'folders'>, teamId: string): FileLabeler {
  return async (docIds) => {
    const records = (await Promise.all(docIds.map((id) => stores.documents.get(teamId, id)))).filter((r) => r !== null);
    if (records.length === 0) return new Map();
    const folders = new Map((await stores.folders.list(teamId)).map((f) => [f.folderId, f.name]));
    return new Map(records.map((r) => [r.docId, { fileName: r.fileName, folderName: folders.get(r.folderId) ?? r.folderId }]));
  };
}
