/**
 * Fetches what a /financials request needs and renders its card. The snapshot asks for the
 * income statement, balance sheet, cash flow and revenue mix in parallel, and the earnings
 * calendar for each market asked for; when some parts fail the card shows the others and says
 * which part is missing and why. Only when every part fails does it throw.
 */
import { isServiceError, type ServiceError } from '../../../service/errors/service-error.js';
import type { Logger } from '../../../observability/logger.js';
import type { CallOptions, EarningsCalendarEntry, Market, ResearchService } from '../../../service/types.js';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { renderCompanySnapshot } from '../cards/company-snapshot-card.js';
import { renderEarningsCalendar } from '../cards/earnings-calendar-card.js';
import { renderStockPriceCard } from '../cards/stock-price-card.js';
import { renderNotice } from '../../blocks/error-card.js';
import { renderIndexCard } from '../cards/index-card.js';
import { clampMessage } from '../../blocks/limits.js';
import { renderRevenueBreakdown } from '../cards/revenue-card.js';
import { renderBalanceSheet, renderCashFlow, renderIncomeStatement, type CompanyContext } from '../cards/statement-card.js';
import { lookupCompanyName } from './company-name.js';
import type { FinancialsArgs } from '../args/parse-financials-args.js';
import { weekOf } from '../args/parse-earnings-args.js';
import { fetchComparison } from './fetch-comparison.js';
import { partFailureReason } from './part-failure-reason.js';

export { partFailureReason };

export type FinancialsRequest = Exclude<FinancialsArgs, { kind: 'help' | 'usage' | 'modal' }>;

/** Periods the snapshot compares: the latest and the one before. */
const SNAPSHOT_PERIODS = 2;

/** Among several failures, the one that explains the most (a bad key beats an outage). */
function mostTelling(errors: unknown[]): unknown {
  const rank = (e: unknown): number => {
    if (!isServiceError(e)) return 9;
    const order: Array<ServiceError['kind']> = ['auth', 'validation', 'not_found', 'bad_response'];
    const i = order.indexOf(e.kind);
    return i === -1 ? 5 : i;
  };
  return [...errors].sort((a, b) => rank(a) - rank(b))[0];
}

async function fetchSnapshot(
  service: ResearchService,
  args: Extract<FinancialsRequest, { kind: 'snapshot' }>,
  call: CallOptions,
  log: Logger,
  withName: () => Promise<CompanyContext>,
): Promise<SlackMessage> {
  const { income, balance, cashFlow, revenue, parts } = await fetchSnapshotParts(service, args, call);
  const card = renderCompanySnapshot({
    ...(await withName()),
    income: income.status === 'fulfilled' ? income.value : [],
    balance: balance.status === 'fulfilled' ? balance.value : [],
    cashFlow: cashFlow.status === 'fulfilled' ? cashFlow.value : [],
    revenue: revenue.status === 'fulfilled' ? revenue.value : null,
  });
  return withMissingParts(card, parts, 'snapshot part failed', log);
}

/**
 * The snapshot's four parts, fetched in parallel (the card and its export ask the same): each
 * settled on its own, so a failed part leaves the others; throws only when all failed.
 */
export async function fetchSnapshotParts(
  service: ResearchService,
  args: Extract<FinancialsRequest, { kind: 'snapshot' }>,
  call: CallOptions,
) {
  const symbol = args.symbol.canonical;
  const statement = {
    symbol,
    limit: SNAPSHOT_PERIODS,
    ...(args.period ? { period: args.period } : {}),
    ...(args.fiscalYear ? { fiscalYear: args.fiscalYear } : {}),
    ...(args.fiscalQuarter ? { fiscalQuarter: args.fiscalQuarter } : {}),
  };
  const [income, balance, cashFlow, revenue] = await Promise.allSettled([
    service.incomeStatement(statement, call),
    service.balanceSheet(statement, call),
    service.cashFlow(statement, call),
    service.revenueBreakdown({ symbol, limit: SNAPSHOT_PERIODS, ...(args.fiscalYear ? { fiscalYear: args.fiscalYear } : {}) }, call),
  ]);
  const parts = [
    { name: 'income statement', result: income },
    { name: 'balance sheet', result: balance },
    { name: 'cash flow', result: cashFlow },
    { name: 'revenue mix', result: revenue },
  ];
  throwWhenAllFailed(parts);
  return { income, balance, cashFlow, revenue, parts };
}

