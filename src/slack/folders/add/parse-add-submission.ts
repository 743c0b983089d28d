/**
 * The add modal's submitted fields → one folder choice and the tags, or what to fix under each
 * field (`response_action: errors`). Pure: the folders of the workspace are passed in.
 */
import type { FolderRecord } from '../../../store/records.js';
import { ADD_DOCUMENT_MODAL } from '../../blocks/action-ids.js';
import { type ModalErrorsResponse, modalErrors } from '../../blocks/modal-errors.js';
import { TAG_TYPES } from '../../../service/docs.js';

/** The tag types the service documents (Document.tags): the client's one list. */
export { TAG_TYPES };
export type TagType = (typeof TAG_TYPES)[number];

/** As `/research folder create` allows. */
export const FOLDER_NAME_MAX_CHARS = 100;
export const MAX_TAGS_PER_TYPE = 10;
export const TAG_MAX_CHARS = 50;

export type FolderChoice = { kind: 'existing'; folderId: string; name: string } | { kind: 'new'; name: string };

export interface AddChoice {
  folder: FolderChoice;
  /** Tag type → values, only the types given. */
  tags?: Record<string, string[]>;
}

type Field = keyof typeof ADD_DOCUMENT_MODAL.blocks;
export type AddSubmission = { ok: true; choice: AddChoice } | { ok: false; errors: Partial<Record<Field, string>> };

/** view.state.values as Slack sends it. */
export type ViewStateValues = Record<string, Record<string, { value?: string | null; selected_option?: { value?: string } | null }>>;

function read(values: ViewStateValues, field: Field): { value?: string; selected?: string } {
  const element = values[ADD_DOCUMENT_MODAL.blocks[field]]?.[ADD_DOCUMENT_MODAL.actions[field]];
  const value = element?.value?.trim();
  const selected = element?.selected_option?.value;
  return { ...(value ? { value } : {}), ...(selected ? { selected } : {}) };
}

/** "a, b，c、a" → ["a", "b", "c"]: commas of either width and the enumeration comma. */
export function splitTags(text: string | undefined): string[] {
  if (!text) return [];
  const seen = new Set<string>();
  for (const raw of text.split(/[,，、]/)) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (tag) seen.add(tag);
  }
  return [...seen];
}

function tagProblem(tags: string[]): string | undefined {
  if (tags.length > MAX_TAGS_PER_TYPE) return `At most ${MAX_TAGS_PER_TYPE} tags of one type, please (${tags.length} given).`;
  const long = tags.find((t) => t.length > TAG_MAX_CHARS);
  return long ? `Tags are at most ${TAG_MAX_CHARS} characters; shorten “${long.slice(0, 20)}…”.` : undefined;
}

function folderChoice(values: ViewStateValues, folders: readonly FolderRecord[]): FolderChoice | Partial<Record<Field, string>> {
  const selected = read(values, 'folder').selected;
  const name = read(values, 'newFolder').value;
  if (selected && name) return { newFolder: 'Choose an existing folder or type a new name, not both.' };
  if (!selected && !name) {
    return folders.length > 0 ? { folder: 'Choose a folder, or type a new folder’s name below.' } : { newFolder: 'Name the new folder.' };
  }
  if (selected) {
    const folder = folders.find((f) => f.folderId === selected);
    return folder
      ? { kind: 'existing', folderId: folder.folderId, name: folder.name }
      : { folder: 'You cannot add files to this folder (deleted, or not yours). Choose one of the folders listed.' };
  }
  const newName = name as string;
  if (newName.length > FOLDER_NAME_MAX_CHARS) return { newFolder: `Folder names are at most ${FOLDER_NAME_MAX_CHARS} characters.` };
  const same = folders.find((f) => f.name.toLowerCase() === newName.toLowerCase());
  if (same) return { newFolder: `A folder named “${same.name}” exists: choose it in the list above.` };
  return { kind: 'new', name: newName };
}

export function parseAddSubmission(values: ViewStateValues, folders: readonly FolderRecord[]): AddSubmission {
  const errors: Partial<Record<Field, string>> = {};
  const folder = folderChoice(values, folders);
  if (!('kind' in folder)) Object.assign(errors, folder);
  const tags: Record<string, string[]> = {};
  for (const type of TAG_TYPES) {
    const list = splitTags(read(values, type).value);
    const problem = tagProblem(list);
    if (problem) errors[type] = problem;
    else if (list.length > 0) tags[type] = list;
  }
  if (Object.keys(errors).length > 0 || !('kind' in folder)) return { ok: false, errors };
  return { ok: true, choice: { folder, ...(Object.keys(tags).length > 0 ? { tags } : {}) } };
}

export function addSubmissionErrors(errors: Partial<Record<Field, string>>): ModalErrorsResponse {
  return modalErrors(errors, ADD_DOCUMENT_MODAL.blocks);
}
