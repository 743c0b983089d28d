/**
 * The data operations every non-command surface answers with (Workflow Builder steps, MCP tools),
 * so each gives the same data as the slash commands: each is implemented inside its slice with
 * that slice's own parsing and fetching, and offered to the others through FeatureHooks
 * `operations` (src/slack/kit/feature-hooks.ts, filled in src/slack/register-listeners.ts).
 *
 * Every operation uses the given workspace's own service client (`deps.workspaces.service`).
 * It throws:
 * - OperationInputError (operation-input-error.ts): the input cannot be used; its message says how to fix it;
 * - ServiceError (src/service/errors/service-error.ts): the research service failed or refused;
 * - a ConnectionFailure (src/workspaces/connection-failure.ts): the workspace is not installed or not connected.
 * operationFailure (operation-failure.ts) turns any of them into a user-safe message.
 */
import type { Logger } from '../../../observability/logger.js';
import type { WorkspaceRef } from '../../../workspaces/workspace-ref.js';
import type { ListenerDeps } from '../listener-deps.js';
import type { CompanyFinancialsInput, CompanyFinancialsOutput } from './company-financials-types.js';
import type { EarningsCalendarInput, EarningsCalendarOutput } from './earnings-calendar-types.js';
import type { SearchResearchInput, SearchResearchOutput } from './search-research-types.js';
import type { TrendingConceptsInput, TrendingConceptsOutput } from './trending-concepts-types.js';

/** Per call, all optional: the id carried into log lines (a new one when absent), the caller's logger, a cancel signal. */
export interface OperationCall {
  correlationId?: string;
  /** Defaults to `deps.logger`; the operation adds the correlation id and its name. */
  log?: Logger;
  signal?: AbortSignal;
}

export type DeskOperation<I, O> = (deps: ListenerDeps, workspace: WorkspaceRef, input: I, call?: OperationCall) => Promise<O>;

export interface DeskOperations {
  /** The search `/research <words> type:… market:… since:…` makes (v2 search; v1 when filtered by type or market). */
  searchResearch: DeskOperation<SearchResearchInput, SearchResearchOutput>;
  /** A company's income statement, balance sheet or cash flow, as `/financials <SYMBOL> income|balance|cashflow` shows it. */
  companyFinancials: DeskOperation<CompanyFinancialsInput, CompanyFinancialsOutput>;
  /** The trending concepts `/concepts` lists. */
  trendingConcepts: DeskOperation<TrendingConceptsInput, TrendingConceptsOutput>;
  /** One week's earnings reports by market, as `/financials earnings [cn|hk|us] [this|next|last|YYYY-MM-DD]` shows them. */
  earningsCalendar: DeskOperation<EarningsCalendarInput, EarningsCalendarOutput>;
}
