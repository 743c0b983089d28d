/**
 * /research argument parser. Grammar (see research-filters.ts for the filters):
 *
 *   /research <query> [filters]          document search
 *   /research news <query> [filters]     v2 news search (symbols, dates)
 *   /research passages <query> [filters] chunk search (symbols, type, market, dates, doc:)
 *   /research ask <question>             agent run in a thread
 *   /research replay <conversation_id> [assistant_message_id]
 *   /research folder create <name> | folder delete <folder_id> | folder <name or id> | folders
 *   /research tag <tag> [<tag>…] [filters]    (also `tag:<tag>` in a search; scope-tokens.ts)
 *   /research <query> in:<folder name or id>  the folder's uploaded files (resolved when run)
 *   /research watch <symbol|keyword> [category] [#channel] | watches [#channel]   (parse-watch-args.ts)
 *   /research help                       (also: empty text)
 *
 * Routing: search goes to v2 (relevance scores) unless a filter only v1 supports is present —
 * type:, market:, mode:, sort:, in: — then to v1 (paged). The choice and why are in the result.
 */
import type {
  Category,
  ChunkSearchRequest,
  DocsByTagRequest,
  NewsSearchRequest,
  V1SearchRequest,
  V2SearchRequest,
} from '../../service/types.js';
import { resolveWindow } from '../kit/commands/date-window.js';
import { collectFilters, FILTER_EXAMPLES, type CollectedFilters, type FilterName } from '../kit/commands/research-filters.js';
import { slackTextToPlain, tokenize, type Token } from '../kit/commands/tokenize.js';
import { usage, type HelpResult, type UsageProblem, type UsageResult } from '../kit/commands/usage-problem.js';
import { parseWatchArgs, parseWatchesArgs, type WatchArgs } from '../kit/commands/parse-watch-args.js';
import { restAfter, unquote } from './command-text.js';
import { parseFolder, parseFolders, type FolderArgs } from './parse-folder-args.js';
import { takeScopeTokens } from './scope-tokens.js';
import { queryOf, SEARCH_PAGE_SIZE, searchRequest, v2NumForPage } from './search-request.js';

export { SEARCH_PAGE_SIZE, v2NumForPage } from './search-request.js';
export const PASSAGES_COUNT = 8;

/** `folders`: `in:` names or ids, resolved to `request.folderIds` against the workspace's folders when run. */
export type ResearchSearch =
  | { kind: 'search'; api: 'v2'; request: V2SearchRequest; public: boolean; routeReason: string; folders?: undefined }
  | { kind: 'search'; api: 'v1'; request: V1SearchRequest; public: boolean; routeReason: string; folders?: string[] };

export type ResearchArgs =
  | HelpResult
  | UsageResult
  | ResearchSearch
  | { kind: 'news'; request: NewsSearchRequest; public: boolean }
  /** `folders`: `in:` names or ids; the passages are then those of the folder's files (`docIds`). */
  | { kind: 'passages'; request: ChunkSearchRequest; public: boolean; folders?: string[] }
  | { kind: 'ask'; question: string }
  | { kind: 'replay'; conversationId: string; assistantMessageId?: string }
  | Exclude<FolderArgs, UsageResult>
  | { kind: 'tag'; request: DocsByTagRequest; public: boolean }
  | WatchArgs;

const CHUNK_CATEGORIES: readonly Category[] = ['filings', 'transcripts', 'reports', 'news', 'files'];
const SUBCOMMANDS = ['news', 'passages', 'ask', 'replay', 'folder', 'folders', 'tag', 'help', 'watch', 'watches'];
const FOLDER_EXAMPLE = '/research revenue guidance in:"Q3 notes"';

function rejectFilters(f: CollectedFilters, allowed: readonly FilterName[], where: string, problems: UsageProblem[]): void {
  for (const [name, token] of f.used) {
    if (!allowed.includes(name)) {
      problems.push({
        token,
        message: `\`${token}\` is not available for ${where}.`,
        // One filter that works here, after the command's own words (usage() adds them).
        example: FILTER_EXAMPLES[allowed[0] ?? 'public'],
      });
    }
  }
}

/** The user's own words for an example to follow, unless there are none or too many to read. */
const wordsOr = (words: string, fallback: string): string => (words && words.length <= 60 ? words : fallback);
/** The same for a search, whose words must not begin with a subcommand (`news …` would be a news search). */
const searchWordsOr = (words: string, fallback: string): string =>
  SUBCOMMANDS.includes(words.split(' ')[0]?.toLowerCase() ?? '') ? fallback : wordsOr(words, fallback);

