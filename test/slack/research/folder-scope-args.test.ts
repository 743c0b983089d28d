/** `in:<folder>` by name or id, `tag:` with `type:files`, `/research folder <name>` and `folders` (issue 31). */
import { describe, expect, it } from 'vitest';
import { parseResearchArgs } from '../../../src/slack/research/parse-research-args.js';
import { resolveFolderRefs } from '../../../src/slack/research/resolve-folder-refs.js';
import type { FolderRecord } from '../../../src/store/records.js';

const parse = (text: string) => parseResearchArgs(text, new Date('2026-11-20T00:00:00Z'));

const folder = (folderId: string, name: string): FolderRecord => ({ teamId: 'T1', folderId, name, createdBy: 'U1', createdAtMs: 0 });

describe('in:<folder>', () => {
  it('takes a name, quoted with spaces, or several, and searches uploaded files (v1, category files)', () => {
    expect(parse('revenue guidance in:"Q3 notes"')).toMatchObject({
      kind: 'search',
      api: 'v1',
      folders: ['Q3 notes'],
      request: { query: 'revenue guidance', categories: ['files'] },
    });
    expect(parse('margin in:“Q3, Q4 notes”')).toMatchObject({ folders: ['Q3, Q4 notes'] });
    expect(parse('margin in:"Q3, Q4 notes",semis')).toMatchObject({ folders: ['Q3, Q4 notes', 'semis'] });
    expect(parse('margin in:semis,fld_2 folder:Memos')).toMatchObject({ folders: ['semis', 'fld_2', 'Memos'] });
    // type: given wins over the default.
    expect(parse('margin in:semis type:reports')).toMatchObject({ request: { categories: ['reports'] } });
  });

  it('needs search words and a value', () => {
    const noWords = parse('in:"Q3 notes"');
    expect(noWords.kind).toBe('usage');
    expect(JSON.stringify(noWords)).toContain('Add words to search the folder for.');
    expect(JSON.stringify(parse('margin in:'))).toContain('needs a folder name or id');
  });

  it('searches passages of the folder', () => {
    expect(parse('passages page three phrase in:semis')).toMatchObject({
      kind: 'passages',
      folders: ['semis'],
      request: { query: 'page three phrase', categories: ['files'] },
    });
    expect(parse('passages margin tag:x').kind).toBe('usage');
  });

  it('is not for news', () => {
    expect(parse('news chips in:semis').kind).toBe('usage');
  });
});

describe('tag:<tag>', () => {
  it('alone is a lookup by tag; with type:files it selects uploaded files', () => {
    expect(parse('tag:acme type:files')).toEqual({
      kind: 'tag',
      request: { tags: ['acme'], categories: ['files'], pageNum: 1, pageSize: 5 },
      public: false,
    });
    expect(parse('tag:"solid state",acme')).toMatchObject({ kind: 'tag', request: { tags: ['solid state', 'acme'] } });
    expect(parse('tag acme type:files')).toMatchObject({ kind: 'tag', request: { tags: ['acme'], categories: ['files'] } });
  });

  it('with words is a search filtered by tag', () => {
    expect(parse('margin tag:acme type:files')).toMatchObject({
      kind: 'search',
      api: 'v1',
      request: { query: 'margin', tags: ['acme'], categories: ['files'] },
    });
  });

  it('rejects filters a tag lookup has not', () => {
    expect(parse('tag:acme mode:semantic').kind).toBe('usage');
    expect(JSON.stringify(parse('tag:'))).toContain('`tag:` needs a tag.');
  });
});

describe('/research folder <name> and folders', () => {
  it('shows a folder by name or id, or lists them', () => {
    expect(parse('folder "Q3 notes"')).toEqual({ kind: 'folder_show', folder: 'Q3 notes' });
    expect(parse('folder Q3 notes')).toEqual({ kind: 'folder_show', folder: 'Q3 notes' });
    expect(parse('folder fld_1')).toEqual({ kind: 'folder_show', folder: 'fld_1' });
    expect(parse('folders')).toEqual({ kind: 'folder_show' });
    expect(parse('folders extra').kind).toBe('usage');
    expect(parse('folder').kind).toBe('usage');
    expect(parse('folder create x')).toEqual({ kind: 'folder_create', name: 'x' });
  });
});

describe('resolveFolderRefs', () => {
  const folders = [folder('fld_1', 'Q3 notes'), folder('fld_2', 'Semis'), folder('fld_3', 'semis')];

  it('finds by id, then by name in any case and spacing', () => {
    expect(resolveFolderRefs(['fld_2'], folders)).toMatchObject({ ok: true, folders: [{ folderId: 'fld_2' }] });
    expect(resolveFolderRefs(['q3  NOTES'], folders)).toMatchObject({ ok: true, folders: [{ folderId: 'fld_1' }] });
    expect(resolveFolderRefs(['fld_1', 'Q3 notes'], folders)).toMatchObject({ ok: true, folders: [{ folderId: 'fld_1' }] });
  });

  it('asks for the id when a name is ambiguous', () => {
    const r = resolveFolderRefs(['SEMIS'], folders);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toBe(
      'Several folders are named "SEMIS": "Semis" (fld_2), "semis" (fld_3). Name one by its id, e.g. in:fld_2.',
    );
  });

  it('lists the workspace folders for an unknown name, and says how to start when there are none', () => {
    const r = resolveFolderRefs(['Q4'], folders);
    expect(!r.ok && r.reason).toBe(
      'There is no folder "Q4" in this workspace. Its folders: "Q3 notes" (fld_1), "Semis" (fld_2), "semis" (fld_3).',
    );
    const many = Array.from({ length: 12 }, (_, i) => folder(`fld_${i}`, `F${i}`));
    expect(!resolveFolderRefs(['x'], many).ok && JSON.stringify(resolveFolderRefs(['x'], many))).toContain('and 2 more (/research folders');
    const none = resolveFolderRefs(['Q4'], []);
    expect(!none.ok && none.reason).toContain('This workspace has no research folders yet');
    const id = resolveFolderRefs(['fld_elsewhere'], folders);
    expect(!id.ok && id.reason).toContain(
      'Folder fld_elsewhere was not created from Slack in this workspace, so it cannot be used from here.',
    );
  });

  it('never finds another workspace’s folder: only the given records count', () => {
    expect(resolveFolderRefs(['fld_other'], folders).ok).toBe(false);
  });
});
