/**
 * App Home's *Research folders* section: the folders the viewer sees, each with Open (its card)
 * and Delete where they may, and its newest files with their status and Delete where they may.
 * At most HOME_DOCUMENTS_MAX_BLOCKS blocks by construction, so the Home tab stays inside Slack's
 * 100 (src/slack/home/app-home-view.ts gives the section that many). Pure.
 */
import type { Button, KnownBlock } from '@slack/types';
import { ACTION_IDS, indexedActionId } from '../../blocks/action-ids.js';
import { actions, button, context, divider, header, section } from '../../blocks/card-parts.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import { excerpt } from '../../blocks/format.js';
import { encodeSimple } from '../../kit/button-values.js';
import { documentLine, fileCounts } from './document-rows.js';
import { type DocumentViewer, mayDeleteDocument, mayDeleteFolder } from './document-viewer.js';
import { deleteDocumentButton, type FolderListEntry, openFolderButton } from './folder-files-card.js';

export const HOME_DOCUMENTS_MAX_BLOCKS = 15;
/** Files shown under each folder; the rest are on its card. */
const FILES_PER_FOLDER = 3;

function folderBlocks(entry: FolderListEntry, viewer: DocumentViewer, index: number, firstFile: number): KnownBlock[] {
  const { folder, docs } = entry;
  const buttons: Button[] = [openFolderButton(folder, index)];
  if (mayDeleteFolder(viewer, folder))
    buttons.push(
      button({
        text: 'Delete folder',
        actionId: indexedActionId(ACTION_IDS.folderDelete, index),
        value: encodeSimple({ f: folder.folderId }),
        style: 'danger',
      }),
    );
  const blocks: KnownBlock[] = [section(`📁 *${escapeMrkdwn(excerpt(folder.name, 140))}* · ${fileCounts(docs)}`), actions(buttons)];
  const shown = docs.slice(0, FILES_PER_FOLDER);
  shown.forEach((doc, i) => {
    blocks.push(section(documentLine(doc), mayDeleteDocument(viewer, doc, folder) ? deleteDocumentButton(doc, firstFile + i) : undefined));
  });
  if (docs.length > shown.length) blocks.push(context(`…and ${docs.length - shown.length} more files: *Open* the folder`));
  return blocks;
}

export function renderHomeDocuments(entries: readonly FolderListEntry[], viewer: DocumentViewer): KnownBlock[] {
  const blocks: KnownBlock[] = [divider(), header('Research folders')];
  if (entries.length === 0) {
    blocks.push(
      section(
        'None yet. Share a file with Research Desk in a DM and press *Add to research folder*; then `/research <words> in:"<folder>"` searches inside it.',
      ),
    );
    return blocks;
  }
  // One block is kept for the "and N more folders" line.
  const room = HOME_DOCUMENTS_MAX_BLOCKS - blocks.length - 1;
  let used = 0;
  let shown = 0;
  let firstFile = 0;
  for (const [i, entry] of entries.entries()) {
    const next = folderBlocks(entry, viewer, i, firstFile);
    if (used + next.length > room) break;
    blocks.push(...next);
    used += next.length;
    shown += 1;
    firstFile += FILES_PER_FOLDER;
  }
  if (entries.length > shown) blocks.push(context(`…and ${entries.length - shown} more folders: \`/research folders\``));
  return blocks;
}
