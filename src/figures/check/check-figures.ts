/**
 * Checks a report's figures against the company's statements. Every statement a figure needs is
 * read once per company, statement and period kind, all in parallel, before any figure is judged;
 * a read that fails leaves its figures unchecked, never wrong. A figure matches when any plausible
 * reading of it does (figure-readings.ts); it differs only when none does, and then shows the
 * reading the report most likely meant. Precision first: a false warning costs more trust than
 * a missed one.
 */
import type { StatementPeriod } from '../../service/types.js';
import type { ExtractedFigure, FigureVerdict, KnownCompany, StatementKind } from '../figure-types.js';
import { readingsOf, readsOfFigure, type Reading } from './figure-readings.js';
import { statementOf } from './metric-formulas.js';
import { rowOf, type RowsOf, type StatementRow } from './period-slices.js';
import { sourceForPeriod, type SourceDocument } from './source-for-period.js';
import { lineSetOf } from './statement-lines.js';
import { cachedStatementReader, type StatementReader } from './statement-reader.js';
import { withinTolerance } from './tolerance.js';

export interface CheckFiguresOptions {
  /** The run's documents: a statement figure links the one whose title names its company and filing. */
  sources?: ReadonlyArray<SourceDocument>;
  /** Names of the report's companies, to find them in source titles (the symbol's code is tried anyway). */
  companies?: readonly KnownCompany[];
  /** Told of each read that failed (its figures are then unchecked): the caller logs it. */
  onReadFailure?: (failure: { symbol: string; statement: StatementKind; period: StatementPeriod; error: unknown }) => void;
}

const readKey = (symbol: string, statement: StatementKind, period: StatementPeriod): string => `${symbol}\u0000${statement}\u0000${period}`;

/** Reads every statement the figures need, in parallel; a failed read is undefined. */
async function readAll(
  figures: readonly ExtractedFigure[],
  reader: StatementReader,
  onReadFailure: CheckFiguresOptions['onReadFailure'],
): Promise<Map<string, readonly StatementRow[] | undefined>> {
  const cached = cachedStatementReader(reader);
  const wanted = new Map<string, { symbol: string; statement: StatementKind; period: StatementPeriod }>();
  for (const figure of figures) {
    const statement = statementOf(figure.metric);
    for (const period of readsOfFigure(figure))
      wanted.set(readKey(figure.symbol, statement, period), { symbol: figure.symbol, statement, period });
  }
  const entries = await Promise.all(
    [...wanted].map(async ([key, { symbol, statement, period }]) => {
      try {
        const records = await cached.read(symbol, statement, period);
        const rows = records.map((record) =>
          rowOf({
            fiscalYear: record.fiscalYear,
            fiscalQuarter: record.fiscalQuarter,
            period: record.period,
            endDate: record.endDate,
            currency: record.currency,
            lines: lineSetOf(statement, record),
          }),
        );
        return [key, rows] as const;
      } catch (error) {
        onReadFailure?.({ symbol, statement, period, error });
        return [key, undefined] as const;
      }
    }),
  );
  return new Map(entries);
}

function agrees(value: number, reading: Reading): boolean {
  const { statement, tolerance } = reading;
  if (withinTolerance(value, statement.value, tolerance)) return true;
  return reading.signless && value > 0 && statement.value < 0 && withinTolerance(value, -statement.value, tolerance);
}

export async function checkFigureList(
  figures: readonly ExtractedFigure[],
  reader: StatementReader,
  options: CheckFiguresOptions = {},
): Promise<FigureVerdict[]> {
  const reads = await readAll(figures, reader, options.onReadFailure);
  const sources = options.sources ?? [];
  return figures.map((figure): FigureVerdict => {
    const rowsOf: RowsOf = (statement, period) => reads.get(readKey(figure.symbol, statement, period));
    const result = readingsOf(figure, rowsOf);
    if ('unchecked' in result) return { status: 'unchecked', figure, reason: result.unchecked };
    const matching = result.readings.find((r) => agrees(figure.value.value, r));
    const chosen = matching ?? (result.readings[0] as Reading);
    const statement = { ...chosen.statement };
    const sourceUrl = sourceForPeriod(figure.symbol, statement.period, sources, options.companies);
    if (sourceUrl) statement.sourceUrl = sourceUrl;
    return { status: matching ? 'match' : 'differs', figure, statement };
  });
}
