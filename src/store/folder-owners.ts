/** Who created a folder, for the delete permission check (creator or workspace admin). */
import { keys, TTL } from './keys.js';
import { readJsonRecord } from './json-record.js';
import type { FolderRecord } from './records.js';
import type { StateStore } from './state-store.js';

export class FolderOwners {
  constructor(private readonly store: StateStore) {}

  async save(folder: FolderRecord): Promise<void> {
    await this.store.set(keys.folder(folder.teamId, folder.folderId), JSON.stringify(folder), TTL.folderMs);
  }

  async get(teamId: string, folderId: string): Promise<FolderRecord | null> {
    return readJsonRecord<FolderRecord>(this.store, keys.folder(teamId, folderId));
  }

  /** A workspace's folders (those created through the app), oldest first. */
  async list(teamId: string): Promise<FolderRecord[]> {
    const found = await Promise.all(
      (await this.store.keys(keys.folderPrefix(teamId))).map((k) => readJsonRecord<FolderRecord>(this.store, k)),
    );
    return found.filter((f): f is FolderRecord => f !== null).sort((a, b) => a.createdAtMs - b.createdAtMs);
  }

  async remove(teamId: string, folderId: string): Promise<void> {
    await this.store.delete(keys.folder(teamId, folderId));
  }
}
