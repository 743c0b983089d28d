/**
 * A FigureCheck read back from the store (the relay keeps it in the run record, so a resumed run
 * renders the check it made instead of checking again). Anything that is not a FigureCheck is a
 * parse failure: the caller checks again rather than render a half-read one.
 */
import { z } from 'zod';
import { FIGURE_METRICS, type FigureCheck } from '../figure-types.js';

const PERIOD_KINDS = ['FY', 'H1', 'H2', 'Q1', 'Q2', 'Q3', 'Q4', '9M'] as const;
const UNITS = ['amount', 'percent', 'points', 'per_share'] as const;

const count = z.number().int().nonnegative();

const figureSchema = z.object({
  symbol: z.string(),
  metric: z.enum(FIGURE_METRICS),
  measure: z.enum(['level', 'yoy_growth', 'yoy_change']),
  period: z
    .object({
      fiscalYear: z.number().int(),
      kind: z.enum(PERIOD_KINDS),
      calendarYear: z.boolean().optional(),
      endDate: z.string().optional(),
    })
    .optional(),
  value: z.object({
    value: z.number(),
    unit: z.enum(UNITS),
    currency: z.enum(['CNY', 'USD', 'HKD']).optional(),
    rounding: z.number().nonnegative(),
  }),
  written: z.string(),
  source: z.enum(['text', 'table']),
  offset: count,
});

const statementFigureSchema = z.object({
  value: z.number(),
  unit: z.enum(UNITS),
  currency: z.string().optional(),
  statement: z.enum(['income', 'balance_sheet', 'cash_flow']),
  line: z.string(),
  period: z.object({ fiscalYear: z.number().int(), kind: z.enum(PERIOD_KINDS), endDate: z.string().optional() }),
  sourceUrl: z.string().optional(),
});

export const figureCheckSchema = z
  .object({
    checked: count,
    matched: count,
    differs: z.array(z.object({ status: z.literal('differs'), figure: figureSchema, statement: statementFigureSchema })),
    unchecked: count,
  })
  .refine((c) => c.matched + c.differs.length === c.checked, { message: 'checked must be matched + differs' });

// The schema reads exactly the stored type: a change to FigureCheck that it misses fails to compile here.
const _sameShape: z.ZodType<FigureCheck> = figureCheckSchema;
const _backwards = (c: FigureCheck): z.input<typeof figureCheckSchema> => c;
void _sameShape;
void _backwards;
