import { describe, expect, it } from 'vitest';
import { ACTION_IDS } from '../../../../src/slack/blocks/action-ids.js';
import { encodeAddFilesButton } from '../../../../src/slack/folders/entry/add-files-button-value.js';
import { describeFiles, renderAddFilesReply, TOO_MANY_FILES } from '../../../../src/slack/folders/entry/add-files-reply.js';

describe('the Add to research folder reply', () => {
  it('names the files, escaped, and carries the button with its value', () => {
    const files = [{ id: 'F0001', name: '<!here> & *bold*.pdf' }];
    const value = encodeAddFilesButton(files);
    const reply = renderAddFilesReply(files, value);
    const lead = JSON.stringify(reply.blocks[0]);
    expect(lead).toContain('&lt;!here&gt; &amp;');
    expect(lead).not.toContain('<!here>');
    expect(reply.blocks[1]).toMatchObject({ type: 'actions', elements: [{ action_id: ACTION_IDS.documentAdd, value }] });
  });

  it('counts files beyond the first five', () => {
    const files = Array.from({ length: 7 }, (_, i) => ({ id: `F000${i}`, name: `f${i}.csv` }));
    expect(describeFiles(files)).toBe('*f0.csv*, *f1.csv*, *f2.csv*, *f3.csv*, *f4.csv* and 2 more');
    expect(describeFiles(files.slice(0, 2))).toBe('*f0.csv* and *f1.csv*');
  });

  it('says what to do instead of a button that cannot carry the files', () => {
    const reply = renderAddFilesReply([{ id: 'F0001', name: 'a.pdf' }], undefined);
    expect(reply.text).toBe(TOO_MANY_FILES);
    expect(JSON.stringify(reply.blocks)).not.toContain(ACTION_IDS.documentAdd);
  });
});
