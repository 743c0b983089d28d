/**
 * The folder card (`/research folder <name>`, Open on App Home): the folder's files with their
 * status, who added each and when, Delete where the viewer may; and the list of folders
 * (`/research folders`). Capped by construction, then clamped. Pure.
 */
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import type { FolderRecord, ResearchDocumentRecord } from '../../../store/records.js';
import { ACTION_IDS, indexedActionId } from '../../blocks/action-ids.js';
import { button, context, header, section } from '../../blocks/card-parts.js';
import { escapeMrkdwn, inlineCode } from '../../blocks/escape.js';
import { displayDate, excerpt } from '../../blocks/format.js';
import { clampMessage } from '../../blocks/limits.js';
import { encodeSimple } from '../../kit/button-values.js';
import { documentLine, fileCounts, userMention } from './document-rows.js';

/** Files (one block each) and folders a card lists before "and N more": well inside 50 blocks. */
export const MAX_CARD_FILES = 30;
export const MAX_CARD_FOLDERS = 30;

export interface FolderCardInput {
  folder: FolderRecord;
  /** The files the viewer sees, newest first. */
  docs: ResearchDocumentRecord[];
  /** The viewer sees only the files they added (not the folder's creator nor an admin). */
  ownFilesOnly: boolean;
  mayDelete: (doc: ResearchDocumentRecord) => boolean;
  /** What just happened (a file deleted), shown at the top; plain text. */
  notice?: string;
  timeZone?: string;
}

export function deleteDocumentButton(doc: ResearchDocumentRecord, index: number) {
  return button({
    text: 'Delete',
    actionId: indexedActionId(ACTION_IDS.documentDelete, index),
    value: encodeSimple({ d: doc.docId }),
    accessibilityLabel: `Delete ${excerpt(doc.fileName, 60)}`,
  });
}

export function openFolderButton(folder: FolderRecord, index: number) {
  return button({ text: 'Open', actionId: indexedActionId(ACTION_IDS.folderOpen, index), value: encodeSimple({ f: folder.folderId }) });
}

/** `in:"Q3 notes"` as the user would type it. */
export const inFolder = (name: string): string => `in:"${name.replace(/"/g, '')}"`;

export function renderFolderFilesCard(input: FolderCardInput): SlackMessage {
  const { folder, docs } = input;
  const tz = input.timeZone ?? 'UTC';
  const created = displayDate(folder.createdAtMs, tz);
  const blocks: KnownBlock[] = [header(`📁 ${excerpt(folder.name, 140)}`)];
  if (input.notice) blocks.push(section(escapeMrkdwn(input.notice)));
  blocks.push(
    context(
      `${inlineCode(escapeMrkdwn(folder.folderId))} · created by ${userMention(folder.createdBy)}${created ? ` on ${created}` : ''} · ${fileCounts(docs)}`,
    ),
  );
  if (input.ownFilesOnly) blocks.push(context('You see the files you added. The folder’s creator and workspace admins see them all.'));
  if (docs.length === 0)
    blocks.push(section('No files yet. Share a file with Research Desk in a DM, then press *Add to research folder*.'));
  const shown = docs.slice(0, MAX_CARD_FILES);
  shown.forEach((doc, i) => {
    blocks.push(section(documentLine(doc, tz), input.mayDelete(doc) ? deleteDocumentButton(doc, i) : undefined));
  });
  if (docs.length > shown.length) blocks.push(context(`…and ${docs.length - shown.length} more files`));
  if (!input.ownFilesOnly && docs.some((d) => d.status === 'searchable'))
    blocks.push(context(`Search inside: ${inlineCode(escapeMrkdwn(`/research <words> ${inFolder(folder.name)}`))}`));
  const text = `Folder ${folder.name}: ${fileCounts(docs)}`;
  return clampMessage({ text: escapeMrkdwn(text), blocks });
}

export interface FolderListEntry {
  folder: FolderRecord;
  /** The files the viewer sees in it. */
  docs: ResearchDocumentRecord[];
}

export function renderFolderList(entries: FolderListEntry[], timeZone = 'UTC'): SlackMessage {
  const blocks: KnownBlock[] = [header('Research folders')];
  if (entries.length === 0)
    blocks.push(
      section(
        'No folders you can see yet. Create one with `/research folder create "Q3 notes"`, or share a file with Research Desk in a DM and press *Add to research folder*.',
      ),
    );
  const shown = entries.slice(0, MAX_CARD_FOLDERS);
  shown.forEach(({ folder, docs }, i) => {
    const created = displayDate(folder.createdAtMs, timeZone);
    blocks.push(
      section(
        `📁 *${escapeMrkdwn(excerpt(folder.name, 140))}* ${inlineCode(escapeMrkdwn(folder.folderId))} · ${fileCounts(docs)} · created by ${userMention(folder.createdBy)}${created ? ` on ${created}` : ''}`,
        openFolderButton(folder, i),
      ),
    );
  });
  if (entries.length > shown.length) blocks.push(context(`…and ${entries.length - shown.length} more folders`));
  blocks.push(context('Open a folder to see its files; `/research <words> in:"<folder name>"` searches one.'));
  return clampMessage({ text: escapeMrkdwn(`Research folders: ${entries.length}`), blocks });
}
