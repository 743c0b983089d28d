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
import type { CheckedFigures } from '../../../agent/state/checked-figures.js';
import type { CheckFigures } from '../../../agent/state/run-context.js';
import type { RunView } from '../../../agent/state/run-view.js';
import { checkFigureList } from '../../../figures/check/check-figures.js';
import { cachedStatementReader } from '../../../figures/check/statement-reader.js';
import { summariseVerdicts } from '../../../figures/check/summarise-verdicts.js';
import { extractFigures } from '../../../figures/extract/extract-figures.js';
import type { FigureCheck, KnownCompany } from '../../../figures/figure-types.js';
import type { Logger } from '../../../observability/logger.js';
import type { ResearchService } from '../../../service/types.js';
import { withServiceNames } from '../../kit/company-names/company-names-lookup.js';
import { finalAnswerMarkdown } from '../cards/run-answer-text.js';
import { serviceStatementReader } from './service-statement-reader.js';

/** A symbol as the service writes one (US:NVDA, SH:600519, HK:00700, US:BRK.B). */
const SYMBOL = /(?<![A-Za-z0-9])(?:US|SH|SZ|HK|BJ):[A-Z0-9]{1,6}(?:\.[A-Z])?(?![A-Za-z0-9])/g;
/** A report compares a handful of companies; more would only be a longer names call. */
const MAX_COMPANIES = 20;

export function checkRunFigures(deps: { logger: Logger }): CheckFigures {
  return async ({ service, view, run, signal }): Promise<CheckedFigures> => {
    const answer = finalAnswerMarkdown(view);
    const symbols = runSymbols(answer, view);
    if (answer.trim() === '' || symbols.length === 0) return { companies: [] };
    const log = deps.logger.child({ runId: run.runId });
    const reader = cachedStatementReader(serviceStatementReader(service, { signal }));
    const sources = view.sources.flatMap((s) => (s.url ? [{ title: s.title, url: s.url }] : []));
    const check = async (companies: readonly KnownCompany[]): Promise<FigureCheck | undefined> => {
      const figures = extractFigures(answer, companies);
      if (figures.length === 0) return undefined;
      return summariseVerdicts(await checkFigureList(figures, reader, { sources, companies }));
    };
    // The names call and the statement reads at once, not one after the other: a report pairs its
    // companies' names with their symbols, so the statements it needs are known without the
    // service's names; the check then runs again with them (to find a company named without its
    // symbol, and link its filings), its reads already made (the reader keeps each one).
    const [companies] = await Promise.all([
      serviceNames(service, symbols, { signal, log }),
      check(symbols.map((symbol) => ({ symbol, names: [] }))),
    ]);
    const checked = await check(companies);
    return checked ? { check: checked, companies } : { companies };
  };
}

/** Every name the service has for each company (one batched call, remembered per workspace). */
async function serviceNames(
  service: ResearchService,
  symbols: readonly string[],
  options: { signal: AbortSignal; log: Logger },
): Promise<KnownCompany[]> {
  const named = await withServiceNames(
    service,
    symbols.map((symbol) => ({ symbol, names: [] })),
    { lang: 'en', call: { signal: options.signal }, log: options.log },
  );
  return named.map((c) => ({
    symbol: c.symbol,
    names: [...new Set(c.names.filter((n): n is string => typeof n === 'string' && n.trim() !== ''))],
  }));
}

/** The symbols the answer writes, then those of the run's tool calls, each once, in that order. */
export function runSymbols(answer: string, view: Pick<RunView, 'tools'>): string[] {
  const found = [...(answer.match(SYMBOL) ?? []), ...view.tools.flatMap((t) => t.keyInput.match(SYMBOL) ?? [])];
  return [...new Set(found)].slice(0, MAX_COMPANIES);
}
