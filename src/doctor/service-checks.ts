/**
 * The read-only service calls the doctor makes: one per endpoint the app uses, each through the
 * app's own client method, so a check passes exactly when the app would accept the answer.
 * Writes (folders, conversations, chat, cancel) are never called. Agent reads are in
 * agent-checks.ts.
 */
import type { ResearchService } from '../service/types.js';

/** What the checks share: a document id found by a search, for the document reads. */
export interface FoundIds {
  docId?: string;
}

/** What a check reports besides passing or throwing: a reason it could not be made. */
export type CheckOutcome = { status: 'skip' | 'fail'; problem: string };

export interface ServiceCheck {
  /** The endpoint as the table names it when no request was sent. */
  endpoint: string;
  /** The client reaches this endpoint by more than one route: the report names the one that answered. */
  namesRoute?: boolean;
  /** A paged v1 list: the report names its paging names and document form. */
  pagedList?: boolean;
  /** Makes the app's call; throws what the client throws. */
  run(): Promise<CheckOutcome | undefined>;
}

export interface ServiceProbe {
  /** A query most deployments find documents for. */
  query: string;
  /** A tag for documents by tag. */
  tag: string;
  /** A company symbol, `<MARKET>:<code>`. */
  symbol: string;
  /** An index symbol. */
  index: string;
}

export const DEFAULT_PROBE: ServiceProbe = { query: 'NVIDIA', tag: '半导体', symbol: 'US:NVDA', index: 'HSI' };

export function serviceChecks(service: ResearchService, probe: ServiceProbe, found: FoundIds): ServiceCheck[] {
  const remember = (docId: string | undefined): undefined => {
    found.docId ??= docId;
    return undefined;
  };
  const withDocument = async (read: (docId: string) => Promise<unknown>): Promise<CheckOutcome | undefined> => {
    if (found.docId === undefined) return { status: 'fail', problem: 'no document to read: every search above came back empty or failed' };
    await read(found.docId);
    return undefined;
  };
  return [
    {
      endpoint: 'POST /v1/search',
      pagedList: true,
      run: async () => remember((await service.searchDocuments({ query: probe.query, pageSize: 5 })).items[0]?.id),
    },
    {
      endpoint: 'POST /v1/docs/tags',
      pagedList: true,
      run: async () => remember((await service.docsByTag({ tags: [probe.tag], pageSize: 5 })).items[0]?.id),
    },
    {
      endpoint: 'POST /v2/search',
      run: async () => remember((await service.searchV2({ query: probe.query, num: 5 })).docs[0]?.docId),
    },
    {
      endpoint: 'POST /v2/search/news',
      run: async () => remember((await service.searchNews({ query: probe.query, num: 5 })).docs[0]?.docId),
    },
    {
      endpoint: 'POST /v1/search/chunks',
      namesRoute: true,
      run: async () => remember((await service.searchChunks({ query: probe.query, num: 5 }))[0]?.doc?.id),
    },
    { endpoint: 'GET /v1/docs/{doc_id}', run: () => withDocument((id) => service.getDocument(id)) },
    { endpoint: 'GET /v1/docs/{doc_id}/summary', run: () => withDocument((id) => service.getDocumentSummary(id)) },
    {
      endpoint: 'POST /v1/stock/company-balance-sheet',
      run: async () => void (await service.balanceSheet({ symbol: probe.symbol, limit: 1 })),
    },
    {
      endpoint: 'POST /v1/stock/company-cashflow-statement',
      run: async () => void (await service.cashFlow({ symbol: probe.symbol, limit: 1 })),
    },
    {
      endpoint: 'POST /v1/stock/company-income-statement',
      run: async () => void (await service.incomeStatement({ symbol: probe.symbol, limit: 1 })),
    },
    {
      endpoint: 'POST /v1/stock/company-prices',
      namesRoute: true,
      run: async () => void (await service.companyPrices({ symbol: probe.symbol })),
    },
    {
      endpoint: 'POST /v1/stock/earnings-calendar',
      run: async () => {
        // A week ahead of today, the window `/financials earnings` asks for by default.
        const start = new Date();
        const end = new Date(start.getTime() + 6 * 86_400_000);
        const day = (d: Date) => d.toISOString().slice(0, 10);
        await service.earningsCalendar({ market: 'us', startDate: day(start), endDate: day(end) });
        return undefined;
      },
    },
    {
      endpoint: 'POST /v1/stock/company-revenue-breakdown',
      run: async () => void (await service.revenueBreakdown({ symbol: probe.symbol, limit: 1 })),
    },
    {
      endpoint: 'POST /v1/stock/index-prices',
      namesRoute: true,
      run: async () => void (await service.indexPrices({ symbol: probe.index })),
    },
    {
      endpoint: 'GET /v1/concepts/latest',
      run: async () => void (await service.latestConcepts({ includeDocs: true })),
    },
  ];
}
