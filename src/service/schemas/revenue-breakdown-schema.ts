import { z } from 'zod';
import { compact } from './compact.js';
import { listOf, optionalNumber, optionalString, wireString } from './wire-fields.js';

export const revenueSegmentSchema = z
  .object({ name: optionalString, revenue: optionalNumber, revenue_percentage: optionalNumber })
  .transform((s) => compact({ name: s.name ?? '', revenue: s.revenue, revenuePercentage: s.revenue_percentage }));

/**
 * Segments are objects with a name; product entries are undocumented, so bare strings are
 * accepted as names. Anything else is dropped; a list that is not an array fails.
 */
const segmentsSchema = listOf(
  z.union([z.string().transform((name) => ({ name })), revenueSegmentSchema, z.unknown().transform(() => undefined)]),
).transform((list) => list.filter((s) => s !== undefined));

export const revenuePeriodSchema = z
  .object({
    end_date: wireString,
    period: optionalString,
    fiscal_year: optionalNumber,
    product: segmentsSchema,
    area: segmentsSchema,
    industry: segmentsSchema,
    industry_total_revenue: optionalNumber,
  })
  .transform((p) =>
    compact({
      endDate: p.end_date,
      period: p.period ?? '',
      fiscalYear: p.fiscal_year ?? Number(p.end_date.slice(0, 4)),
      product: p.product,
      area: p.area,
      industry: p.industry,
      industryTotalRevenue: p.industry_total_revenue,
    }),
  );

/** `data` of the revenue breakdown endpoint. */
export const revenueBreakdownSchema = z
  .object({ currency: optionalString, list: listOf(revenuePeriodSchema) })
  .transform((d) => ({ currency: d.currency ?? '', periods: d.list }));
