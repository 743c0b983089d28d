import { describe, expect, it } from 'vitest';
import { ACTION_IDS } from '../../../../src/slack/blocks/action-ids.js';
import { decodeDocButton } from '../../../../src/slack/kit/button-values.js';
import { folderSearchHint, renderDocumentNotice } from '../../../../src/slack/folders/follow/document-notice.js';
import { pollDelay } from '../../../../src/slack/folders/follow/poll-delay.js';

const FILE = { fileName: '*evil* <!channel> report.pdf', folderName: 'Chips', folderId: 'f-1' };

describe('renderDocumentNotice', () => {
  it('escapes the file name (no mention, no formatting from it)', () => {
    const message = renderDocumentNotice(FILE, { kind: 'adding' });
    expect(JSON.stringify(message)).not.toContain('<!channel>');
    expect(message.text).toContain('Adding');
  });

  it('a searchable file gets the folder search hint and the Ask button with the document', () => {
    const message = renderDocumentNotice(FILE, { kind: 'searchable', docId: 'd9', title: 'Report' });
    expect(message.text).toContain('/research &lt;words&gt; in:"Chips"');
    const actions = message.blocks.find((b) => b.type === 'actions') as {
      elements: Array<{ action_id: string; value: string; text: { text: string } }>;
    };
    expect(actions.elements[0]?.action_id).toBe(ACTION_IDS.searchAsk);
    expect(actions.elements[0]?.text.text).toBe('Ask the agent about this file');
    expect(decodeDocButton(actions.elements[0]?.value)).toEqual({ d: 'd9', t: 'Report' });
  });

  it('says why nothing was added, and whether trying again helps', () => {
    const again = renderDocumentNotice(FILE, { kind: 'not_added', why: 'The service failed.', tryAgain: true });
    expect(again.text).toMatch(/was not added.*The service failed\. Nothing was kept; you can try again\./);
    expect(renderDocumentNotice(FILE, { kind: 'timed_out', minutes: 30 }).text).toMatch(/after 30 minutes.*Try adding it again later/);
    expect(renderDocumentNotice(FILE, { kind: 'already_there', status: 'searchable' }).text).toMatch(
      /already in the research folder \*Chips\* \(searchable\)/,
    );
  });

  it('quotes the folder’s name in the hint as the folder card does, and names it by id when quoting would break it', () => {
    expect(folderSearchHint({ folderName: 'Q3 reports', folderId: 'f-7' })).toBe('/research <words> in:"Q3 reports"');
    expect(folderSearchHint({ folderName: 'The "best" memos', folderId: 'f-8' })).toBe('/research <words> in:f-8');
  });
});

describe('pollDelay', () => {
  it('doubles from the first wait up to the longest', () => {
    expect([0, 1, 2, 3, 10, 100].map((n) => pollDelay(n, 2_000, 60_000))).toEqual([2_000, 4_000, 8_000, 16_000, 60_000, 60_000]);
  });
});
