/** Folder results: created, confirm-before-delete, deleted (with the documents it held). */
import type { FolderCreated, FolderDeleted } from '../../service/types.js';
import { ACTION_IDS } from '../blocks/action-ids.js';
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../slack-api/slack-message.js';
import { encodeSimple } from '../kit/button-values.js';
import { actions, button, context, section } from '../blocks/card-parts.js';
import { escapeMrkdwn, inlineCode } from '../blocks/escape.js';
import { clampMessage } from '../blocks/limits.js';

const MAX_LISTED_DOCS = 40;

export function renderFolderCreated(folder: FolderCreated, name: string): SlackMessage {
  const id = inlineCode(escapeMrkdwn(folder.folderId));
  return clampMessage({
    text: escapeMrkdwn(`Folder "${name}" created: ${folder.folderId}`),
    blocks: [
      section(`:file_folder: Folder *${escapeMrkdwn(name)}* created — id ${id}`),
      context(`Search inside it with \`/research &lt;words&gt; in:${escapeMrkdwn(folder.folderId)}\`.`),
    ],
  });
}

export function renderFolderDeleteConfirm(folderId: string, name?: string): SlackMessage {
  const label = name ? `*${escapeMrkdwn(name)}* (${inlineCode(escapeMrkdwn(folderId))})` : inlineCode(escapeMrkdwn(folderId));
  const value = encodeSimple({ f: folderId });
  return clampMessage({
    text: escapeMrkdwn(`Delete folder ${name ?? folderId}?`),
    blocks: [
      section(`:warning: Delete folder ${label}? This cannot be undone.`),
      actions([
        button({ text: 'Delete folder', actionId: ACTION_IDS.folderDeleteConfirm, value, style: 'danger' }),
        button({ text: 'Cancel', actionId: ACTION_IDS.folderDeleteCancel, value }),
      ]),
    ],
  });
}

export function renderFolderDeleted(result: FolderDeleted, name?: string): SlackMessage {
  const docs = result.docIds.slice(0, MAX_LISTED_DOCS).map((d) => inlineCode(escapeMrkdwn(d)));
  const blocks: KnownBlock[] = [
    section(`:wastebasket: Folder ${name ? `*${escapeMrkdwn(name)}* ` : ''}${inlineCode(escapeMrkdwn(result.folderId))} deleted.`),
    section(
      result.docIds.length
        ? `It held ${result.docIds.length} document${result.docIds.length === 1 ? '' : 's'}: ${docs.join(', ')}`
        : 'It held no documents.',
    ),
  ];
  if (result.docIds.length > docs.length) blocks.push(context(`…and ${result.docIds.length - docs.length} more document ids`));
  return clampMessage({ text: escapeMrkdwn(`Folder ${name ?? result.folderId} deleted (${result.docIds.length} documents).`), blocks });
}

export function renderFolderDeleteCancelled(folderId: string): SlackMessage {
  return clampMessage({
    text: escapeMrkdwn(`Folder ${folderId} kept.`),
    blocks: [section(`Folder ${inlineCode(escapeMrkdwn(folderId))} kept.`)],
  });
}
