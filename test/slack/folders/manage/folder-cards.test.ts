/** The folder card, the folder list and App Home's research-folders section: content, Delete where allowed, caps (issue 31). */
import { describe, expect, it } from 'vitest';
import { renderAppHome } from '../../../../src/slack/home/app-home-view.js';
import {
  mayDeleteDocument,
  mayDeleteFolder,
  seesFolder,
  visibleFiles,
  type DocumentViewer,
} from '../../../../src/slack/folders/manage/document-viewer.js';
import { MAX_CARD_FILES, renderFolderFilesCard, renderFolderList } from '../../../../src/slack/folders/manage/folder-files-card.js';
import { HOME_DOCUMENTS_MAX_BLOCKS, renderHomeDocuments } from '../../../../src/slack/folders/manage/home-documents-view.js';
import { renderDocumentDeleteConfirm } from '../../../../src/slack/folders/manage/document-delete-card.js';
import type { FolderRecord, ResearchDocumentRecord } from '../../../../src/store/records.js';
import { findMessageViolations, findViewViolations } from '../../blocks/limit-violations.js';

const T = Date.parse('2026-11-27T10:00:00Z');
const folder = (over: Partial<FolderRecord> = {}): FolderRecord => ({
  teamId: 'T1',
  folderId: 'fld_1',
  name: 'Q3 notes',
  createdBy: 'UCREATOR',
  createdAtMs: T,
  ...over,
});
const doc = (over: Partial<ResearchDocumentRecord> = {}): ResearchDocumentRecord => ({
  teamId: 'T1',
  folderId: 'fld_1',
  docId: 'doc_1',
  slackFileId: 'F1',
  fileName: 'report.pdf',
  title: 'report',
  fileType: 'pdf',
  sizeBytes: 1000,
  addedBy: 'UADDER',
  addedAtMs: T,
  status: 'searchable',
  notice: { channelId: 'D1' },
  ...over,
});
const viewer = (userId: string, isAdmin = false): DocumentViewer => ({ teamId: 'T1', userId, isAdmin });

describe('who sees and deletes', () => {
  const f = folder();
  const mine = doc({ docId: 'd_mine', addedBy: 'UADDER' });
  const theirs = doc({ docId: 'd_theirs', addedBy: 'UOTHER' });
  const elsewhere = doc({ docId: 'd_else', teamId: 'T2', addedBy: 'UADDER' });

  it('the creator and admins see every file; whoever added files sees their own; others nothing', () => {
    expect(visibleFiles(viewer('UCREATOR'), f, [mine, theirs]).map((d) => d.docId)).toEqual(['d_mine', 'd_theirs']);
    expect(visibleFiles(viewer('UADMIN', true), f, [mine, theirs])).toHaveLength(2);
    expect(visibleFiles(viewer('UADDER'), f, [mine, theirs]).map((d) => d.docId)).toEqual(['d_mine']);
    expect(seesFolder(viewer('USTRANGER'), f, [mine, theirs])).toBe(false);
  });

  it('another workspace’s records never count', () => {
    expect(visibleFiles(viewer('UCREATOR'), f, [elsewhere])).toEqual([]);
    expect(mayDeleteDocument(viewer('UADDER'), elsewhere, f)).toBe(false);
    expect(seesFolder({ teamId: 'T2', userId: 'UCREATOR', isAdmin: true }, f, [])).toBe(false);
  });

  it('a file is deleted by who added it, the folder’s creator or an admin; a folder by its creator or an admin', () => {
    expect(mayDeleteDocument(viewer('UADDER'), mine, f)).toBe(true);
    expect(mayDeleteDocument(viewer('UCREATOR'), theirs, f)).toBe(true);
    expect(mayDeleteDocument(viewer('UADMIN', true), theirs, f)).toBe(true);
    expect(mayDeleteDocument(viewer('UADDER'), theirs, f)).toBe(false);
    expect(mayDeleteFolder(viewer('UADDER'), f)).toBe(false);
    expect(mayDeleteFolder(viewer('UCREATOR'), f)).toBe(true);
  });
});

