import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reportFileName, reportFileTitle } from '../../../../src/slack/agent/cards/report-file-name.js';

describe('reportFileName', () => {
  it('slugs the report title, keeping letters and digits of any script', () => {
    expect(reportFileName('Chinese liquor makers: 2025 review')).toBe('chinese-liquor-makers-2025-review.md');
    expect(reportFileName('贵州茅台 / 五粮液 — 对比')).toBe('贵州茅台-五粮液-对比.md');
    expect(reportFileName('İstanbul Borsası')).toBe('i̇stanbul-borsası.md');
    expect(reportFileName('हिंदी रिपोर्ट')).toBe('हिंदी-रिपोर्ट.md');
  });

  it('never yields a path, a hidden file or an empty name', () => {
    expect(reportFileName('../../etc/passwd')).toBe('etc-passwd.md');
    expect(reportFileName('<!channel> @here')).toBe('channel-here.md');
    expect(reportFileName('')).toBe('research-report.md');
    expect(reportFileName(undefined)).toBe('research-report.md');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (title) => {
        const name = reportFileName(title);
        expect(name).toMatch(/^[\p{L}\p{N}][\p{L}\p{M}\p{N}-]*\.md$/u);
        expect([...name].length).toBeLessThanOrEqual(83);
      }),
    );
  });
});

describe('reportFileTitle', () => {
  it('is plain text that cannot ping anyone', () => {
    const title = reportFileTitle('Review for <!channel> and <@U123>   now');
    expect(title).not.toMatch(/<!channel>|<@U123>/);
    expect(reportFileTitle('  ')).toBe('Research report');
    expect(reportFileTitle('x'.repeat(400)).length).toBeLessThanOrEqual(250);
  });
});
