/**
 * searchResearch (src/slack/kit/operations/desk-operations.ts): the document search
 * `/research <query> type:… market:… since:… until:…` makes. The query is read with the command's
 * own grammar (collectFilters: `$NVDA` is a symbol, `type:news` a filter), the list and date inputs
 * go through the same filter readers, and the request comes from the same builder (search-request.ts).
 *
 * Uploaded files are never in the answer: whether a file may be read depends on who asks
 * (uploaded-file-labels.ts), and an operation has no Slack user. They cannot be asked for
 * (`files`), and files the service returns anyway are left out.
 */
import type { DocumentSummary, SearchDocument } from '../../../service/types.js';
import { excerpt } from '../../blocks/format.js';
import { resolveWindow } from '../../kit/commands/date-window.js';
import { type CollectedFilters, collectFilters, type FilterName } from '../../kit/commands/research-filters.js';
import { applyFilter } from '../../kit/commands/apply-filter.js';
import { tokenize } from '../../kit/commands/tokenize.js';
import type { UsageProblem } from '../../kit/commands/usage-problem.js';
import { checkLimit } from '../../kit/operations/check-limit.js';
import type { DeskOperations } from '../../kit/operations/desk-operations.js';
import { operationContext } from '../../kit/operations/operation-context.js';
import { OperationInputError } from '../../kit/operations/operation-input-error.js';
import {
  type ResearchDocument,
  SEARCH_RESEARCH_MAX_LIMIT,
  type SearchResearchInput,
  SUMMARY_EXCERPT_CHARS,
} from '../../kit/operations/search-research-types.js';
import { docItem } from '../cards/doc-item.js';
import { queryOf, SEARCH_PAGE_SIZE, searchRequest } from '../search-request.js';

/** The query's filters an operation cannot take: folders and documents are chosen per user; visibility is a card's. */
const NOT_HERE: ReadonlyMap<FilterName, string> = new Map([
  ['folders', 'Research folders cannot be searched here; search them with /research … in:<folder>.'],
  ['docs', '`doc:` is for passage search (/research passages).'],
  ['public', '--public is for the slash command only.'],
]);
const FORMAT_HINTS: Partial<Record<FilterName, string>> = {
  since: 'Write the date as YYYY-MM-DD, e.g. 2024-01-01.',
  until: 'Write the date as YYYY-MM-DD, e.g. 2024-06-30.',
};

/** A list input: an array, or one text with commas (the filter readers split it). */
const listText = (value: string | readonly string[] | undefined): string =>
  (typeof value === 'string' ? value : Array.isArray(value) ? value.filter((v) => typeof v === 'string').join(',') : '').trim();

