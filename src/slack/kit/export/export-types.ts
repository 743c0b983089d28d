/** The shape every export is built into (export-table.ts) and written from (write-csv.ts, write-xlsx.ts). */
export type ExportCell = string | number | null;

export interface ExportTable {
  /** What the file holds, for its name: `600519-income`. */
  name: string;
  /** The file's title in Slack (and, cut to 31 characters, an XLSX sheet's name). */
  title: string;
  /** An XLSX sheet's name when the workbook has several (else the title's start). */
  sheet?: string;
  header: string[];
  rows: ExportCell[][];
}
