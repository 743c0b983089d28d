/**
 * "Download CSV" / "Download XLSX" on a table card: reads the card's source command again, asks
 * its kind's descriptor for the data and the tables (full precision: export/), writes the file and
 * uploads it — into the card's thread for a card everyone sees; for an ephemeral card (a file
 * cannot be ephemeral) into the user's DM with the app, with an ephemeral note saying where it went.
 */
import type { ListenerRegistry } from '../kit/listener-router.js';
import { isSlackCallError } from '../../slack-api/slack-call-error.js';
import { ACTION_IDS, actionIdPattern } from '../blocks/action-ids.js';
import { renderNotice } from '../blocks/error-card.js';
import { exportFileName } from '../kit/export/export-file-name.js';
import { writeCsv } from '../kit/export/write-csv.js';
import { writeXlsx } from '../kit/export/write-xlsx.js';
import { respondEphemeral } from '../kit/deliver-card.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { buttonListener, type ButtonClick, type ButtonInteraction } from '../kit/button-interaction.js';
import type { ExportFile } from '../kit/export/upload-export-file.js';
import { deliverExport } from '../kit/export/deliver-export.js';
import { financialsAction, kindContext } from './financials-card.js';
import { readCardButton } from './read-financials-text.js';

type ExportFormat = 'csv' | 'xlsx';

/** Slack answers these when file uploads are not allowed for the app at all. */
const UPLOADS_REFUSED = new Set([
  'missing_scope',
  'not_allowed_token_type',
  'file_uploads_disabled',
  'file_upload_size_restricted',
  'restricted_action',
]);

async function exportCard(format: ExportFormat, deps: ListenerDeps, click: ButtonInteraction): Promise<void> {
  const request = readCardButton(click.value, new Date(deps.clock()));
  if (!request) {
    return respondEphemeral(
      click.respond,
      renderNotice('This button no longer matches a card I can export. Run the command again and use the new card’s button.'),
    );
  }
  const { descriptor, args } = request;
  if (!descriptor.export)
    return respondEphemeral(click.respond, renderNotice(`${financialsAction(request)} has no single table to export.`));
  const today = new Date(deps.clock()).toISOString().slice(0, 10);
  const service = await deps.workspaces.service(click.workspace);
  const data = await descriptor.fetch(
    args,
    kindContext(service, { correlationId: click.correlationId, log: click.log, now: deps.clock() }, 'export'),
  );
  const { table, sheets } = descriptor.export(data);
  const file: ExportFile = {
    filename: exportFileName(table.name, today, format),
    title: `${table.title} (${format.toUpperCase()})`,
    content: format === 'csv' ? writeCsv(table) : await writeXlsx(sheets ?? [table]),
  };
  try {
    // Recorded from upload to share: a process killed in between leaves it to resume-pending-exports.ts.
    const delivered = await deliverExport(
      { pendingExports: deps.stores.pendingExports, clock: deps.clock, holderId: deps.relay.instanceId, log: click.log },
      click.client,
      {
        workspace: click.workspace,
        userId: click.userId,
        format,
        file,
        origin: click.channelId ? { channelId: click.channelId } : {},
        ...(!click.isEphemeral && click.channelId && click.threadTs
          ? { thread: { channelId: click.channelId, threadTs: click.threadTs } }
          : {}),
        dmNote: `Here is ${financialsAction(request)} as ${format.toUpperCase()}.`,
      },
    );
    if (delivered.where === 'thread') return;
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
