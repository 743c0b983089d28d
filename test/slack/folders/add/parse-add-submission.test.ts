import { describe, expect, it } from 'vitest';
import { ADD_DOCUMENT_MODAL } from '../../../../src/slack/blocks/action-ids.js';
import {
  addSubmissionErrors,
  parseAddSubmission,
  splitTags,
  type ViewStateValues,
} from '../../../../src/slack/folders/add/parse-add-submission.js';
import type { FolderRecord } from '../../../../src/store/records.js';

const { blocks, actions } = ADD_DOCUMENT_MODAL;
const FOLDERS: FolderRecord[] = [{ teamId: 'T1', folderId: 'f-1', name: 'Chips', createdBy: 'U1', createdAtMs: 1 }];

function values(input: { folder?: string; newFolder?: string; industry?: string; company?: string }): ViewStateValues {
  const v: ViewStateValues = {
    [blocks.folder]: { [actions.folder]: { selected_option: input.folder ? { value: input.folder } : null } },
    [blocks.newFolder]: { [actions.newFolder]: { value: input.newFolder ?? null } },
  };
  for (const type of ['industry', 'company', 'person', 'event'] as const) {
    v[blocks[type]] = { [actions[type]]: { value: (input as Record<string, string | undefined>)[type] ?? null } };
  }
  return v;
}

describe('parseAddSubmission', () => {
  it('takes an existing folder of the workspace, with tags by type', () => {
    expect(parseAddSubmission(values({ folder: 'f-1', industry: 'semis, EV，semis', company: 'TSMC、600519' }), FOLDERS)).toEqual({
      ok: true,
      choice: {
        folder: { kind: 'existing', folderId: 'f-1', name: 'Chips' },
        tags: { industry: ['semis', 'EV'], company: ['TSMC', '600519'] },
      },
    });
  });

  it('takes a new folder’s name', () => {
    expect(parseAddSubmission(values({ newFolder: '  Q3 reports ' }), FOLDERS)).toEqual({
      ok: true,
      choice: { folder: { kind: 'new', name: 'Q3 reports' } },
    });
  });

  it('asks for one folder choice when given neither or both', () => {
    expect(parseAddSubmission(values({}), FOLDERS)).toEqual({ ok: false, errors: { folder: expect.stringMatching(/Choose a folder/) } });
    expect(parseAddSubmission(values({}), [])).toEqual({ ok: false, errors: { newFolder: 'Name the new folder.' } });
    expect(parseAddSubmission(values({ folder: 'f-1', newFolder: 'x' }), FOLDERS)).toEqual({
      ok: false,
      errors: { newFolder: expect.stringMatching(/not both/) },
    });
  });

  it('refuses a folder of another workspace (or deleted), a too-long name and an existing name', () => {
    expect(parseAddSubmission(values({ folder: 'f-other' }), FOLDERS)).toMatchObject({
      ok: false,
      errors: { folder: expect.stringMatching(/not yours/) },
    });
    expect(parseAddSubmission(values({ newFolder: 'x'.repeat(101) }), FOLDERS)).toMatchObject({
      ok: false,
      errors: { newFolder: expect.stringMatching(/100 characters/) },
    });
    expect(parseAddSubmission(values({ newFolder: 'chips' }), FOLDERS)).toMatchObject({
      ok: false,
      errors: { newFolder: expect.stringMatching(/exists/) },
    });
  });

  it('refuses too many tags of one type and a too-long tag, under their own field', () => {
    const many = Array.from({ length: 11 }, (_, i) => `t${i}`).join(',');
    const parsed = parseAddSubmission(values({ folder: 'f-1', industry: many, company: 'y'.repeat(51) }), FOLDERS);
    expect(parsed).toMatchObject({
      ok: false,
      errors: { industry: expect.stringMatching(/At most 10/), company: expect.stringMatching(/50 characters/) },
    });
    if (parsed.ok) return;
    const response = addSubmissionErrors(parsed.errors);
    expect(response.response_action).toBe('errors');
    expect(Object.keys(response.errors).sort()).toEqual([blocks.company, blocks.industry].sort());
  });
});

describe('splitTags', () => {
  it('splits on commas of either width and 、, trims, drops blanks and repeats', () => {
    expect(splitTags(' a ,, b，c、a ')).toEqual(['a', 'b', 'c']);
    expect(splitTags(undefined)).toEqual([]);
  });
});
