import { describe, expect, it } from 'vitest';
import { formatBytes, judgeSlackFile } from '../../../../src/slack/folders/add/readable-file.js';

const MB = 1024 * 1024;

describe('judgeSlackFile', () => {
  it('takes the types the service reads, by extension or by Slack’s filetype', () => {
    expect(judgeSlackFile({ name: 'Q3.PDF', filetype: 'pdf', size: 10 }, 50 * MB)).toEqual({
      ok: true,
      extension: 'pdf',
      uploadName: 'Q3.PDF',
    });
    expect(judgeSlackFile({ name: 'notes', filetype: 'markdown', size: 10 }, 50 * MB)).toEqual({
      ok: true,
      extension: 'md',
      uploadName: 'notes.md',
    });
    expect(judgeSlackFile({ name: 'plain', filetype: 'text' }, 50 * MB)).toMatchObject({ ok: true, extension: 'txt' });
    for (const ext of ['docx', 'xlsx', 'pptx', 'csv', 'txt', 'md']) expect(judgeSlackFile({ name: `a.${ext}` }, MB).ok).toBe(true);
  });

  it('refuses another type, naming it', () => {
    expect(judgeSlackFile({ name: 'photo.png', filetype: 'png', size: 10 }, MB)).toEqual({
      ok: false,
      why: 'unsupported',
      shownType: '.png',
    });
    expect(judgeSlackFile({ name: 'blob', filetype: 'binary' }, MB)).toEqual({ ok: false, why: 'unsupported', shownType: 'binary' });
  });

  it('refuses a file over the limit before looking at its type', () => {
    expect(judgeSlackFile({ name: 'big.pdf', size: 50 * MB + 1 }, 50 * MB)).toEqual({
      ok: false,
      why: 'too_large',
      sizeBytes: 50 * MB + 1,
      maxBytes: 50 * MB,
    });
    expect(judgeSlackFile({ name: 'exact.pdf', size: 50 * MB }, 50 * MB).ok).toBe(true);
  });
});

describe('formatBytes', () => {
  it('reads as people write sizes', () => {
    expect(formatBytes(50 * MB)).toBe('50 MB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(12)).toBe('12 bytes');
    expect(formatBytes(60 * MB + 300 * 1024)).toBe('60.3 MB');
  });
});
