/**
 * The relay's figure check (RunDeps.checkFigures), over the run's own workspace service: the
 * figures of the completed answer (src/figures/extract) checked against the statements of the
 * companies it covers (src/figures/check), each statement read once for the run.
 *
 * The companies are the symbols the answer writes and those the run's tools were asked about,
 * with every name the service has for them (one batched company-names call, remembered per
 * workspace), so a figure is found under "NVIDIA", "英伟达" or "US:NVDA" alike and the warning
 * names the company in the answer's language.
 */
import { LRUCache } from 'lru-cache';
import type { CheckedFigures } from '../../../agent/state/checked-figures.js';
import type { CheckFigures, WarmFigures } from '../../../agent/state/run-context.js';
import type { RunView } from '../../../agent/state/run-view.js';
import { checkFigureList } from '../../../figures/check/check-figures.js';
import { cachedStatementReader, type StatementReader } from '../../../figures/check/statement-reader.js';
import { summariseVerdicts } from '../../../figures/check/summarise-verdicts.js';
import { symbolsWritten } from '../../../figures/extract/company-matcher.js';
import { extractFigures } from '../../../figures/extract/extract-figures.js';
import type { FigureCheck, KnownCompany, StatementKind } from '../../../figures/figure-types.js';
import type { Logger } from '../../../observability/logger.js';
import type { ResearchService } from '../../../service/types.js';
import { withServiceNames } from '../../kit/company-names/company-names-lookup.js';
import { finalAnswerMarkdown } from '../cards/run-answer-text.js';
import { serviceStatementReader } from './service-statement-reader.js';

/** A report compares a handful of companies; more would only be a longer names call. */
const MAX_COMPANIES = 20;

/** Runs whose reads were started ahead, each kept until its check (a run that never gets one ages out). */
const MAX_WARM_RUNS = 500;
/** The statement a data tool reads, by its name (get_income_statement, company-balance-sheet, …). */
const TOOL_STATEMENTS: ReadonlyArray<[RegExp, StatementKind]> = [
  [/income|profit/i, 'income'],
  [/balance/i, 'balance_sheet'],
  [/cash[\s_-]?flow/i, 'cash_flow'],
];

/** What a run has read ahead: its statements (each read once) and its companies' names. */
interface WarmRun {
  reader: StatementReader;
  names?: { symbols: string; names: Promise<KnownCompany[]> };
  tools: number;
}

export interface RunFigureChecker {
  check: CheckFigures;
  warm: WarmFigures;
}

/**
 * The check, and its reading ahead: while a run goes on, each data tool call that names a company
 * starts the read of that statement's quarters and the one names call, so a run's last event
 * finds them read and its final answer waits only for the extraction and the comparison (the
 * relay bench measures what is left). Reads ahead are the ones the check makes: each (company,
 * statement, period kind) is still read once per run.
 */
export function runFigureChecker(deps: { logger: Logger }): RunFigureChecker {
  const warmRuns = new LRUCache<string, WarmRun>({ max: MAX_WARM_RUNS });
  const warmRunOf = (service: ResearchService, runId: string): WarmRun => {
    let warm = warmRuns.get(runId);
    if (!warm) {
      warm = { reader: cachedStatementReader(serviceStatementReader(service)), tools: 0 };
      warmRuns.set(runId, warm);
    }
    return warm;
  };
  const namesOf = (warm: WarmRun, service: ResearchService, symbols: readonly string[], log: Logger, signal?: AbortSignal) => {
    const key = symbols.join(' ');
    if (warm.names?.symbols !== key)
      warm.names = { symbols: key, names: serviceNames(service, symbols, { log, ...(signal ? { signal } : {}) }) };
    return warm.names.names;
  };

  const warm: WarmFigures = ({ service, view, run }) => {
    const log = deps.logger.child({ runId: run.runId });
    try {
      const entry = warmRunOf(service, run.runId);
      const fresh = view.tools.slice(entry.tools);
      entry.tools = view.tools.length;
      const symbols = runSymbols('', view);
      if (symbols.length === 0) return;
      void namesOf(entry, service, symbols, log);
      for (const tool of fresh) {
        const statement = TOOL_STATEMENTS.find(([pattern]) => pattern.test(tool.toolName))?.[1];
        if (!statement) continue;
        for (const symbol of symbolsWritten(tool.keyInput)) {
          // Quarters: what a report of the latest period quotes; other periods are read at the check.
          entry.reader.read(symbol, statement, 'quarterly').catch((error: unknown) => {
            log.warn('could not read a statement ahead of the figure check', { symbol, statement, error });
          });
        }
      }
    } catch (error) {
      log.warn('could not start reading ahead for the figure check', { error });
    }
  };

  const check: CheckFigures = async ({ service, view, run, signal }): Promise<CheckedFigures> => {
    const warmed = warmRuns.get(run.runId);
    warmRuns.delete(run.runId);
    const answer = finalAnswerMarkdown(view);
    const symbols = runSymbols(answer, view);
    if (answer.trim() === '' || symbols.length === 0) return { companies: [] };
    const log = deps.logger.child({ runId: run.runId });
    // A read started ahead carries no signal: it is one request, and its answer is kept for the run.
    const reader = warmed?.reader ?? cachedStatementReader(serviceStatementReader(service, { signal }));
    const sources = view.sources.flatMap((s) => (s.url ? [{ title: s.title, url: s.url }] : []));
    const checkWith = async (companies: readonly KnownCompany[]): Promise<FigureCheck | undefined> => {
      const figures = extractFigures(answer, companies);
      if (figures.length === 0) return undefined;
      return summariseVerdicts(await checkFigureList(figures, reader, { sources, companies }));
    };
    // The names call and the statement reads at once, not one after the other: a report pairs its
    // companies' names with their symbols, so the statements it needs are known without the
    // service's names; the check then runs again with them (to find a company named without its
    // symbol, and link its filings), its reads already made (the reader keeps each one).
    const names = warmed ? namesOf(warmed, service, symbols, log, signal) : serviceNames(service, symbols, { signal, log });
    const [companies] = await Promise.all([names, checkWith(symbols.map((symbol) => ({ symbol, names: [] })))]);
    const checked = await checkWith(companies);
    return checked ? { check: checked, companies } : { companies };
  };

  return { check, warm };
}

/** Every name the service has for each company (one batched call, remembered per workspace). */
async function serviceNames(
  service: ResearchService,
  symbols: readonly string[],
  options: { signal?: AbortSignal; log: Logger },
): Promise<KnownCompany[]> {
  const named = await withServiceNames(
    service,
    symbols.map((symbol) => ({ symbol, names: [] })),
    { lang: 'en', call: options.signal ? { signal: options.signal } : {}, log: options.log },
  );
  return named.map((c) => ({
    symbol: c.symbol,
    names: [...new Set(c.names.filter((n): n is string => typeof n === 'string' && n.trim() !== ''))],
  }));
}

/** The symbols the answer writes, then those of the run's tool calls, each once, in that order. */
export function runSymbols(answer: string, view: Pick<RunView, 'tools'>): string[] {
  const found = [...symbolsWritten(answer), ...view.tools.flatMap((t) => symbolsWritten(t.keyInput))];
  return [...new Set(found)].slice(0, MAX_COMPANIES);
}