describe('folder card', () => {
  it('lists files with status, who added them and when, Delete only where allowed', () => {
    const card = renderFolderFilesCard({
      folder: folder(),
      docs: [
        doc({ docId: 'd1', status: 'processing', fileName: 'slides.pptx' }),
        doc({ docId: 'd2', status: 'failed', failure: 'The PDF is encrypted.', addedBy: 'UOTHER', fileName: 'locked.pdf' }),
        doc({ docId: 'd3' }),
      ],
      ownFilesOnly: false,
      mayDelete: (d) => d.addedBy === 'UADDER',
    });
    const json = JSON.stringify(card);
    expect(json).toContain('📁 Q3 notes');
    expect(json).toContain('3 files: 1 searchable, 1 processing, 1 failed');
    expect(json).toContain('*slides.pptx* · processing · added by <@UADDER> on 2026-11-27');
    expect(json).toContain('*locked.pdf* · failed: The PDF is encrypted. · added by <@UOTHER>');
    expect(json.match(/rd\.doc\.delete:\d/g)).toEqual(['rd.doc.delete:0', 'rd.doc.delete:2']);
    expect(json).toContain('in:\\"Q3 notes\\"');
    expect(findMessageViolations(card)).toEqual([]);
  });

  it('escapes hostile file and folder names', () => {
    const card = renderFolderFilesCard({
      folder: folder({ name: '<!channel> *x*' }),
      docs: [doc({ fileName: '<!here> <@U1> &amp;.pdf' })],
      ownFilesOnly: true,
      mayDelete: () => true,
    });
    const json = JSON.stringify(card);
    expect(json).not.toContain('<!here>');
    expect(json).not.toContain('<@U1>');
    expect(json).toContain('You see the files you added');
    expect(findMessageViolations(card)).toEqual([]);
  });

  it('caps the files with "and N more"', () => {
    const docs = Array.from({ length: MAX_CARD_FILES + 7 }, (_, i) => doc({ docId: `d${i}`, fileName: `f${i}.pdf` }));
    const card = renderFolderFilesCard({ folder: folder(), docs, ownFilesOnly: false, mayDelete: () => true });
    expect(JSON.stringify(card)).toContain('…and 7 more files');
    expect(card.blocks.length).toBeLessThanOrEqual(50);
    expect(findMessageViolations(card)).toEqual([]);
  });

  it('an empty folder says how to add files; the list offers Open', () => {
    expect(JSON.stringify(renderFolderFilesCard({ folder: folder(), docs: [], ownFilesOnly: false, mayDelete: () => true }))).toContain(
      'No files yet',
    );
    const list = renderFolderList([{ folder: folder(), docs: [doc()] }]);
    expect(JSON.stringify(list)).toContain('rd.folder.open:0');
    expect(JSON.stringify(list)).toContain('1 file: 1 searchable');
    expect(JSON.stringify(renderFolderList([]))).toContain('No folders you can see yet');
  });

  it('the delete confirmation names the file and folder', () => {
    const json = JSON.stringify(renderDocumentDeleteConfirm(doc(), folder()));
    expect(json).toContain('Delete *report.pdf* from folder *Q3 notes*?');
    expect(json).toContain('rd.doc.delete_confirm');
    expect(json).toContain('rd.doc.delete_cancel');
  });
});

describe('App Home research folders', () => {
  const many = Array.from({ length: 12 }, (_, i) => ({
    folder: folder({ folderId: `fld_${i}`, name: `F${i}`, createdBy: 'UCREATOR' }),
    docs: Array.from({ length: 5 }, (_, j) => doc({ docId: `d${i}_${j}`, folderId: `fld_${i}` })),
  }));

  it('stays within its blocks, with Open, Delete where allowed and "and N more"', () => {
    const blocks = renderHomeDocuments(many, viewer('UCREATOR'));
    expect(blocks.length).toBeLessThanOrEqual(HOME_DOCUMENTS_MAX_BLOCKS);
    const json = JSON.stringify(blocks);
    expect(json).toContain('Research folders');
    expect(json).toContain('rd.folder.open:0');
    expect(json).toContain('rd.folder.delete:0');
    expect(json).toContain('rd.doc.delete:0');
    expect(json).toContain('more folders');
    const ids = json.match(/"action_id":"[^"]+"/g) ?? [];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('shows no Delete to someone who may not', () => {
    const json = JSON.stringify(renderHomeDocuments(many.slice(0, 1), viewer('UOTHER')));
    expect(json).not.toContain('rd.folder.delete');
    expect(json).not.toContain('rd.doc.delete');
  });

  it('the whole tab with every list at its most keeps inside 100 blocks', () => {
    const home = renderAppHome({
      subscriptions: [],
      recentRuns: Array.from({ length: 20 }, (_, i) => ({
        runId: `r${i}`,
        question: `q${i}`,
        status: 'completed' as const,
        startedAtMs: T,
      })),
      status: { reachable: false, lastError: 'timeout', checkedAtMs: T },
      documents: renderHomeDocuments(many, viewer('UCREATOR')),
      notice: 'refused',
    });
    expect(home.blocks.length).toBeLessThanOrEqual(100);
    expect(JSON.stringify(home)).toContain('Last error: timeout');
    expect(findViewViolations(home)).toEqual([]);
  });
});
