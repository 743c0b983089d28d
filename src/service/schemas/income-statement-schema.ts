import { z } from 'zod';
import { isRecord } from '../read-shape.js';
import { headerOf, statementHeaderSchema, statementSectionSchema } from './statement-schemas.js';

const HEADER_KEYS = new Set(Object.keys(statementHeaderSchema.shape));

/**
 * One income statement record (`/v1/stock/company-income-statement`). The service's published
 * OpenAPI schemas type the answer only as the stock wrapper's `data` (StockAPIResponse), so the record is read in the form the
 * balance sheet and cash flow records have (the same header, then sections of numbers), and a
 * flat record (numbers at the top level) is read too. Either way every line lands in one
 * name → amount map: line names do not repeat across an income statement's sections.
 */
export const incomeStatementRecordSchema = statementHeaderSchema.catchall(z.unknown()).transform((r) => {
  const lines: Record<string, number> = {};
  const take = (section: Record<string, number>): void => {
    for (const [name, amount] of Object.entries(section)) if (!(name in lines)) lines[name] = amount;
  };
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(r)) {
    if (HEADER_KEYS.has(key)) continue;
    if (isRecord(value)) take(statementSectionSchema.parse(value));
    else flat[key] = value;
  }
  take(statementSectionSchema.parse(flat));
  return { ...headerOf(r), lines };
});

/** `data` of the income statement endpoint: an array of records. */
export const incomeStatementListSchema = z.array(incomeStatementRecordSchema);
