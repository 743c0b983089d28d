/**
 * The *Add to research folder* modal: the files (names escaped), an existing folder of the
 * workspace or a new one, and optional tags by tag type. Both folder inputs are optional so the
 * submission can say which one is missing or doubled (parse-add-submission.ts).
 * @see https://docs.slack.dev/surfaces/modals
 * @see https://docs.slack.dev/reference/block-kit/block-elements/select-menu-element#static_select
 */
import type { KnownBlock, ModalView, PlainTextOption } from '@slack/types';
import type { FolderRecord } from '../../../store/records.js';
import { ADD_DOCUMENT_MODAL } from '../../blocks/action-ids.js';
import { section } from '../../blocks/card-parts.js';
import { clampPlainText } from '../../blocks/clamp-text.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import { clampView, SLACK_LIMITS } from '../../blocks/limits.js';
import { encodeAddRequest } from './add-request.js';
import type { FilesToAdd } from './files-to-add.js';
import { FOLDER_NAME_MAX_CHARS, TAG_TYPES, type TagType } from './parse-add-submission.js';

const TITLE = 'Add to research folder';

const TAG_LABELS: Record<TagType, { label: string; example: string }> = {
  industry: { label: 'Industry tags', example: 'semiconductors, electric vehicles' },
  company: { label: 'Company tags', example: 'TSMC, 600519' },
  person: { label: 'Person tags', example: 'Jensen Huang' },
  event: { label: 'Event tags', example: 'Q3 earnings' },
};

function folderOptions(folders: readonly FolderRecord[]): PlainTextOption[] {
  return [...folders]
    .sort((a, b) => b.createdAtMs - a.createdAtMs)
    .slice(0, SLACK_LIMITS.selectOptions)
    .map((f) => ({
      text: { type: 'plain_text', text: clampPlainText(f.name, SLACK_LIMITS.optionTextChars) },
      value: f.folderId.slice(0, SLACK_LIMITS.optionValueChars),
    }));
}

function fileList(files: FilesToAdd['files']): string {
  const names = files.map((f) => `• ${escapeMrkdwn(f.name)}`).join('\n');
  return `${files.length === 1 ? 'File' : `${files.length} files`}:\n${names}`;
}

export function renderAddModal(files: FilesToAdd, folders: readonly FolderRecord[]): ModalView {
  const { blocks: ids, actions } = ADD_DOCUMENT_MODAL;
  const options = folderOptions(folders);
  const blocks: KnownBlock[] = [section(fileList(files.files))];
  if (options.length > 0) {
    blocks.push({
      type: 'input',
      block_id: ids.folder,
      optional: true,
      label: { type: 'plain_text', text: 'Existing folder' },
      element: {
        type: 'static_select',
        action_id: actions.folder,
        placeholder: { type: 'plain_text', text: 'Choose a folder' },
        options,
      },
      ...(folders.length > options.length
        ? { hint: { type: 'plain_text', text: `The ${options.length} newest folders are listed.` } }
        : {}),
    });
  }
  blocks.push({
    type: 'input',
    block_id: ids.newFolder,
    optional: options.length > 0,
    label: { type: 'plain_text', text: options.length > 0 ? '…or a new folder' : 'New folder' },
    hint: { type: 'plain_text', text: 'Only you and this workspace’s admins can search this folder and see its files.' },
    element: {
      type: 'plain_text_input',
      action_id: actions.newFolder,
      max_length: FOLDER_NAME_MAX_CHARS,
      placeholder: { type: 'plain_text', text: 'Folder name' },
    },
  });
  for (const type of TAG_TYPES) {
    blocks.push({
      type: 'input',
      block_id: ids[type],
      optional: true,
      label: { type: 'plain_text', text: TAG_LABELS[type].label },
      hint: { type: 'plain_text', text: `Comma-separated, e.g. ${TAG_LABELS[type].example}` },
      element: { type: 'plain_text_input', action_id: actions[type] },
    });
  }
  return clampView({
    type: 'modal',
    callback_id: ADD_DOCUMENT_MODAL.callbackId,
    title: { type: 'plain_text', text: TITLE },
    submit: { type: 'plain_text', text: 'Add' },
    close: { type: 'plain_text', text: 'Cancel' },
    private_metadata: encodeAddRequest(files),
    blocks,
  });
}

/** A modal that only explains why nothing can be added (no submit button). */
export function renderAddRefusalModal(message: string): ModalView {
  return clampView({
    type: 'modal',
    title: { type: 'plain_text', text: TITLE },
    close: { type: 'plain_text', text: 'Close' },
    blocks: [section(`:no_entry: ${escapeMrkdwn(message)}`)],
  });
}
