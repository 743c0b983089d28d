/**
 * The rows a "Download CSV / XLSX" button exports, from the data the card's command fetched again.
 * Full precision: every number exactly as the service gave it (never rounded, never scaled to a
 * unit), every line the service reported (not only the card's key lines); the header row names
 * the currency and says amounts are in units of it. Text (Chinese names included) is kept as is.
 * Each kind's descriptor builds its own tables (kinds/, from the builders in this folder); these
 * two ask the kind that fetched some data for them. Pure: the writers (kit/export/write-csv.ts,
 * write-xlsx.ts) turn a table into bytes.
 */
import type { ExportTable } from '../../kit/export/export-types.js';
import type { ExportTables } from '../kinds/financials-kind.js';
import { descriptorOfData, type KindData } from '../kinds/registry.js';

/** What a kind fetched, whichever kind: each carries its kind's id. */
export type ExportData = KindData;

function tablesOf(data: ExportData): ExportTables {
  const descriptor = descriptorOfData(data);
  if (!descriptor.export) throw new TypeError(`/financials ${data.kind} has no export`);
  return descriptor.export(data);
}

/** The CSV's one table. */
export function exportTableOf(data: ExportData): ExportTable {
  return tablesOf(data).table;
}

/** The sheets of the XLSX: one per statement for the snapshot, else the one table. */
export function exportSheetsOf(data: ExportData): ExportTable[] {
  const tables = tablesOf(data);
  return tables.sheets ?? [tables.table];
}
