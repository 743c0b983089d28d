import type { CallOptions, Concept } from './types.js';
import type { Requester } from './request.js';
import { conceptListSchema } from './schemas/concept-schema.js';
import { shapeParser } from './schemas/parse-shape.js';
import { reportSkipped } from './report-skipped.js';

const parseConceptList = shapeParser(conceptListSchema);

export interface ConceptsApi {
  latestConcepts(opts?: CallOptions & { includeDocs?: boolean }): Promise<Concept[]>;
}

export function createConceptsApi(req: Requester): ConceptsApi {
  return {
    async latestConcepts(opts) {
      const path = '/v1/concepts/latest';
      const { items, skipped } = await req.call({
        method: 'GET',
        path,
        query: { include_docs: opts?.includeDocs ?? true },
        idempotent: true,
        parse: parseConceptList,
        opts,
      });
      reportSkipped(req, { method: 'GET', path, opts }, skipped);
      return items;
    },
  };
}
