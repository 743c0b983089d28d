/**
 * companyFinancials (src/slack/kit/operations/desk-operations.ts): what `/financials <SYMBOL>
 * income|balance|cashflow [annual|quarterly|cumulative] [limit:N]` shows, as data. The inputs are
 * written as that command's text and read by its own reader (readFinancialsText), fetched by the
 * kind's own descriptor, and an unknown symbol is refused with the same suggestions as the command.
 */
import { isServiceError } from '../../../service/errors/service-error.js';
import { parseSymbol } from '../../../service/symbols.js';
import type { ResearchService } from '../../../service/types.js';
import { closest, type UsageProblem } from '../../kit/commands/usage-problem.js';
import {
  STATEMENT_KINDS,
  STATEMENT_PERIODS,
  type CompanyFinancialsInput,
  type StatementKind,
} from '../../kit/operations/company-financials-types.js';
import type { DeskOperations } from '../../kit/operations/desk-operations.js';
import { type OperationContext, operationContext } from '../../kit/operations/operation-context.js';
import { OperationInputError } from '../../kit/operations/operation-input-error.js';
import { checkSymbolKnown } from '../fetch/check-symbol-known.js';
import { hasNoRecords } from '../fetch/has-no-records.js';
import { teachSymbols, unknownSymbolProblem } from '../fetch/unknown-symbol-problems.js';
import { kindContext } from '../financials-card.js';
import { balanceKind, cashflowKind, incomeKind } from '../kinds/statement-kinds.js';
import { isKindRequest, readFinancialsText, type KindRequest } from '../read-financials-text.js';
import { statementOutput } from './statement-output.js';

/** Every word /financials takes for each statement (`p&l`, `balance-sheet`, `cash-flow` …). */
const STATEMENT_WORDS: ReadonlyArray<{ id: StatementKind; words: readonly string[] }> = [incomeKind, balanceKind, cashflowKind].map(
  (k) => ({ id: k.id, words: k.words.grammar === 'symbol' ? k.words.words : [] }),
);
const SYMBOL_EXAMPLES = 'SH:600519, HK:00700 or US:NVDA';

function statementOf(input: unknown): StatementKind {
  const typed = typeof input === 'string' ? input.trim() : '';
  if (!typed) {
    throw new OperationInputError({
      code: 'missing',
      field: 'statement',
      message: `Choose a statement: ${STATEMENT_KINDS.join(', ')}.`,
      allowed: STATEMENT_KINDS,
    });
  }
  // "Cash flow", "Income statement": the words are written with hyphens.
  const word = typed.toLowerCase().replace(/\s+/g, '-');
  const found = STATEMENT_WORDS.find((k) => k.words.includes(word) || k.words.includes(word.replace(/-/g, '')));
  if (found) return found.id;
  const hint = closest(
    word,
    STATEMENT_WORDS.flatMap((k) => k.words),
  );
  const meant = hint ? STATEMENT_WORDS.find((k) => k.words.includes(hint))?.id : undefined;
  throw new OperationInputError({
    code: 'not_allowed',
    field: 'statement',
    message: `Unknown statement “${typed}”${meant ? ` — did you mean ${meant}?` : '.'} Choose one of ${STATEMENT_KINDS.join(', ')}.`,
    allowed: STATEMENT_KINDS,
  });
}

