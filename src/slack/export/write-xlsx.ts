/**
 * An export table as an XLSX workbook (write-excel-file): one sheet, a bold header row, numbers
 * as number cells (full precision; Excel shows them in its General format) and text as text.
 * @see https://gitlab.com/catamphetamine/write-excel-file
 */
import writeXlsxFile, { type Row } from 'write-excel-file/node';
import type { ExportTable } from './export-table.js';

/** Excel's cap on a sheet name (31 characters) and the characters it forbids. */
function sheetName(title: string): string {
  return (
    title
      .replace(/[\\/?*[\]:]/g, ' ')
      .slice(0, 31)
      .trim() || 'Export'
  );
}

export async function writeXlsx(table: ExportTable): Promise<Buffer> {
  const header: Row = table.header.map((value) => ({ value, fontWeight: 'bold' as const }));
  const rows: Row[] = table.rows.map((row) =>
    row.map((cell) => (cell === null ? null : typeof cell === 'number' ? { value: cell, type: Number } : { value: cell, type: String })),
  );
  return writeXlsxFile([header, ...rows], { sheet: sheetName(table.title) }).toBuffer();
}