function refuse(problem: UsageProblem, field: string, code: 'bad_format' | 'not_allowed', allowed?: readonly string[]): never {
  const hint = FORMAT_HINTS[field as FilterName];
  const message = problem.message.replace(/`/g, '');
  throw new OperationInputError({
    code,
    field,
    message: hint && !message.includes('YYYY-MM-DD') ? `${message} ${hint}` : message,
    ...(allowed ? { allowed } : {}),
  });
}

/** Reads one filter input as `/research <key>:<value>` would, refusing what that would refuse. */
function applyInput(f: CollectedFilters, field: string, name: Exclude<FilterName, 'public'>, value: string, now: Date): void {
  if (!value) return;
  const problems: UsageProblem[] = [];
  const raw = `${name}:${value}`;
  applyFilter(f, name, value, { raw, text: raw, literal: false }, problems, now);
  const [problem] = problems;
  if (!problem) return;
  const allowed = name === 'categories' ? CATEGORY_INPUTS : name === 'markets' ? ['cn', 'hk', 'us'] : undefined;
  refuse(problem, field, allowed ? 'not_allowed' : 'bad_format', allowed);
}

/** The document types an operation searches: every one but uploaded files. */
const CATEGORY_INPUTS = ['news', 'reports', 'filings', 'transcripts', 'financials', 'socials'] as const;

function readInput(input: SearchResearchInput, now: Date) {
  const typed = typeof input.query === 'string' ? input.query.trim() : '';
  if (!typed)
    throw new OperationInputError({ code: 'missing', field: 'query', message: 'Give words to search for, e.g. battery supply chain.' });
  const problems: UsageProblem[] = [];
  const f = collectFilters(tokenize(typed), problems, now);
  const [problem] = problems;
  if (problem) refuse(problem, 'query', 'bad_format');
  for (const [name, why] of NOT_HERE)
    if (f.used.has(name)) throw new OperationInputError({ code: 'bad_format', field: 'query', message: why });
  applyInput(f, 'categories', 'categories', listText(input.categories), now);
  if (f.categories.includes('files')) {
    throw new OperationInputError({
      code: 'not_allowed',
      field: 'categories',
      message: `Uploaded files cannot be searched here; choose from ${CATEGORY_INPUTS.join(', ')}.`,
      allowed: CATEGORY_INPUTS,
    });
  }
  applyInput(f, 'markets', 'markets', listText(input.markets), now);
  for (const field of ['since', 'until'] as const) {
    const value = input[field];
    if (value !== undefined && typeof value !== 'string')
      refuse({ token: '', message: `${field} is not a date.`, example: '' }, field, 'bad_format');
    if (value !== undefined && f.window[field]) {
      throw new OperationInputError({
        code: 'bad_format',
        field,
        message: `${field} is given both in the query and as an input; keep one.`,
      });
    }
    applyInput(f, field, field, (value ?? '').trim(), now);
  }
  const windowProblems: UsageProblem[] = [];
  const window = resolveWindow(f.window, windowProblems);
  const [windowProblem] = windowProblems;
  if (windowProblem) {
    // The dates are each well formed; their order (or since: with last:) is what to fix.
    const field = f.window.last ? 'query' : 'until';
    throw new OperationInputError({ code: 'bad_format', field, message: windowProblem.message.replace(/`/g, '') });
  }
  const query = queryOf(f);
  if (!query) throw new OperationInputError({ code: 'missing', field: 'query', message: 'Add words to search for besides the filters.' });
  return searchRequest(query, f, window, { folders: [], folderTokens: [], tags: [] });
}

function researchDocument(doc: DocumentSummary | SearchDocument): ResearchDocument {
  const item = docItem(doc);
  const company = item.companies[0];
  const symbol = item.symbols[0];
  const who = company && symbol ? `${company} (${symbol})` : company || symbol;
  return {
    id: item.id,
    title: item.title,
    ...(item.url ? { url: item.url } : {}),
    ...(who ? { company: who } : {}),
    ...(item.category ? { category: item.category } : {}),
    ...(item.date ? { date: item.date } : {}),
    ...(item.summary ? { summary: excerpt(item.summary, SUMMARY_EXCERPT_CHARS) } : {}),
  };
}

export const searchResearch: DeskOperations['searchResearch'] = async (deps, workspace, input, call) => {
  const built = readInput(input, new Date(deps.clock()));
  const limit = checkLimit(input.limit, { max: SEARCH_RESEARCH_MAX_LIMIT, fallback: SEARCH_PAGE_SIZE });
  const ctx = operationContext(deps, 'searchResearch', call);
  const service = await deps.workspaces.service(workspace);
  const found =
    built.api === 'v2'
      ? await service.searchV2({ ...built.request, num: limit }, ctx.call).then((r) => ({ docs: r.docs, total: r.totalCount }))
      : await service
          .searchDocuments({ ...built.request, pageNum: 1, pageSize: limit }, ctx.call)
          .then((p) => ({ docs: p.items, total: p.totalCount }));
  const items = found.docs.map(researchDocument);
  // As the card's labeller (uploaded-file-labels.ts) tells files: by category, or as this workspace's own records.
  const stored = await Promise.all(items.map((d) => deps.stores.documents.get(workspace.teamId, d.id)));
  const documents = items.filter((d, i) => d.category !== 'files' && stored[i] === null).slice(0, limit);
  ctx.log.info('operation done', { api: built.api, reason: built.routeReason, documents: documents.length });
  return {
    query: built.request.query ?? '',
    totalCount: Math.max(found.total, documents.length),
    documents,
    ...(documents[0]?.url ? { firstDocumentUrl: documents[0].url } : {}),
  };
};
