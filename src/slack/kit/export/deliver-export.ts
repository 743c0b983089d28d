/**
 * Uploads an export and shares it where its card asked — the card's thread, else (an ephemeral
 * card, or a channel the app cannot post in) the user's DM with the app — with a record in the
 * store from before the upload until the share, so a process killed between Slack's two upload
 * calls leaves something a restart can finish (resume-pending-exports.ts). Both paths share
 * through `shareRecordedExport`, which records each step before taking the next.
 */
import { randomUUID } from 'node:crypto';
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import { isSlackCallError } from '../../../slack-api/slack-call-error.js';
import type { PendingExport, PendingExports } from '../../../store/pending-exports.js';
import type { WorkspaceRef } from '../../../workspaces/workspace-ref.js';
import { type ExportFile, postToUserDm, shareStagedFile, stageExportFile } from './upload-export-file.js';

/** Slack answers these when the app cannot share into the card's channel (it was posted through a response_url). */
const CANNOT_SHARE_THERE = new Set(['not_in_channel', 'channel_not_found', 'is_archived', 'invalid_thread_ts']);

export interface ExportDeps {
  pendingExports: PendingExports;
  clock: () => number;
  /** This process's instance id: the export's lease holder. */
  holderId: string;
  log: Logger;
}

export interface ExportRequest {
  workspace: WorkspaceRef;
  userId: string;
  format: 'csv' | 'xlsx';
  file: ExportFile;
  /** Where the click was: notes about this export go there. */
  origin: { channelId?: string };
  /** The card's thread, for a card everyone sees; else the file goes to the DM. */
  thread?: { channelId: string; threadTs: string };
  /** The DM's first line before the file (plain text from the app, no user input). */
  dmNote: string;
}

export type ExportDelivered = { where: 'thread' } | { where: 'dm' };

export async function deliverExport(deps: ExportDeps, client: WebClient, request: ExportRequest): Promise<ExportDelivered> {
  const { workspace, file } = request;
  let record: PendingExport = {
    teamId: workspace.teamId,
    ...(workspace.enterpriseId ? { enterpriseId: workspace.enterpriseId } : {}),
    ...(workspace.isEnterpriseInstall ? { isEnterpriseInstall: true } : {}),
    exportId: randomUUID(),
    userId: request.userId,
    filename: file.filename,
    title: file.title,
    format: request.format,
    dmNote: request.dmNote,
    origin: request.origin,
    target: request.thread ? { kind: 'thread', ...request.thread } : { kind: 'dm' },
    startedAtMs: deps.clock(),
  };
  await deps.pendingExports.begin(record, deps.holderId);
  const finish = () =>
    deps.pendingExports.finish(record, deps.holderId).catch((error: unknown) => {
      deps.log.warn('export record not removed; a sweep will find it shared or tell the user again', { error });
    });
  try {
    const fileId = await stageExportFile(client, file, async (id) => {
      record = { ...record, fileId: id };
      await deps.pendingExports.save(record);
    });
    const delivered = await shareRecordedExport(deps, client, { ...record, fileId });
    await finish();
    return delivered;
  } catch (error) {
    // Refused for good: the click's failure reply tells the user, nothing is left to resume. Slack
    // unreachable (or a retryable refusal): the record stays, so a sweep shares the file or tells
    // the user once Slack answers, in this process after the lease lapses or in the next one.
    if (isSlackCallError(error) && !error.retryable) await finish();
    else deps.log.warn('export left to the sweep: Slack did not take it now', { error });
    throw error;
  }
}

/**
 * Shares an uploaded export at its target; a thread Slack will not take sends it to the DM
 * instead. The DM's channel is recorded once opened, so a resumed share does not post its note twice.
 */
export async function shareRecordedExport(
  deps: Pick<ExportDeps, 'pendingExports' | 'log'>,
  client: WebClient,
  record: PendingExport & { fileId: string },
): Promise<ExportDelivered> {
  let current = record;
  if (current.target.kind === 'thread') {
    try {
      await shareStagedFile(client, current.fileId, current.title, {
        channel: current.target.channelId,
        threadTs: current.target.threadTs,
      });
      deps.log.info('export shared in thread', { format: current.format, filename: current.filename });
      return { where: 'thread' };
    } catch (error) {
      // The file is not shared yet: it can still go to the DM.
      if (!isSlackCallError(error) || !CANNOT_SHARE_THERE.has(error.code)) throw error;
      deps.log.info('export cannot go to the card thread; sending by DM', { slack_error: error.code });
      current = { ...current, target: { kind: 'dm' } };
      await deps.pendingExports.save(current);
    }
  }
  let dm = current.target.kind === 'dm' ? current.target.channelId : undefined;
  if (dm === undefined) {
    dm = await postToUserDm(client, current.userId, current.dmNote);
    await deps.pendingExports.save({ ...current, target: { kind: 'dm', channelId: dm } });
  }
  await shareStagedFile(client, current.fileId, current.title, { channel: dm });
  deps.log.info('export sent by DM', { format: current.format, filename: current.filename });
  return { where: 'dm' };
}