function symbolOf(input: unknown): string {
  const typed = typeof input === 'string' ? input.trim() : '';
  if (!typed)
    throw new OperationInputError({ code: 'missing', field: 'symbol', message: `Give a company's symbol, e.g. ${SYMBOL_EXAMPLES}.` });
  if (/\s/.test(typed) || typed.length > 40) {
    throw new OperationInputError({
      code: 'bad_format',
      field: 'symbol',
      message: `Give one symbol, written <MARKET>:<code> such as ${SYMBOL_EXAMPLES}.`,
    });
  }
  // `XX:1` would read as an option of the command: said here as what it is, a symbol in the wrong form.
  const parsed = parseSymbol(typed);
  if (!parsed.ok && typed.includes(':')) {
    throw new OperationInputError({ code: 'bad_format', field: 'symbol', message: parsed.message.replace(/`/g, '') });
  }
  return typed;
}

function periodOf(input: unknown): string | undefined {
  if (input === undefined || input === null || input === '') return undefined;
  const word = typeof input === 'string' ? input.trim().toLowerCase() : '';
  if ((STATEMENT_PERIODS as readonly string[]).includes(word)) return word;
  throw new OperationInputError({
    code: 'not_allowed',
    field: 'period',
    message: `Unknown period “${String(input)}”. Choose one of ${STATEMENT_PERIODS.join(', ')} (or leave it empty).`,
    allowed: STATEMENT_PERIODS,
  });
}

/** The /financials text the inputs stand for, and which input wrote each of its words. */
function commandText(input: CompanyFinancialsInput): { text: string; symbol: string; fieldOf: (token: string) => string } {
  const symbol = symbolOf(input.symbol);
  const statement = statementOf(input.statement);
  const period = periodOf(input.period);
  if (input.limit !== undefined && (typeof input.limit !== 'number' || !Number.isInteger(input.limit))) {
    throw new OperationInputError({ code: 'bad_format', field: 'limit', message: 'limit must be a whole number of periods, e.g. 4.' });
  }
  const limit = input.limit === undefined ? undefined : `limit:${input.limit}`;
  const fields: Record<string, string> = { [symbol]: 'symbol', [statement]: 'statement', ...(period ? { [period]: 'period' } : {}) };
  if (limit) fields[limit] = 'limit';
  return {
    text: [symbol, statement, period, limit].filter(Boolean).join(' '),
    symbol,
    fieldOf: (token) => fields[token] ?? 'symbol',
  };
}

function inputError(problem: UsageProblem & { suggestions?: string[] }, field: string): OperationInputError {
  const unknown = problem.suggestions !== undefined;
  return new OperationInputError({
    code: unknown ? 'unknown_symbol' : field === 'limit' ? 'out_of_range' : 'bad_format',
    field,
    // The command's own words; its example is a /financials command, which is not what a workflow or a tool takes.
    message: problem.message.replace(/`/g, ''),
    ...(unknown ? { suggestions: problem.suggestions } : {}),
  });
}

/** The command's check: when the service does not know the symbol, the refusal with its closest known symbols. */
async function unknownSymbolError(service: ResearchService, read: KindRequest, typed: string, ctx: OperationContext) {
  if (!('symbol' in read.args)) return undefined;
  const check = await checkSymbolKnown(service, read.args.symbol, ctx.call);
  if (check.kind !== 'unknown') return undefined;
  const problem = await unknownSymbolProblem({ service, call: ctx.call, log: ctx.log }, typed, read.args.symbol, (s) => s);
  return inputError(problem, 'symbol');
}

export const companyFinancials: DeskOperations['companyFinancials'] = async (deps, workspace, input, call) => {
  const { text, symbol, fieldOf } = commandText(input);
  const ctx = operationContext(deps, 'companyFinancials', call);
  const read = readFinancialsText(text, new Date(deps.clock()));
  const service = await deps.workspaces.service(workspace);
  if (!isKindRequest(read)) {
    const refusal = read.kind === 'usage' ? await teachSymbols({ service, call: ctx.call, log: ctx.log }, read) : undefined;
    const [problem] = refusal?.problems ?? [];
    if (!problem) throw new TypeError(`companyFinancials: "${text}" made no statement request`);
    throw inputError(problem, fieldOf(problem.token));
  }
  let data: Awaited<ReturnType<typeof read.descriptor.fetch>>;
  try {
    data = await read.descriptor.fetch(read.args, { ...kindContext(service, { ...ctx, now: deps.clock() }, 'card'), call: ctx.call });
  } catch (error) {
    const unknown = isServiceError(error) && error.kind === 'not_found' ? await unknownSymbolError(service, read, symbol, ctx) : undefined;
    throw unknown ?? error;
  }
  const unknown = hasNoRecords(data) ? await unknownSymbolError(service, read, symbol, ctx) : undefined;
  if (unknown) throw unknown;
  if (data.kind !== 'income' && data.kind !== 'balance' && data.kind !== 'cashflow') {
    throw new TypeError(`companyFinancials: "${text}" fetched ${data.kind}, not a statement`);
  }
  ctx.log.info('operation done', { symbol: data.symbol, statement: data.kind, periods: data.records.length });
  return statementOutput(data);
};
