/**
 * trendingConcepts (src/slack/kit/operations/desk-operations.ts): the concepts `/concepts top:N`
 * lists, in its order (conceptsShown), their stocks named as its card names them (stockNames).
 */
import { dateFromMs } from '../../../service/dates.js';
import type { Concept } from '../../../service/types.js';
import { checkLimit } from '../../kit/operations/check-limit.js';
import type { DeskOperations } from '../../kit/operations/desk-operations.js';
import { operationContext } from '../../kit/operations/operation-context.js';
import type { TrendingConcept } from '../../kit/operations/trending-concepts-types.js';
import { conceptsShown } from '../concepts-card.js';
import { stockNames, withStockNames } from '../concept-stock-names.js';
import { CONCEPTS_DEFAULT_TOP, CONCEPTS_MAX_TOP } from '../parse-concepts-args.js';

const byRelevance = <T extends { relevance?: number | undefined }>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => (b.relevance ?? 0) - (a.relevance ?? 0));

function trendingConcept(c: Concept): TrendingConcept {
  const date = dateFromMs(c.publishedAtMs);
  return {
    id: c.conceptId,
    name: c.name,
    ...(c.description ? { description: c.description } : {}),
    keywords: c.keywords.filter((k) => typeof k === 'string' && k.trim() !== ''),
    trendingScore: c.trendingScore,
    firstDetected: c.firstDetected,
    ...(date ? { date } : {}),
    stocks: byRelevance(c.stocks).flatMap((s) => (s.symbol ? [{ symbol: s.symbol, name: s.name }] : [])),
    documents: byRelevance(c.docs).map((d) => ({ id: d.docId, title: d.title, ...(d.url ? { url: d.url } : {}) })),
  };
}

export const trendingConcepts: DeskOperations['trendingConcepts'] = async (deps, workspace, input, call) => {
  const top = checkLimit(input.limit, { max: CONCEPTS_MAX_TOP, fallback: CONCEPTS_DEFAULT_TOP });
  const ctx = operationContext(deps, 'trendingConcepts', call);
  const service = await deps.workspaces.service(workspace);
  const latest = await service.latestConcepts({ ...ctx.call, includeDocs: true });
  const shown = conceptsShown(latest, top);
  const names = await stockNames(
    service,
    shown.flatMap((c) => c.stocks),
    { call: ctx.call, log: ctx.log },
  );
  ctx.log.info('operation done', { concepts: shown.length });
  return { concepts: shown.map((c) => trendingConcept(withStockNames(c, names))), totalCount: latest.length };
};
