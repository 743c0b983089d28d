/**
 * Fetches what a /financials request needs and renders its card. The snapshot asks for the
 * balance sheet, cash flow and revenue mix in parallel; when some of them fail it shows the
 * others and says which part is missing and why. Only when all three fail does it throw.
 */
import { isServiceError, type ServiceError } from '../../../service/errors/service-error.js';
import type { Logger } from '../../../observability/logger.js';
import type { CallOptions, ResearchService } from '../../../service/types.js';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { renderCompanySnapshot } from '../../blocks/company-snapshot-card.js';
import { renderNotice } from '../../blocks/error-card.js';
import { renderIndexCard } from '../../blocks/index-card.js';
import { clampMessage } from '../../blocks/limits.js';
import { renderRevenueBreakdown } from '../../blocks/revenue-card.js';
import { renderBalanceSheet, renderCashFlow } from '../../blocks/statement-card.js';
import type { FinancialsArgs } from '../../commands/parse-financials-args.js';

export type FinancialsRequest = Exclude<FinancialsArgs, { kind: 'help' | 'usage' | 'modal' }>;

/** Periods the snapshot compares: the latest and the one before. */
const SNAPSHOT_PERIODS = 2;

/** Why one part of the snapshot is missing, in the user's words. */
export function partFailureReason(error: unknown): string {
  if (!isServiceError(error)) return 'it could not be loaded';
  switch (error.kind) {
    case 'not_found':
      return 'the service has no such data for this company';
    case 'validation':
      return 'the service did not accept the request';
    case 'auth':
      return "the service rejected the app's key";
    case 'bad_response':
      return 'the service answered something unexpected';
    default:
      return 'the service is unavailable right now';
  }
}

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
): Promise<SlackMessage> {
  const symbol = args.symbol.canonical;
  const statement = {
    symbol,
    limit: SNAPSHOT_PERIODS,
    ...(args.period ? { period: args.period } : {}),
    ...(args.fiscalYear ? { fiscalYear: args.fiscalYear } : {}),
    ...(args.fiscalQuarter ? { fiscalQuarter: args.fiscalQuarter } : {}),
  };
  const [balance, cashFlow, revenue] = await Promise.allSettled([
    service.balanceSheet(statement, call),
    service.cashFlow(statement, call),
    service.revenueBreakdown({ symbol, limit: SNAPSHOT_PERIODS, ...(args.fiscalYear ? { fiscalYear: args.fiscalYear } : {}) }, call),
  ]);
  const parts = [
    { name: 'balance sheet', result: balance },
    { name: 'cash flow', result: cashFlow },
    { name: 'revenue mix', result: revenue },
  ];
  const failed = parts.filter((p) => p.result.status === 'rejected');
  if (failed.length === parts.length) throw mostTelling(failed.map((p) => (p.result as PromiseRejectedResult).reason));
  const card = renderCompanySnapshot({
    symbol,
    balance: balance.status === 'fulfilled' ? balance.value : [],
    cashFlow: cashFlow.status === 'fulfilled' ? cashFlow.value : [],
    revenue: revenue.status === 'fulfilled' ? revenue.value : null,
  });
  if (failed.length === 0) return card;
  for (const p of failed) {
    const reason = (p.result as PromiseRejectedResult).reason;
    log.warn('snapshot part failed', { part: p.name, kind: isServiceError(reason) ? reason.kind : 'unknown', error: reason });
  }
  const missing = failed.map((p) => `the ${p.name} (${partFailureReason((p.result as PromiseRejectedResult).reason)})`).join(' and ');
  const notice = renderNotice(`Not shown: ${missing}.`, ':warning:');
  return clampMessage({ text: `${card.text}\n${notice.text}`, blocks: [...card.blocks, ...notice.blocks] });
}

export interface FinancialsCallOptions {
  correlationId: string;
  /** Where the parts a partial snapshot lacks are logged. */
  log: Logger;
}

export async function fetchFinancialsCard(
  service: ResearchService,
  args: FinancialsRequest,
  options: FinancialsCallOptions,
): Promise<SlackMessage> {
  const company = { symbol: args.symbol.canonical };
  const call: CallOptions = { correlationId: options.correlationId };
  switch (args.kind) {
    case 'snapshot':
      return fetchSnapshot(service, args, call, options.log);
    case 'balance':
      return renderBalanceSheet(await service.balanceSheet(args.request, call), company);
    case 'cashflow':
      return renderCashFlow(await service.cashFlow(args.request, call), company);
    case 'revenue':
      return renderRevenueBreakdown(await service.revenueBreakdown(args.request, call), company);
    case 'index':
      return renderIndexCard(await service.indexPrices(args.request, call), {
        code: args.symbol.code,
        ...(args.symbol.name ? { name: args.symbol.name } : {}),
      });
  }
}

/** What the user asked for, for messages ("the balance sheet of US:NVDA"). */
export function financialsAction(args: FinancialsRequest): string {
  const what = {
    snapshot: 'the snapshot',
    balance: 'the balance sheet',
    cashflow: 'the cash-flow statement',
    revenue: 'the revenue breakdown',
    index: 'the index prices',
  }[args.kind];
  return `${what} of ${args.symbol.canonical}`;
}
