/**
 * What a `/financials` kind is: its words, how it fetches, and the card, chart and export it makes
 * of what it fetched. Every kind is one such descriptor (kinds/<kind>.ts), listed once in
 * registry.ts; the command, the modal and the card buttons (Chart, CSV, XLSX, Share) look the
 * descriptor up there and never ask which kind they hold.
 */
import type { ChartData } from '../../../charts/chart-data.js';
import type { Logger } from '../../../observability/logger.js';
import type { StockSymbol } from '../../../service/symbols.js';
import type { CallOptions, ResearchService, StatementPeriod } from '../../../service/types.js';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import type { ExportTable } from '../../kit/export/export-types.js';
import type { Token } from '../../kit/commands/tokenize.js';
import type { UsageProblem, UsageResult } from '../../kit/commands/usage-problem.js';

/** The request a kind's words parse to: its id and what it needs to fetch. */
export interface KindArgs {
  kind: string;
}

/** What the data is fetched for: a kind may need less for a chart or a file than for its card. */
export type KindPurpose = 'card' | 'chart' | 'export';

export interface KindContext {
  service: ResearchService;
  call: CallOptions;
  /** Where parts that fail (a snapshot's statement, a market's calendar) are logged. */
  log: Logger;
  /** Now, in ms: the window a company's name is looked up in (fetch/company-name.ts). */
  now: number;
  purpose: KindPurpose;
}

export interface FinancialsChart {
  data: ChartData;
  /** Price history always goes out as an image: many points, read as a shape. */
  preferImage: boolean;
}

/** What Download CSV and Download XLSX write: the CSV's one table, and the workbook's sheets (that table alone by default). */
export interface ExportTables {
  table: ExportTable;
  sheets?: ExportTable[];
}

/** The options every `<SYMBOL> …` request may carry, read by the shared grammar (parse-financials-args.ts). */
export interface SymbolOptions {
  period?: StatementPeriod;
  limit?: number;
  fiscalYear?: string;
  fiscalQuarter?: string;
  startDate?: string;
  endDate?: string;
}

/** A kind asked for by a symbol and, unless it is what the symbol alone gives, a word: `/financials NVDA balance`. */
export interface SymbolWords<A extends KindArgs> {
  grammar: 'symbol';
  /** Which symbols it is for. */
  of: 'company' | 'index';
  /** Words that ask for it, in any place after `/financials`; the first is the one the modal and help write. */
  words: readonly string[];
  /** What the symbol alone gives (the snapshot of a company, the card of an index). */
  isDefault?: boolean;
  /** Whether it takes cumulative periods and the H1 and 9M quarters (the flow statements do). */
  cumulative?: boolean;
  /** Problems only this kind has with the options, said before the shared ones. */
  problems?(symbol: StockSymbol, options: SymbolOptions): UsageProblem[];
  request(symbol: StockSymbol, options: SymbolOptions): A;
}

/** A kind whose word comes first and which reads the rest itself: `/financials earnings us next`. */
export interface LeadWords<A extends KindArgs> {
  grammar: 'lead';
  words: ReadonlySet<string>;
  /** Parses the tokens after the word; never throws. */
  parse(tokens: Token[], now: Date | undefined): A | UsageResult;
  /** Said when one of its words comes after a symbol instead of first; unset, such a word is read as usual. */
  misplaced?: { message: string; example: string };
}

/** How the help card (financials-help.ts) shows a kind. */
export interface KindHelp {
  /** The word in the `<SYMBOL> [...]` form, for a symbol kind that has one. */
  word?: string;
  /** A lead kind's own section: its title and form. */
  section?: { title: string; form: string; note: string };
  examples: readonly string[];
  /** One clause on what it gives, for the help's closing line. */
  note?: string;
}

/** A choice in the modal's statement menu. */
export interface KindModalChoice {
  label: string;
  /** Whether the modal's period (annual, quarterly) applies. */
  periods: boolean;
}

/**
 * One `/financials` kind. `D` is what fetch returns and every renderer reads; it carries the kind's
 * id as `kind` (exportTableOf finds the kind of any data by it).
 */
export interface FinancialsKind<A extends KindArgs, D extends KindArgs> {
  id: A['kind'];
  words: SymbolWords<A> | LeadWords<A>;
  help: KindHelp;
  modal?: KindModalChoice;
  /** What the user asked for, for messages: "the balance sheet of US:NVDA". */
  describe(args: A): string;
  /** Throws only when nothing could be fetched; a part that fails is named in the data. */
  fetch(args: A, ctx: KindContext): Promise<D>;
  /** Pure, like every renderer below. */
  card(data: D, args: A): SlackMessage;
  /** Null when the data has no series to draw. */
  chart?(data: D, args: A): FinancialsChart | null;
  export?(data: D): ExportTables;
  /** Its card can be saved as a canvas (its table and notes; canvas-actions.ts). */
  canvas?: boolean;
}
