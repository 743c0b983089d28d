/**
 * Every fixture of the fake, checked against the published schema (or, where the schema is
 * loose, the interface shapes) before the fake serves anything: nothing it answers is a
 * hand-copied shape that was never checked. The fake also checks each answer as it sends it.
 */
import { FAKE_COMPANIES } from './fixtures/companies.js';
import { FAKE_CONCEPTS } from './fixtures/concepts.js';
import { FAKE_DOCUMENTS } from './fixtures/documents.js';
import { companyPriceItems, earningsEntries, FAKE_INDICES, indexPriceItems, revenueBreakdown } from './fixtures/market-data.js';
import { FAKE_STATEMENTS } from './fixtures/statements.js';
import { searchToolsDoc } from './handlers/search-handlers.js';
import { checkInterfaceShape } from './interface-shapes.js';
import { componentPointer, type PublishedSpec, type SchemaIssue } from './published-spec.js';

export interface FixtureIssue extends SchemaIssue {
  fixture: string;
}

const SAMPLE_DAY = '2025-11-24';

export function fixtureIssues(spec: PublishedSpec): FixtureIssue[] {
  const out: FixtureIssue[] = [];
  const check = (fixture: string, issues: SchemaIssue[]) => {
    for (const i of issues) out.push({ fixture, ...i });
  };
  const component = (name: string, value: unknown) => spec.validate(componentPointer(name), value);

  for (const d of FAKE_DOCUMENTS) {
    const id = d.doc.doc_id;
    check(`document ${id} (OAIDoc)`, component('OAIDoc', d.doc));
    check(`document ${id} (OAIDocDetail)`, component('OAIDocDetail', { ...d.doc, ...d.detail }));
    check(`document ${id} (OAIDocContentsResponse)`, component('OAIDocContentsResponse', { ...d.doc, ...d.detail, chunks: d.chunks }));
    check(`document ${id} (OAIDocSummaryResponse)`, component('OAIDocSummaryResponse', { doc_id: id, summary: d.summary }));
    check(`document ${id} (SearchToolsDoc)`, component('SearchToolsDoc', searchToolsDoc(d, 0)));
    for (const c of d.chunks) check(`chunk ${c.id} (OAIChunkWithDoc)`, component('OAIChunkWithDoc', { ...c, doc: d.doc }));
  }
  check('concepts', checkInterfaceShape('conceptList', FAKE_CONCEPTS));

  const wrapped = (data: unknown) => component('StockAPIResponse', { status: 200, code: 0, message: '', data });
  for (const c of FAKE_COMPANIES) {
    const s = FAKE_STATEMENTS.get(c.symbol);
    check(`${c.symbol} balance sheets`, checkInterfaceShape('balanceSheetList', s?.balanceSheets));
    check(`${c.symbol} cash flows`, checkInterfaceShape('cashFlowList', s?.cashFlows));
    check(`${c.symbol} income statements (assumed shape)`, checkInterfaceShape('incomeStatementList', s?.incomeStatements));
    const revenue = revenueBreakdown(c);
    check(`${c.symbol} revenue breakdown`, checkInterfaceShape('revenueBreakdown', revenue));
    check(`${c.symbol} revenue breakdown (StockAPIResponse)`, wrapped(revenue));
    const prices = { items: companyPriceItems(c.symbol, undefined, undefined, SAMPLE_DAY) };
    check(`${c.symbol} prices (assumed shape)`, checkInterfaceShape('stockPrices', prices));
    check(`${c.symbol} prices (StockAPIResponse)`, wrapped(prices));
    check(
      `${c.market} earnings (assumed shape)`,
      checkInterfaceShape('earningsCalendar', earningsEntries(c.market, '2025-10-01', '2025-12-31')),
    );
  }
  for (const symbol of Object.keys(FAKE_INDICES)) {
    const prices = { items: indexPriceItems(symbol, undefined, undefined, SAMPLE_DAY) };
    check(`${symbol} index prices`, checkInterfaceShape('indexPrices', prices));
    check(`${symbol} index prices (StockAPIResponse)`, wrapped(prices));
  }
  return out;
}

export function assertFixturesConform(spec: PublishedSpec): void {
  const issues = fixtureIssues(spec);
  if (issues.length > 0)
    throw new Error(`fake fixtures are off the published ${spec.version} schema:\n${issues.map((i) => JSON.stringify(i)).join('\n')}`);
}
