/** Confirm-before-delete for one added file (pure). */
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import type { FolderRecord, ResearchDocumentRecord } from '../../../store/records.js';
import { ACTION_IDS } from '../../blocks/action-ids.js';
import { actions, button, section } from '../../blocks/card-parts.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import { excerpt } from '../../blocks/format.js';
import { clampMessage } from '../../blocks/limits.js';
import { encodeSimple } from '../../kit/button-values.js';

export function renderDocumentDeleteConfirm(doc: ResearchDocumentRecord, folder: FolderRecord | null): SlackMessage {
  const name = excerpt(doc.fileName || doc.title, 150);
  const where = folder ? ` from folder *${escapeMrkdwn(excerpt(folder.name, 100))}*` : '';
  const value = encodeSimple({ d: doc.docId });
  return clampMessage({
    text: escapeMrkdwn(`Delete ${name}${folder ? ` from folder ${folder.name}` : ''}?`),
    blocks: [
      section(
        `:warning: Delete *${escapeMrkdwn(name)}*${where}? The research service forgets it: searches and the agent no longer find it. The file stays in Slack.`,
      ),
      actions([
        button({ text: 'Delete file', actionId: ACTION_IDS.documentDeleteConfirm, value, style: 'danger' }),
        button({ text: 'Cancel', actionId: ACTION_IDS.documentDeleteCancel, value }),
      ]),
    ],
  });
}

export function documentDeleteRefusal(doc: ResearchDocumentRecord, folder: FolderRecord | null): string {
  return `Only the person who added "${doc.fileName}"${folder ? `, the creator of folder "${folder.name}"` : ''} or a workspace admin can delete it.`;
}

export const DOCUMENT_GONE = 'That file is no longer in a research folder of this workspace: it was deleted already.';
