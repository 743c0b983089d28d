/**
 * The message that tells a user how adding a file went, posted in the place it was added from
 * and updated in place: adding, processing, searchable (with a search hint and *Ask the agent
 * about this file*), or why nothing was added. Names are untrusted: escaped; everything clamped.
 */
import type { KnownBlock, SlackMessage } from '../../../slack-api/slack-message.js';
import { ACTION_IDS } from '../../blocks/action-ids.js';
import { actions, button, section } from '../../blocks/card-parts.js';
import { escapeMrkdwn, inlineCode } from '../../blocks/escape.js';
import { clampMessage } from '../../blocks/limits.js';
import { encodeDocButton } from '../../kit/button-values.js';

export interface NoticeFile {
  fileName: string;
  folderName: string;
  /** The folder's id: the search hint names it when its name has spaces. */
  folderId: string;
}

export type DocumentNoticeState =
  | { kind: 'adding' }
  | { kind: 'processing' }
  | { kind: 'searchable'; docId: string; title: string }
  | { kind: 'already_there'; status: 'processing' | 'searchable' | 'failed' }
  | { kind: 'adding_elsewhere' }
  /** Refused or failed: `why` is a whole sentence for the user; nothing was kept. */
  | { kind: 'not_added'; why: string; tryAgain: boolean }
  | { kind: 'timed_out'; minutes: number };

/** `/research <words> in:"<folder>"`, as the folder card writes it; by id when the name would not survive quoting. */
export function folderSearchHint(file: Pick<NoticeFile, 'folderName' | 'folderId'>): string {
  const ref = file.folderName.includes('"') || file.folderName.trim() === '' ? file.folderId : `"${file.folderName}"`;
  return `/research <words> in:${ref}`;
}

function sentence(file: NoticeFile, state: DocumentNoticeState): { emoji: string; text: string } {
  const name = `*${escapeMrkdwn(file.fileName)}*`;
  const folder = `*${escapeMrkdwn(file.folderName)}*`;
  switch (state.kind) {
    case 'adding':
      return { emoji: ':hourglass_flowing_sand:', text: `Adding ${name} to the research folder ${folder}…` };
    case 'processing':
      return {
        emoji: ':hourglass_flowing_sand:',
        text: `${name} is in the research folder ${folder}; the research service is reading it…`,
      };
    case 'searchable':
      return {
        emoji: ':white_check_mark:',
        text: `${name} is in the research folder ${folder} and searchable. Search it with ${inlineCode(escapeMrkdwn(folderSearchHint(file)))}.`,
      };
    case 'already_there': {
      const status = state.status === 'searchable' ? 'searchable' : state.status === 'processing' ? 'still being processed' : 'failed';
      return {
        emoji: ':information_source:',
        text: `${name} is already in the research folder ${folder} (${status}). Nothing was added twice.`,
      };
    }
    case 'adding_elsewhere':
      return {
        emoji: ':information_source:',
        text: `${name} is being added to the research folder ${folder} right now. Nothing was added twice.`,
      };
    case 'not_added':
      return {
        emoji: ':x:',
        text: `${name} was not added to the research folder ${folder}. ${escapeMrkdwn(state.why)} Nothing was kept${state.tryAgain ? '; you can try again.' : '.'}`,
      };
    case 'timed_out':
      return {
        emoji: ':warning:',
        text: `The research service was still processing ${name} after ${state.minutes} minutes, so it was removed from the research folder ${folder} and nothing was kept. Try adding it again later; if this keeps happening, the file may be too large or complex for the service.`,
      };
  }
}

export function renderDocumentNotice(file: NoticeFile, state: DocumentNoticeState): SlackMessage {
  const { emoji, text } = sentence(file, state);
  const blocks: KnownBlock[] = [section(`${emoji} ${text}`)];
  if (state.kind === 'searchable') {
    blocks.push(
      actions([
        button({
          text: 'Ask the agent about this file',
          actionId: ACTION_IDS.searchAsk,
          value: encodeDocButton({ d: state.docId, t: state.title }),
        }),
      ]),
    );
  }
  return clampMessage({ text, blocks });
}
