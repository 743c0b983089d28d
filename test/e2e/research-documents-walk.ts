/**
 * The steps of issue 31's acceptance walk, for any service behind the app (the emulator or the
 * published-schema fake): share a file in the DM, add it to a new folder through the reply's
 * button and the modal, wait for "searchable", search the folder, ask about the file.
 */
import type { StoredMessage } from '../../src/emulators/slack/index.js';
import { FEEDBACK_ACTION_ID } from '../../src/slack/agent/feedback/feedback-buttons.js';
import { ACTION_IDS, ADD_DOCUMENT_MODAL } from '../../src/slack/blocks/action-ids.js';
import { botReplies, messageText } from './agent-helpers.js';
import { allText, button, buttonsOf, clickMessage, command } from './command-helpers.js';
import type { Harness } from './harness.js';

export type App = Pick<Harness, 'slack' | 'logs' | 'desk'>;

export const FOLDER_NAME = 'Desk memos';

export interface AddedFile {
  channelId: string;
  /** The file message's ts: the thread the notice and the answer live in. */
  threadTs: string;
  notice: StoredMessage;
  noticeText: string;
  noticeButtons: string[];
}

const WAIT_MS = 20_000;

/** Shares the file in the DM, presses *Add to research folder*, names a new folder, waits for searchable. */
export async function addSharedFile(
  h: App,
  file: { name: string; mimetype: string; bytes: Buffer },
  folder: { newName?: string; company?: string } = { newName: FOLDER_NAME, company: 'Helios' },
): Promise<AddedFile> {
  const dm = h.slack.defaultDmId;
  const { ts } = await h.slack.shareFile({ text: '', file, channel_id: dm });
  const reply = await h.slack.waitFor(
    () => botReplies(h, dm, ts).find((m) => buttonsOf(m).some((b) => b.action_id.startsWith(ACTION_IDS.documentAdd))),
    WAIT_MS,
  );
  const modalsBefore = h.slack.openModals().length;
  await clickMessage(h, reply, button(reply, ACTION_IDS.documentAdd));
  const modal = await h.slack.waitFor(
    () => (h.slack.openModals().length > modalsBefore ? h.slack.openModals().at(-1) : undefined),
    WAIT_MS,
  );
  const { blocks, actions } = ADD_DOCUMENT_MODAL;
  const values: Record<string, Record<string, unknown>> = {};
  if (folder.newName) values[blocks.newFolder] = { [actions.newFolder]: { type: 'plain_text_input', value: folder.newName } };
  if (folder.company) values[blocks.company] = { [actions.company]: { type: 'plain_text_input', value: folder.company } };
  await h.slack.submitView({ view_id: modal.id, values });
  const notice = await h.slack.waitFor(
    () =>
      botReplies(h, dm, ts).find((m) => m.ts !== reply.ts && /searchable/.test(m.text ?? '') && !/failed|could not/i.test(m.text ?? '')),
    WAIT_MS,
  );
  return {
    channelId: dm,
    threadTs: ts,
    notice,
    noticeText: allText(notice),
    noticeButtons: buttonsOf(notice).map((b) => b.action_id),
  };
}

/** A `/research …` line in the DM; the text of the card it answers with. */
export async function searchFolder(h: App, line: string): Promise<string> {
  return allText(await command(h, line, h.slack.defaultDmId));
}

/** Runs `act`, then the text of the bot's new replies in the file's thread once the answer is finished. */
async function nextAnswer(h: App, added: AddedFile, act: () => Promise<unknown>): Promise<string> {
  const before = new Set(botReplies(h, added.channelId, added.threadTs).map((m) => m.ts));
  await act();
  return h.slack.waitFor(() => {
    const fresh = botReplies(h, added.channelId, added.threadTs).filter((m) => !before.has(m.ts));
    const text = fresh.map(messageText).join('\n');
    // The finished answer ends with its feedback buttons; a streaming one may show a heading
    // whose list has not arrived yet.
    return text.includes(FEEDBACK_ACTION_ID) ? text : undefined;
  }, 40_000);
}

/** Presses *Ask the agent about this file* on the notice. */
export function askAboutAddedFile(h: App, added: AddedFile): Promise<string> {
  return nextAnswer(h, added, () => clickMessage(h, added.notice, button(added.notice, ACTION_IDS.searchAsk)));
}

/** Asks a question in the thread the file was added in (no mention: the app's DM). */
export function askInThread(h: App, added: AddedFile, question: string): Promise<string> {
  return nextAnswer(h, added, () => h.slack.postMessage({ text: question, channel_id: added.channelId, thread_ts: added.threadTs }));
}
