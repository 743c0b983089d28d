/**
 * An export table as CSV bytes (RFC 4180 quoting by csv-stringify). Numbers are written with
 * JavaScript's shortest round-trip form, so parsing a cell back gives the same double; an empty
 * cell is a missing value.
 */
import { stringify } from 'csv-stringify/sync';
import type { ExportTable } from './export-types.js';

/**
 * UTF-8 byte order mark. Excel opens a CSV without one in the system's legacy code page, which
 * turns Chinese names into mojibake; with it, Excel (and every CSV parser with a `bom` option)
 * reads UTF-8. @see https://learn.microsoft.com/en-us/office/troubleshoot/excel/open-csv-utf-8
 */
export const UTF8_BOM = '\uFEFF';

/**
 * Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe, which Excel shows as text: segment and company names come from the service and must
 * not become formulas on an analyst's machine. Numbers are written as numbers, never touched.
 * @see https://owasp.org/www-community/attacks/CSV_Injection
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function writeCsv(table: ExportTable): string {
  const body = stringify([table.header, ...table.rows], {
    cast: { number: (value) => String(value), string: (value) => neutraliseFormula(value) },
    // CRLF is the RFC 4180 record separator and what Excel writes.
    record_delimiter: 'windows',
  });
  return `${UTF8_BOM}${body}`;
}