/** Each market's calendar for the week asked, settled on its own; throws only when all failed. */
export async function fetchEarningsParts(
  service: ResearchService,
  args: Extract<FinancialsRequest, { kind: 'earnings' }>,
  call: CallOptions,
) {
  const results = await Promise.allSettled(
    args.markets.map((market) => service.earningsCalendar({ market, startDate: args.startDate, endDate: args.endDate }, call)),
  );
  const parts = args.markets.map((market, i) => ({
    name: `${MARKET_LABELS[market]} calendar`,
    market,
    result: results[i] as PromiseSettledResult<EarningsCalendarEntry[]>,
  }));
  throwWhenAllFailed(parts);
  return parts;
}

interface Part {
  name: string;
  result: PromiseSettledResult<unknown>;
}

function throwWhenAllFailed(parts: Part[]): void {
  const reasons = parts.flatMap((p) => (p.result.status === 'rejected' ? [p.result.reason] : []));
  if (reasons.length === parts.length) throw mostTelling(reasons);
}

/** The card, followed by a notice naming each part that failed and why (each also logged). */
function withMissingParts(card: SlackMessage, parts: Part[], logLine: string, log: Logger): SlackMessage {
  const failed = parts.flatMap((p) => (p.result.status === 'rejected' ? [{ name: p.name, reason: p.result.reason as unknown }] : []));
  if (failed.length === 0) return card;
  for (const p of failed) {
    log.warn(logLine, { part: p.name, kind: isServiceError(p.reason) ? p.reason.kind : 'unknown', error: p.reason });
  }
  const missing = failed.map((p) => `the ${p.name} (${partFailureReason(p.reason)})`).join(' and ');
  const notice = renderNotice(`Not shown: ${missing}.`, ':warning:');
  return clampMessage({ text: `${card.text}\n${notice.text}`, blocks: [...card.blocks, ...notice.blocks] });
}

/** Markets in the user's words, for notices: "US", "Hong Kong". */
const MARKET_LABELS: Record<Market, string> = { cn: 'China A-share', hk: 'Hong Kong', us: 'US' };

async function fetchEarnings(
  service: ResearchService,
  args: Extract<FinancialsRequest, { kind: 'earnings' }>,
  call: CallOptions,
  log: Logger,
): Promise<SlackMessage> {
  const parts = await fetchEarningsParts(service, args, call);
  const markets = parts.flatMap((p) => (p.result.status === 'fulfilled' ? [{ market: p.market, entries: p.result.value }] : []));
  const empty = markets.every((m) => m.entries.length === 0);
  const next = empty ? await nextWeekWithReports(service, args, markets, call, log) : undefined;
  const card = renderEarningsCalendar({ startDate: args.startDate, endDate: args.endDate, markets, ...(next ? { next } : {}) });
  return withMissingParts(card, parts, 'earnings calendar part failed', log);
}

/** How far an empty week looks ahead for the next reports: a quarter covers a reporting season. */
const LOOK_AHEAD_DAYS = 91;

/**
 * After an empty week, the first later week with reports (within LOOK_AHEAD_DAYS), so the card
 * can show it instead of suggesting another week that may be just as empty; the whole look-ahead
 * range with no entries when none is scheduled. Undefined when the look-ahead fails (logged).
 */
