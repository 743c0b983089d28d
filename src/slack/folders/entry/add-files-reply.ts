/**
 * The reply a file shared in a DM with the app gets, in the file message's thread: what adding
 * does, and the *Add to research folder* button. File names are the sharer's text: escaped.
 */
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { ACTION_IDS } from '../../blocks/action-ids.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import type { SharedFile } from './add-files-button-value.js';

/** Names listed in the reply; more are counted. */
const NAMES_SHOWN = 5;
const NAME_CHARS = 120;

export const ADD_BUTTON_TEXT = 'Add to research folder';
/** Said instead of the button when the files' ids do not fit one (Slack allows far fewer files per message). */
export const TOO_MANY_FILES =
  'This message has more files than one button can carry. Share them in smaller groups, or use the *Add to research folder* message shortcut on it.';

function shortName(name: string): string {
  const chars = [...name];
  return chars.length <= NAME_CHARS ? name : `${chars.slice(0, NAME_CHARS - 1).join('')}…`;
}

export function describeFiles(files: readonly SharedFile[]): string {
  const names = files.slice(0, NAMES_SHOWN).map((f) => `*${escapeMrkdwn(shortName(f.name))}*`);
  const more = files.length - names.length;
  return more > 0 ? `${names.join(', ')} and ${more} more` : names.join(files.length === 2 ? ' and ' : ', ');
}

export function renderAddFilesReply(files: readonly SharedFile[], buttonValue: string | undefined): SlackMessage {
  const what = files.length === 1 ? 'it' : 'them';
  const lead = `:page_facing_up: ${describeFiles(files)}: add ${what} to a research folder, and \`/research in:\` that folder and the agent can find what ${files.length === 1 ? 'it says' : 'they say'}.`;
  if (buttonValue === undefined) {
    return { text: TOO_MANY_FILES, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `:page_facing_up: ${TOO_MANY_FILES}` } }] };
  }
  return {
    text: `${ADD_BUTTON_TEXT}?`,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: lead } },
      {
        type: 'actions',
        elements: [
          {
            type: 'button',
            action_id: ACTION_IDS.documentAdd,
            text: { type: 'plain_text', text: ADD_BUTTON_TEXT },
            style: 'primary',
            value: buttonValue,
          },
        ],
      },
    ],
  };
}
