/**
 * "Download CSV" / "Download XLSX" on a table card: runs the card's source command again for the
 * data (fetch-financials-data.ts), builds the rows (export-table.ts), writes the file and uploads
 * it — into the card's thread for a card everyone sees; for an ephemeral card (a file cannot be
 * ephemeral) into the user's DM with the app, with an ephemeral note saying where it went.
 */
import type { ListenerRegistry } from '../kit/listener-router.js';
import { isSlackCallError } from '../../slack-api/slack-call-error.js';
import { ACTION_IDS, actionIdPattern } from '../blocks/action-ids.js';
import { decodeCardSource } from '../kit/card-actions.js';
import { renderNotice } from '../blocks/error-card.js';
import { parseFinancialsArgs } from './args/parse-financials-args.js';
import { exportFileName } from '../kit/export/export-file-name.js';
import { exportSheetsOf, exportTableOf } from './export/export-table.js';
import { writeCsv } from '../kit/export/write-csv.js';
import { writeXlsx } from '../kit/export/write-xlsx.js';
import { respondEphemeral } from '../kit/deliver-card.js';
import { financialsAction } from './fetch/fetch-financials-card.js';
import { fetchFinancialsData } from './fetch/fetch-financials-data.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { buttonListener, type ButtonClick, type ButtonInteraction } from '../kit/button-interaction.js';
import { postToUserDm, shareStagedFile, stageExportFile, type ExportFile } from '../kit/export/upload-export-file.js';

type ExportFormat = 'csv' | 'xlsx';

/** Slack answers these when the app cannot share into the card's channel (it was posted through a response_url). */
const CANNOT_SHARE_THERE = new Set(['not_in_channel', 'channel_not_found', 'is_archived', 'invalid_thread_ts']);
/** Slack answers these when file uploads are not allowed for the app at all. */
const UPLOADS_REFUSED = new Set([
  'missing_scope',
  'not_allowed_token_type',
  'file_uploads_disabled',
  'file_upload_size_restricted',
  'restricted_action',
]);

async function exportCard(format: ExportFormat, deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  const source = decodeCardSource(click.value);
  const args = source?.command === '/financials' ? parseFinancialsArgs(source.text, new Date(deps.clock())) : undefined;
  if (!args || args.kind === 'help' || args.kind === 'usage' || args.kind === 'modal') {
    return respondEphemeral(
      click.respond,
      renderNotice('This button no longer matches a card I can export. Run the command again and use the new card’s button.'),
    );
  }
  const today = new Date(deps.clock()).toISOString().slice(0, 10);
  const data = await fetchFinancialsData(await deps.workspaces.service(click.workspace), args, {
    correlationId: click.correlationId,
    log: click.log,
    now: deps.clock(),
    today,
  });
  if (!data) return respondEphemeral(click.respond, renderNotice(`${financialsAction(args)} has no single table to export.`));
  const table = exportTableOf(data);
  const file: ExportFile = {
    filename: exportFileName(table.name, today, format),
    title: `${table.title} (${format.toUpperCase()})`,
    content: format === 'csv' ? writeCsv(table) : await writeXlsx(exportSheetsOf(data)),
  };
  try {
    const fileId = await stageExportFile(click.client, file);
    if (!click.isEphemeral && click.channelId && click.threadTs) {
      try {
        await shareStagedFile(click.client, fileId, file.title, { channel: click.channelId, threadTs: click.threadTs });
        click.log.info('export shared in thread', { format, filename: file.filename });
        return;
      } catch (error) {
        // The file is not shared yet: it can still go to the DM.
        if (!isSlackCallError(error) || !CANNOT_SHARE_THERE.has(error.code)) throw error;
        click.log.info('export cannot go to the card thread; sending by DM', { slack_error: error.code });
      }
    }
    const dm = await postToUserDm(click.client, click.userId, `Here is ${financialsAction(args)} as ${format.toUpperCase()}.`);
    await shareStagedFile(click.client, fileId, file.title, { channel: dm });
    click.log.info('export sent by DM', { format, filename: file.filename });
    await respondEphemeral(
      click.respond,
      renderNotice(`${file.filename} is in your direct messages with me (files cannot be shown only to you here).`, ':inbox_tray:'),
    );
  } catch (error) {
    if (isSlackCallError(error) && UPLOADS_REFUSED.has(error.code)) {
      click.log.warn('export upload refused', { slack_error: error.code });
      return respondEphemeral(
        click.respond,
        renderNotice(
          `Slack refused the file upload (${error.code}). Ask an admin to allow file uploads for this app (scope files:write).`,
          ':x:',
        ),
      );
    }
    throw error;
  }
}

export function registerExportActions(app: ListenerRegistry, deps: ListenerDeps): void {
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.cardCsv),
    buttonListener(deps, (d, click) => exportCard('csv', d, click), { action: 'the CSV download', retryAs: ACTION_IDS.cardCsv }),
  );
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.cardXlsx),
    buttonListener(deps, (d, click) => exportCard('xlsx', d, click), { action: 'the XLSX download', retryAs: ACTION_IDS.cardXlsx }),
  );
}
