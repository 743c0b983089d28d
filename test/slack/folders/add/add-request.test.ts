import { describe, expect, it } from 'vitest';
import { decodeAddRequest, encodeAddRequest, MAX_FILES_PER_ADD } from '../../../../src/slack/folders/add/add-request.js';
import type { FilesToAdd } from '../../../../src/slack/folders/add/files-to-add.js';

const REQUEST: FilesToAdd = {
  teamId: 'T1',
  userId: 'U1',
  channelId: 'D1',
  threadTs: '1.0',
  files: [{ id: 'F1', name: '<b>report</b>.pdf' }],
};

describe('the add modal’s private_metadata', () => {
  it('carries the files and where to tell, within Slack’s 3000 characters for the most files', () => {
    expect(decodeAddRequest(encodeAddRequest(REQUEST))).toEqual(REQUEST);
    const most = {
      ...REQUEST,
      files: Array.from({ length: MAX_FILES_PER_ADD }, (_, i) => ({ id: `F${i}`.padEnd(12, '0'), name: 'n'.repeat(500) })),
    };
    const encoded = encodeAddRequest(most);
    expect(encoded.length).toBeLessThanOrEqual(3000);
    expect(decodeAddRequest(encoded)?.files).toHaveLength(MAX_FILES_PER_ADD);
  });

  it('reads anything else as no request', () => {
    for (const bad of [undefined, '', 'not json', '{}', JSON.stringify({ t: 'T', u: 'U', c: 'C', f: [] })])
      expect(decodeAddRequest(bad)).toBeNull();
  });
});
