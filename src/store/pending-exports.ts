/**
 * CSV/XLSX exports between their upload and their share (Slack's external upload is two calls:
 * files.getUploadURLExternal, then files.completeUploadExternal). A process that dies in between
 * leaves the record, and whoever takes it over finishes the share or tells the user
 * (src/slack/kit/export/resume-pending-exports.ts). The process working on an export holds its
 * lease; a dead holder's lease lapses, or its own instance, restarted, takes it back at once.
 */
import { keys, leaseNames, TTL } from './keys.js';
import { readJsonRecord } from './json-record.js';
import type { StateStore } from './state-store.js';

/** Where the file goes: the card's thread, or the user's DM with the app (its id once known). */
export type ExportTarget = { kind: 'thread'; channelId: string; threadTs: string } | { kind: 'dm'; channelId?: string };

export interface PendingExport {
  teamId: string;
  enterpriseId?: string;
  isEnterpriseInstall?: boolean;
  exportId: string;
  userId: string;
  /** The file's name (only safe characters: export-file-name.ts) and its title in Slack. */
  filename: string;
  title: string;
  format: 'csv' | 'xlsx';
  /** The DM's line before the file (app text naming what was exported). */
  dmNote: string;
  /** Where the user clicked: a note about a lost export goes there, only to them. */
  origin: { channelId?: string };
  target: ExportTarget;
  /** Slack's id for the file once reserved; without it nothing reached Slack that can be shared. */
  fileId?: string;
  startedAtMs: number;
}

/** Longer than any export takes (seconds, a minute with Slack's rate limits): the holder never renews. */
export const EXPORT_LEASE_MS = 5 * 60_000;

export class PendingExports {
  constructor(private readonly store: StateStore) {}

  /** Records a new export and takes its lease for `holderId`; false if the id is taken. */
  async begin(record: PendingExport, holderId: string): Promise<boolean> {
    const lease = keys.lease(leaseNames.export(record.teamId, record.exportId));
    if (!(await this.store.setIfAbsent(lease, holderId, EXPORT_LEASE_MS))) return false;
    await this.save(record);
    return true;
  }

  async save(record: PendingExport): Promise<void> {
    await this.store.set(keys.pendingExport(record.teamId, record.exportId), JSON.stringify(record), TTL.pendingExportMs);
  }

  async list(): Promise<PendingExport[]> {
    const found = await Promise.all(
      (await this.store.keys(keys.pendingExportPrefix)).map((key) => readJsonRecord<PendingExport>(this.store, key)),
    );
    return found.filter((r): r is PendingExport => r !== null);
  }

  /**
   * Takes over an export whose process is gone: its lease is free (the holder died and it lapsed),
   * or held by `holderId` itself for an export begun before `processStartedAtMs` (this instance's
   * previous process). True when taken.
   */
  async takeOver(record: PendingExport, holderId: string, processStartedAtMs: number): Promise<boolean> {
    const lease = keys.lease(leaseNames.export(record.teamId, record.exportId));
    if (await this.store.setIfAbsent(lease, holderId, EXPORT_LEASE_MS)) return true;
    if (record.startedAtMs >= processStartedAtMs) return false;
    return this.store.replaceIfEquals(lease, holderId, holderId, EXPORT_LEASE_MS);
  }

  /** The export is shared, told, or failed with an answer to the user: nothing is left to do. */
  async finish(record: Pick<PendingExport, 'teamId' | 'exportId'>, holderId: string): Promise<void> {
    await this.store.delete(keys.pendingExport(record.teamId, record.exportId));
    await this.store.deleteIfEquals(keys.lease(leaseNames.export(record.teamId, record.exportId)), holderId);
  }
}
