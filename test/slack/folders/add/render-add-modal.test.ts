import { describe, expect, it } from 'vitest';
import { ADD_DOCUMENT_MODAL } from '../../../../src/slack/blocks/action-ids.js';
import { decodeAddRequest } from '../../../../src/slack/folders/add/add-request.js';
import { renderAddModal, renderAddRefusalModal } from '../../../../src/slack/folders/add/render-add-modal.js';
import type { FolderRecord } from '../../../../src/store/records.js';

const FILES = { teamId: 'T1', userId: 'U1', channelId: 'D1', threadTs: '1.0', files: [{ id: 'F1', name: '<!here> *Q3*.pdf' }] };
const folder = (i: number, name = `Folder ${i}`): FolderRecord => ({
  teamId: 'T1',
  folderId: `f-${i}`,
  name,
  createdBy: 'U1',
  createdAtMs: i,
});

type Input = {
  type: string;
  block_id: string;
  optional?: boolean;
  element: { options?: Array<{ text: { text: string }; value: string }> };
  hint?: { text: string };
};
const inputs = (view: { blocks: unknown[] }) => view.blocks.filter((b) => (b as { type: string }).type === 'input') as Input[];

describe('renderAddModal', () => {
  it('lists the files escaped, and carries them in private_metadata', () => {
    const view = renderAddModal(FILES, [folder(1)]);
    expect(JSON.stringify(view.blocks)).not.toContain('<!here>');
    expect(decodeAddRequest(view.private_metadata)).toEqual(FILES);
    expect(view.callback_id).toBe(ADD_DOCUMENT_MODAL.callbackId);
  });

  it('offers the newest 100 folders (Slack’s option limit), names clamped, and says so', () => {
    const folders = Array.from({ length: 120 }, (_, i) => folder(i, i === 119 ? 'x'.repeat(200) : `Folder ${i}`));
    const select = inputs(renderAddModal(FILES, folders)).find((b) => b.block_id === ADD_DOCUMENT_MODAL.blocks.folder);
    const options = select?.element.options ?? [];
    expect(options).toHaveLength(100);
    expect(options[0]?.value).toBe('f-119');
    expect(options[0]?.text.text.length).toBeLessThanOrEqual(75);
    expect(select?.hint?.text).toContain('100 newest');
  });

  it('without folders asks for a new folder’s name (required), with the four tag inputs', () => {
    const blocks = inputs(renderAddModal(FILES, []));
    expect(blocks.map((b) => b.block_id)).toEqual([
      ADD_DOCUMENT_MODAL.blocks.newFolder,
      ADD_DOCUMENT_MODAL.blocks.industry,
      ADD_DOCUMENT_MODAL.blocks.company,
      ADD_DOCUMENT_MODAL.blocks.person,
      ADD_DOCUMENT_MODAL.blocks.event,
    ]);
    expect(blocks[0]?.optional).toBe(false);
  });

  it('a refusal modal has nothing to submit', () => {
    const view = renderAddRefusalModal('No <files>.');
    expect(view.submit).toBeUndefined();
    expect(JSON.stringify(view.blocks)).toContain('No &lt;files&gt;.');
  });
});
