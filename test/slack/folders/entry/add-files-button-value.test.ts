import { describe, expect, it } from 'vitest';
import { SLACK_LIMITS } from '../../../../src/slack/blocks/limits.js';
import { decodeAddFilesButton, encodeAddFilesButton } from '../../../../src/slack/folders/entry/add-files-button-value.js';

const file = (n: number, name = `report-${n}.pdf`) => ({ id: `F${String(n).padStart(9, '0')}`, name });

describe('the Add to research folder button value', () => {
  it('round-trips the files’ ids and names, in order', () => {
    const files = [file(1, 'Q3 results.pdf'), file(2, 'model “v2” <draft>.xlsx')];
    expect(decodeAddFilesButton(encodeAddFilesButton(files))).toEqual(files);
  });

  it('shortens long names to fit Slack’s limit, never dropping a file', () => {
    const files = Array.from({ length: 10 }, (_, i) => file(i + 1, `${'年度报告'.repeat(200)}-${i}.pdf`));
    const value = encodeAddFilesButton(files);
    expect(value?.length).toBeLessThanOrEqual(SLACK_LIMITS.buttonValueChars);
    const decoded = decodeAddFilesButton(value);
    expect(decoded?.map((f) => f.id)).toEqual(files.map((f) => f.id));
    for (const f of decoded ?? []) expect(f.name.endsWith('…')).toBe(true);
  });

  it('keeps the ids alone when names cannot fit, and the id stands for the name', () => {
    const files = Array.from({ length: 100 }, (_, i) => file(i + 1, 'x'.repeat(50)));
    const decoded = decodeAddFilesButton(encodeAddFilesButton(files));
    expect(decoded).toHaveLength(100);
    expect(decoded?.[0]).toEqual({ id: files[0]?.id, name: files[0]?.id });
  });

  it('makes no value when even the ids do not fit, or there are no files', () => {
    expect(encodeAddFilesButton([file(1)], 10)).toBeUndefined();
    expect(encodeAddFilesButton([])).toBeUndefined();
  });

  it('does not split a character made of two UTF-16 units', () => {
    const files = [file(1, '📈'.repeat(400))];
    const decoded = decodeAddFilesButton(encodeAddFilesButton(files));
    expect(decoded?.[0]?.name).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('reads anything else as no files: not JSON, another shape, a forged id, an empty list', () => {
    for (const value of [undefined, '', 'nope', '{}', '{"f":[]}', '{"f":[["../etc","x"]]}', '{"f":[["F1","x"]]}', '{"d":"doc"}']) {
      expect(decodeAddFilesButton(value)).toBeNull();
    }
  });
});