async function nextWeekWithReports(
  service: ResearchService,
  args: Extract<FinancialsRequest, { kind: 'earnings' }>,
  markets: Array<{ market: Market }>,
  call: CallOptions,
  log: Logger,
): Promise<{ startDate: string; endDate: string; markets: Array<{ market: Market; entries: EarningsCalendarEntry[] }> } | undefined> {
  const day = (date: string, plus: number): Date => new Date(Date.parse(`${date}T00:00:00Z`) + plus * 86_400_000);
  const from = weekOf(day(args.endDate, 1)).startDate;
  const until = weekOf(day(args.endDate, LOOK_AHEAD_DAYS)).endDate;
  try {
    const ahead = await Promise.all(
      markets.map(async ({ market }) => ({
        market,
        entries: await service.earningsCalendar({ market, startDate: from, endDate: until }, call),
      })),
    );
    const first = ahead
      .flatMap((m) => m.entries.map((e) => e.date))
      .filter((d) => d >= from)
      .sort()[0];
    if (!first) return { startDate: from, endDate: until, markets: ahead.map((m) => ({ market: m.market, entries: [] })) };
    const week = weekOf(new Date(`${first}T00:00:00Z`));
    return {
      ...week,
      markets: ahead.map((m) => ({
        market: m.market,
        entries: m.entries.filter((e) => e.date >= week.startDate && e.date <= week.endDate),
      })),
    };
  } catch (error) {
    log.warn('earnings look-ahead failed', { kind: isServiceError(error) ? error.kind : 'unknown', error });
    return undefined;
  }
}

export interface FinancialsCallOptions {
  correlationId: string;
  /** Where the parts a partial snapshot lacks are logged. */
  log: Logger;
  /** Now, in ms: the window in which the company's name is looked up (company-name.ts). */
  now: number;
}

export async function fetchFinancialsCard(
  service: ResearchService,
  args: FinancialsRequest,
  options: FinancialsCallOptions,
): Promise<SlackMessage> {
  const call: CallOptions = { correlationId: options.correlationId };
  if (args.kind === 'earnings') return fetchEarnings(service, args, call, options.log);
  if (args.kind === 'compare') {
    // Its chart comes from the card's Chart button (fetch-financials-chart.ts), like every card's.
    return (await fetchComparison(service, args, call, options.log)).card;
  }
  if (args.kind === 'index') {
    return renderIndexCard(await service.indexPrices(args.request, call), {
      code: args.symbol.code,
      ...(args.symbol.name ? { name: args.symbol.name } : {}),
    });
  }
  const symbol = args.symbol.canonical;
  // The price card names the company from its own items; the others look the name up alongside
  // their data (lookupCompanyName never rejects).
  const named = args.kind === 'prices' ? Promise.resolve(undefined) : lookupCompanyName(service, symbol, options.now, call, options.log);
  return companyCard(service, args, call, options.log, named);
}

async function companyCard(
  service: ResearchService,
  args: Exclude<FinancialsRequest, { kind: 'earnings' | 'index' | 'compare' }>,
  call: CallOptions,
  log: Logger,
  named: Promise<string | undefined>,
): Promise<SlackMessage> {
  const withName = async () => {
    const companyName = await named;
    return { symbol: args.symbol.canonical, ...(companyName ? { companyName } : {}) };
  };
  switch (args.kind) {
    case 'snapshot':
      return fetchSnapshot(service, args, call, log, withName);
    case 'balance':
      return renderBalanceSheet(await service.balanceSheet(args.request, call), await withName());
    case 'cashflow':
      return renderCashFlow(await service.cashFlow(args.request, call), await withName());
    case 'income':
      return renderIncomeStatement(await service.incomeStatement(args.request, call), await withName());
    case 'prices':
      return renderStockPriceCard(await service.companyPrices(args.request, call), await withName());
    case 'revenue':
      return renderRevenueBreakdown(await service.revenueBreakdown(args.request, call), await withName());
  }
}

/** What the user asked for, for messages ("the balance sheet of US:NVDA"). */
export function financialsAction(args: FinancialsRequest): string {
  if (args.kind === 'compare') return `the comparison of ${args.symbols.map((s) => s.canonical).join(', ')}`;
  if (args.kind === 'earnings') {
    return `the earnings calendar (${args.markets.map((m) => MARKET_LABELS[m]).join(', ')}, week of ${args.startDate})`;
  }
  const what = {
    snapshot: 'the snapshot',
    balance: 'the balance sheet',
    cashflow: 'the cash-flow statement',
    income: 'the income statement',
    revenue: 'the revenue breakdown',
    index: 'the index prices',
    prices: 'the share prices',
  }[args.kind];
  return `${what} of ${args.symbol.canonical}`;
}