function parseSearch(tokens: Token[], now: Date): ResearchArgs {
  const problems: UsageProblem[] = [];
  const scope = takeScopeTokens(tokens);
  const f = collectFilters(scope.rest, problems, now);
  scopeProblems(scope, problems);
  rejectFilters(
    f,
    ['symbols', 'categories', 'markets', 'since', 'until', 'last', 'mode', 'sort', 'folders', 'public'],
    'document search (use `passages` for doc:)',
    problems,
  );
  const window = resolveWindow(f.window, problems);
  const query = queryOf(f);
  const tags = scope.tags.filter(Boolean);
  // `tag:` alone is a lookup by tag (uploaded files' tags too, with `type:files`).
  if (!query && tags.length > 0 && scope.folders.length === 0 && problems.length === 0) return tagLookup(tags, f, window, problems);
  if (!query && problems.length === 0) {
    problems.push(
      scope.folders.length
        ? { token: scope.folderTokens.join(' '), message: 'Add words to search the folder for.', example: FOLDER_EXAMPLE }
        : { token: '', message: 'Add words to search for.', example: '/research battery supply chain type:reports last:6m' },
    );
  }
  if (problems.length) return usage('/research', problems, `/research ${searchWordsOr(query, 'battery')}`);
  const built = searchRequest(query, f, window, { folders: scope.folders, folderTokens: scope.folderTokens, tags });
  if (built.api === 'v2') return { kind: 'search', ...built, public: f.public };
  const search: ResearchSearch = { kind: 'search', ...built, public: f.public };
  return scope.folders.length ? { ...search, folders: scope.folders } : search;
}

function parseNews(tokens: Token[], now: Date): ResearchArgs {
  const problems: UsageProblem[] = [];
  const f = collectFilters(tokens, problems, now);
  rejectFilters(f, ['symbols', 'since', 'until', 'last', 'public'], 'news search', problems);
  const window = resolveWindow(f.window, problems);
  const query = queryOf(f);
  if (!query && problems.length === 0)
    problems.push({ token: 'news', message: 'Add words to search the news for.', example: '/research news NVDA export controls last:7d' });
  if (problems.length) return usage('/research', problems, `/research news ${wordsOr(query, 'battery')}`);
  const request: NewsSearchRequest = { query, num: v2NumForPage(1) };
  if (f.symbols.length) request.symbols = f.symbols.map((s) => s.canonical);
  if (window.startDate) request.startDatetime = window.startDate;
  if (window.endDate) request.endDatetime = window.endDate;
  return { kind: 'news', request, public: f.public };
}

function parsePassages(tokens: Token[], now: Date): ResearchArgs {
  const problems: UsageProblem[] = [];
  const scope = takeScopeTokens(tokens);
  const f = collectFilters(scope.rest, problems, now);
  scopeProblems({ ...scope, tags: [] }, problems);
  if (scope.tags.length) problems.push({ token: 'tag:', message: '`tag:` is not available for passage search.', example: 'in:"Q3 notes"' });
  rejectFilters(f, ['symbols', 'categories', 'markets', 'since', 'until', 'last', 'docs', 'public'], 'passage search', problems);
  for (const c of f.categories) {
    if (!CHUNK_CATEGORIES.includes(c)) {
      problems.push({
        token: f.used.get('categories') ?? c,
        message: `Passage search does not cover \`${c}\`.`,
        example: `type:${CHUNK_CATEGORIES.join(',')}`,
      });
    }
  }
  const window = resolveWindow(f.window, problems);
  const query = queryOf(f);
  if (!query && problems.length === 0)
    problems.push({
      token: 'passages',
      message: 'Add words to find passages for.',
      example: '/research passages gross margin guidance $NVDA',
    });
  if (problems.length) return usage('/research', problems, `/research passages ${wordsOr(query, 'gross margin')}`);
  const request: ChunkSearchRequest = { query, num: PASSAGES_COUNT };
  if (f.docIds.length) request.docIds = f.docIds;
  if (f.categories.length) request.categories = f.categories;
  if (f.markets.length) request.markets = f.markets;
  if (f.symbols.length) request.symbols = f.symbols.map((s) => s.canonical);
  if (window.startDate) request.startDate = window.startDate;
  if (window.endDate) request.endDate = window.endDate;
  if (scope.folders.length) {
    if (!request.categories) request.categories = ['files'];
    return { kind: 'passages', request, public: f.public, folders: scope.folders };
  }
  return { kind: 'passages', request, public: f.public };
}

/** Documents by tag: `tag:<tag>` with no search words, read as `/research tag <tag>`. */
function tagLookup(tags: string[], f: CollectedFilters, window: ReturnType<typeof resolveWindow>, problems: UsageProblem[]): ResearchArgs {
  rejectFilters(f, ['categories', 'markets', 'since', 'until', 'last', 'public'], 'a tag lookup', problems);
  if (problems.length) return usage('/research', problems, `/research tag:${tags[0] ?? 'ev'}`);
  const request: DocsByTagRequest = { tags, pageNum: 1, pageSize: SEARCH_PAGE_SIZE };
  if (f.categories.length) request.categories = f.categories;
  if (f.markets.length) request.markets = f.markets;
  if (window.startDate) request.startDate = window.startDate;
  if (window.endDate) request.endDate = window.endDate;
  return { kind: 'tag', request, public: f.public };
}

