import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExportCell, ExportTable } from '../../../../src/slack/kit/export/export-types.js';
import { exportFileName } from '../../../../src/slack/kit/export/export-file-name.js';
import { neutraliseFormula, UTF8_BOM, writeCsv } from '../../../../src/slack/kit/export/write-csv.js';

const text = fc.oneof(
  fc.string(),
  fc.constantFrom('贵州茅台', '营业收入, 合计', '"quoted"', 'line\nbreak', 'cr\r\nlf', ' padded ', '=SUM(A1)', '—', '😀'),
  fc.string({ unit: fc.constantFrom('中', '文', ',', '"', '\n', '\r', ' ', 'a', '1', '-', '.') }),
);
const number = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom(-1234567.8910111212, 0.1 + 0.2, -0, 1.2345678901234568e20, 5e-324, -2.5e-7, 3364.5199999999995),
);
const cell: fc.Arbitrary<ExportCell> = fc.oneof(text, number, fc.constant(null));

describe('writeCsv', () => {
  it('round-trips: csv-parse gives back the same strings and numbers (BOM first, UTF-8 intact)', () => {
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 6 }),
        fc.array(fc.array(cell, { maxLength: 6 }), { maxLength: 8 }),
        (header, rows) => {
          const table: ExportTable = { name: 'x', title: 'x', header, rows };
          const csv = writeCsv(table);
          expect(csv.startsWith(UTF8_BOM)).toBe(true);
          // Through bytes, as the upload sends them.
          const bytes = Buffer.from(csv, 'utf8');
          const back = parse(bytes, { bom: true, relax_column_count: true, record_delimiter: ['\r\n'] }) as string[][];
          expect(back.length).toBe(rows.length + 1);
          expect(back[0]).toEqual(header.map(neutraliseFormula));
          rows.forEach((row, i) => {
            // An empty record reads back as one empty field.
            expect(back[i + 1]).toHaveLength(Math.max(row.length, 1));
            row.forEach((c, j) => {
              const got = back[i + 1]?.[j];
              if (c === null) expect(got).toBe('');
              else if (typeof c === 'number') expect(Number(got)).toBe(Object.is(c, -0) ? 0 : c);
              else expect(got).toBe(neutraliseFormula(c));
            });
          });
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('neutraliseFormula', () => {
  it('turns text a spreadsheet would run into text, and leaves other text alone', () => {
    expect(neutraliseFormula('=HYPERLINK("http://x","y")')).toBe(`'=HYPERLINK("http://x","y")`);
    expect(neutraliseFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutraliseFormula('贵州茅台')).toBe('贵州茅台');
    expect(neutraliseFormula('FY2024 (ends 2024-12-31; CNY, units)')).toBe('FY2024 (ends 2024-12-31; CNY, units)');
  });
});

describe('exportFileName', () => {
  it('keeps safe ASCII only, and names the data and day', () => {
    expect(exportFileName('600519-income', '2025-11-24', 'csv')).toBe('600519-income-2025-11-24.csv');
    expect(exportFileName('../../etc/passwd <!here> 茅台', '2025-11-24', 'xlsx')).toBe('etc-passwd-here-2025-11-24.xlsx');
    fc.assert(
      fc.property(fc.string(), (name) => /^[A-Za-z0-9][A-Za-z0-9._-]*\.csv$/.test(exportFileName(name, '2025-11-24', 'csv'))),
      { numRuns: 300 },
    );
  });
});
