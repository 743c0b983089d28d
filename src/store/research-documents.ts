/**
 * Files added to research folders from Slack (issue 31): one record per document, listed by
 * workspace and folder; the claim that makes one Slack file in one folder one document; and the
 * marker that makes each outcome told exactly once, whichever replica or restart gets there.
 */
import { keys, TTL } from './keys.js';
import { readJsonRecord, updateJsonRecord } from './json-record.js';
import type { ResearchDocumentRecord } from './records.js';
import type { StateStore } from './state-store.js';

/** What a claim on a Slack file in a folder found. */
export type FileClaim = { claimed: true } | { claimed: false; docId?: string };

/** A claim outlives any upload (download, multipart send) but not a crash: then the file can be added again. */
const CLAIM_MS = 15 * 60_000;
const CLAIMING = 'claiming';

export class ResearchDocuments {
  constructor(private readonly store: StateStore) {}

  /**
   * Claims a Slack file for a folder. Not claimed when someone is adding it right now (no docId)
   * or it is already there (its docId).
   */
  async claimFile(teamId: string, folderId: string, slackFileId: string): Promise<FileClaim> {
    const key = keys.researchDocumentFile(teamId, folderId, slackFileId);
    if (await this.store.setIfAbsent(key, CLAIMING, CLAIM_MS)) return { claimed: true };
    const held = await this.store.get(key);
    return held === null || held === CLAIMING ? { claimed: false } : { claimed: false, docId: held };
  }

  /** Gives a claim up (the add failed and left nothing behind), so the file can be added again. */
  async releaseFile(teamId: string, folderId: string, slackFileId: string): Promise<void> {
    await this.store.deleteIfEquals(keys.researchDocumentFile(teamId, folderId, slackFileId), CLAIMING);
  }

  /** Stores the record and turns the file's claim into its doc id. */
  async save(record: ResearchDocumentRecord): Promise<void> {
    await this.store.set(keys.researchDocument(record.teamId, record.docId), JSON.stringify(record), TTL.folderMs);
    await this.store.set(keys.researchDocumentFile(record.teamId, record.folderId, record.slackFileId), record.docId, TTL.folderMs);
  }

  async get(teamId: string, docId: string): Promise<ResearchDocumentRecord | null> {
    return readJsonRecord<ResearchDocumentRecord>(this.store, keys.researchDocument(teamId, docId));
  }

  /** Changes a record in place (compare-and-replace); undefined when it is gone. */
  async update(
    teamId: string,
    docId: string,
    change: (record: ResearchDocumentRecord) => ResearchDocumentRecord | undefined,
  ): Promise<ResearchDocumentRecord | undefined> {
    const updated = await updateJsonRecord<ResearchDocumentRecord>(
      this.store,
      keys.researchDocument(teamId, docId),
      (current) => (current === null ? undefined : change(current)),
      TTL.folderMs,
    );
    return updated ?? undefined;
  }

  /** A workspace's documents, newest first; only one folder's with `folderId`. */
  async list(teamId: string, folderId?: string): Promise<ResearchDocumentRecord[]> {
    const found = await this.readAll(keys.researchDocumentPrefix(teamId));
    return found.filter((d) => folderId === undefined || d.folderId === folderId).sort((a, b) => b.addedAtMs - a.addedAtMs);
  }

  /** The documents added in one thread (a question there passes them to the agent). */
  async inThread(teamId: string, channelId: string, threadTs: string): Promise<ResearchDocumentRecord[]> {
    const all = await this.list(teamId);
    return all.filter((d) => d.notice.channelId === channelId && d.notice.threadTs === threadTs);
  }

  /** Every workspace's documents still processing: what a restart follows again. */
  async processing(): Promise<ResearchDocumentRecord[]> {
    return (await this.readAll(keys.researchDocumentPrefix())).filter((d) => d.status === 'processing');
  }

  /** True for the one caller that should tell the user this document's outcome. */
  async claimTelling(teamId: string, docId: string): Promise<boolean> {
    // Stryker disable next-line StringLiteral: equivalent, the marker's value is never read, only its presence counts.
    return this.store.setIfAbsent(keys.researchDocumentTold(teamId, docId), '1', TTL.folderMs);
  }

  /** Forgets a document (deleted, or its add undone) and its file claim. */
  async remove(record: Pick<ResearchDocumentRecord, 'teamId' | 'docId' | 'folderId' | 'slackFileId'>): Promise<void> {
    await this.store.delete(keys.researchDocument(record.teamId, record.docId));
    await this.store.delete(keys.researchDocumentFile(record.teamId, record.folderId, record.slackFileId));
  }

  private async readAll(prefix: string): Promise<ResearchDocumentRecord[]> {
    const found = await Promise.all((await this.store.keys(prefix)).map((k) => readJsonRecord<ResearchDocumentRecord>(this.store, k)));
    return found.filter((d): d is ResearchDocumentRecord => d !== null);
  }
}
