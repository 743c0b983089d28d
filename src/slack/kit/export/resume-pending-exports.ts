/**
 * Exports a dead process left between Slack's two upload calls (deliver-export.ts recorded them).
 * Swept at start and then on an interval: this instance's own, begun before this process started,
 * at once; another replica's once its lease lapsed. A file Slack holds is shared where it was
 * going (completing a file twice shares it once); one Slack does not hold, or refuses for good,
 * is told to the user, only to them in the channel where they clicked (else in their DM), with
 * how to get it.
 * A Slack that cannot be reached leaves the record to the next sweep.
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import { isSlackCallError } from '../../../slack-api/slack-call-error.js';
import type { PendingExport } from '../../../store/pending-exports.js';
import type { ListenerDeps } from '../listener-deps.js';
import { shareRecordedExport } from './deliver-export.js';

export interface ExportSweep {
  log: Logger;
  /** When this process started: this instance's exports begun earlier belong to a dead process. */
  processStartedAtMs: number;
}

/** Returns how many interrupted exports were settled (shared, or told). */
export async function resumePendingExports(deps: ListenerDeps, sweep: ExportSweep): Promise<number> {
  const store = deps.stores.pendingExports;
  const holderId = deps.relay.instanceId;
  let settled = 0;
  for (const record of await store.list()) {
    if (!(await store.takeOver(record, holderId, sweep.processStartedAtMs))) continue;
    const log = sweep.log.child({ component: 'resume-exports', team: record.teamId, export: record.exportId });
    if (await settle(deps, record, log)) {
      await store.finish(record, holderId);
      settled += 1;
    }
  }
  return settled;
}

/** True when nothing is left to do for the record. */
async function settle(deps: ListenerDeps, record: PendingExport, log: Logger): Promise<boolean> {
  let client: WebClient;
  try {
    client = await deps.workspaces.slackClient({
      teamId: record.teamId,
      ...(record.enterpriseId ? { enterpriseId: record.enterpriseId } : {}),
      ...(record.isEnterpriseInstall ? { isEnterpriseInstall: true } : {}),
    });
  } catch (error) {
    // Uninstalled meanwhile: there is nobody left to tell.
    log.warn('interrupted export dropped: the workspace has no Slack client', { error });
    return true;
  }
  const { fileId } = record;
  if (fileId !== undefined) {
    try {
      const delivered = await shareRecordedExport({ pendingExports: deps.stores.pendingExports, log }, client, { ...record, fileId });
      log.info('interrupted export shared', { where: delivered.where, filename: record.filename });
      return true;
    } catch (error) {
      if (!isSlackCallError(error) || error.retryable) {
        log.warn('interrupted export not shared yet; the next sweep tries again', { error });
        return false;
      }
      log.warn('interrupted export refused by Slack; telling the user', { slack_error: error.code });
    }
  }
  return tellExportLost(client, record, log);
}

function lostText(record: PendingExport): string {
  const format = record.format.toUpperCase();
  // The file name holds only letters, digits, dots, dashes and underscores (export-file-name.ts).
  return `Your ${format} file ${record.filename} did not arrive: Research Desk restarted before Slack had all of it. Press Download ${format} on the card again to get it.`;
}

async function tellExportLost(client: WebClient, record: PendingExport, log: Logger): Promise<boolean> {
  const text = lostText(record);
  const { channelId } = record.origin;
  if (channelId !== undefined) {
    try {
      // In the channel, not the card's thread: Slack shows an ephemeral in a thread only once the
      // thread exists, and a card whose file never arrived may have none.
      // @see https://docs.slack.dev/reference/methods/chat.postEphemeral
      await client.chat.postEphemeral({ channel: channelId, user: record.userId, text });
      log.info('interrupted export told to the user', { via: 'ephemeral', filename: record.filename });
      return true;
    } catch (error) {
      // E.g. a channel the app is not in (the card came through a response_url): the DM still reaches them.
      log.info('interrupted export note could not go where the user clicked; sending by DM', { error });
    }
  }
  try {
    await client.chat.postMessage({ channel: record.userId, text });
    log.info('interrupted export told to the user', { via: 'dm', filename: record.filename });
    return true;
  } catch (error) {
    log.warn('could not tell the user their export was interrupted; the next sweep tries again', { error });
    return false;
  }
}