function scopeProblems(scope: ReturnType<typeof takeScopeTokens>, problems: UsageProblem[]): void {
  if (scope.folders.includes('')) problems.push({ token: 'in:', message: '`in:` needs a folder name or id.', example: FOLDER_EXAMPLE });
  if (scope.tags.includes(''))
    problems.push({ token: 'tag:', message: '`tag:` needs a tag.', example: '/research tag:"solid state" type:files' });
}

function parseTag(tokens: Token[], now: Date): ResearchArgs {
  const problems: UsageProblem[] = [];
  const scope = takeScopeTokens(tokens);
  const f = collectFilters(scope.rest, problems, now);
  if (scope.folders.length)
    problems.push({ token: scope.folderTokens.join(' '), message: '`in:` is not available for a tag lookup.', example: FOLDER_EXAMPLE });
  rejectFilters(f, ['categories', 'markets', 'since', 'until', 'last', 'public', 'symbols'], 'tag lookup', problems);
  const window = resolveWindow(f.window, problems);
  // Symbols given to `tag` are tags too (company tags are often tickers).
  const tags = [...f.words.map((w) => unquote(w)), ...f.symbols.map((s) => s.code), ...scope.tags].filter(Boolean);
  if (tags.length === 0 && problems.length === 0)
    problems.push({ token: 'tag', message: 'Name at least one tag.', example: '/research tag "electric vehicles" type:reports' });
  if (problems.length) return usage('/research', problems, `/research tag ${wordsOr(f.words.join(' '), 'ev')}`);
  const request: DocsByTagRequest = { tags, pageNum: 1, pageSize: SEARCH_PAGE_SIZE };
  if (f.categories.length) request.categories = f.categories;
  if (f.markets.length) request.markets = f.markets;
  if (window.startDate) request.startDate = window.startDate;
  if (window.endDate) request.endDate = window.endDate;
  return { kind: 'tag', request, public: f.public };
}

function parseReplay(tokens: Token[]): ResearchArgs {
  const given = tokens[1]?.text ?? '';
  // Service ids are decimal text: the real service's pass 2^53, so they are never made numbers.
  const id = /^\d{1,40}$/.test(given) ? given.replace(/^0+/, '') : '';
  const problems: UsageProblem[] = [];
  if (id === '')
    problems.push({ token: given, message: 'Give the numeric id of the conversation to replay.', example: '/research replay 12345' });
  const msg = tokens[2]?.text;
  if (msg !== undefined && !/^[A-Za-z0-9_.:-]{1,128}$/.test(msg))
    problems.push({ token: msg, message: 'That is not an assistant message id.', example: '/research replay 12345 msg_abc' });
  if (tokens.length > 3)
    problems.push({
      token: tokens[3]?.raw ?? '',
      message: 'replay takes a conversation id and optionally a message id.',
      example: '/research replay 12345',
    });
  if (problems.length) return usage('/research', problems);
  return msg ? { kind: 'replay', conversationId: id, assistantMessageId: msg } : { kind: 'replay', conversationId: id };
}

/** Parses /research text. Never throws: every input yields a request, help or usage. */
export function parseResearchArgs(text: string, now: Date): ResearchArgs {
  const input = typeof text === 'string' ? text : '';
  const tokens = tokenize(input);
  const first = tokens[0];
  if (!first) return { kind: 'help' };
  const sub = first.literal || first.ref ? undefined : first.text.toLowerCase();
  if (sub === 'help' || sub === '--help' || sub === '-h' || sub === '?' || sub === '帮助') return { kind: 'help' };
  switch (sub && SUBCOMMANDS.includes(sub) ? sub : undefined) {
    case 'news':
      return parseNews(tokens.slice(1), now);
    case 'passages':
      return parsePassages(tokens.slice(1), now);
    case 'tag':
      return parseTag(tokens.slice(1), now);
    case 'folder':
      return parseFolder(tokens, input);
    case 'folders':
      return parseFolders(tokens);
    case 'replay':
      return parseReplay(tokens);
    case 'watch':
    case 'watches': {
      const r = sub === 'watch' ? parseWatchArgs(tokens.slice(1)) : parseWatchesArgs(tokens.slice(1));
      return r.kind === 'problems' ? usage('/research', r.problems) : r;
    }
    case 'ask': {
      const question = slackTextToPlain(restAfter(input, 1));
      if (!question)
        return usage('/research', [
          { token: 'ask', message: 'Ask a question after `ask`.', example: '/research ask How did NVDA guide data-center revenue?' },
        ]);
      return { kind: 'ask', question };
    }
    default:
      return parseSearch(tokens, now);
  }
}
