/**
 * An export as an XLSX workbook (write-excel-file): a sheet per table (the snapshot has one per
 * statement), each with a bold header row, numbers as number cells (full precision; Excel shows
 * them in its General format) and text as text.
 * @see https://gitlab.com/catamphetamine/write-excel-file (README: "Multiple Sheets")
 */
import writeXlsxFile, { type Row, type SheetData } from 'write-excel-file/node';
import type { ExportTable } from './export-types.js';

/** Excel's cap on a sheet name (31 characters) and the characters it forbids. */
function sheetName(title: string): string {
  return (
    title
      .replace(/[\\/?*[\]:]/g, ' ')
      .slice(0, 31)
      .trim() || 'Export'
  );
}

/** Names unique within the workbook (Excel refuses two sheets of one name, case-insensitively). */
function uniqueSheetNames(tables: readonly ExportTable[]): string[] {
  const used = new Set<string>();
  return tables.map((t) => {
    const base = sheetName(t.sheet ?? t.title);
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - ` (${n})`.length)} (${n})`;
    used.add(name.toLowerCase());
    return name;
  });
}

function sheetData(table: ExportTable): SheetData {
  const header: Row = table.header.map((value) => ({ value, fontWeight: 'bold' as const }));
  const rows: Row[] = table.rows.map((row) =>
    row.map((cell) => (cell === null ? null : typeof cell === 'number' ? { value: cell, type: Number } : { value: cell, type: String })),
  );
  return [header, ...rows];
}

export async function writeXlsx(tables: ExportTable | readonly ExportTable[]): Promise<Buffer> {
  const list = Array.isArray(tables) ? (tables as readonly ExportTable[]) : [tables as ExportTable];
  const names = uniqueSheetNames(list);
  return writeXlsxFile(list.map((table, i) => ({ data: sheetData(table), sheet: names[i] }))).toBuffer();
}
