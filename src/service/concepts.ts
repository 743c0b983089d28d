import type { CallOptions, Concept } from './types.js';
import type { Requester } from './request.js';
import { conceptListSchema } from './schemas/concept-schema.js';
import { shapeParser } from './schemas/parse-shape.js';

const parseConceptList = shapeParser(conceptListSchema);

export interface ConceptsApi {
  latestConcepts(opts?: CallOptions & { includeDocs?: boolean }): Promise<Concept[]>;
}

export function createConceptsApi(req: Requester): ConceptsApi {
  return {
    latestConcepts: (opts) =>
      req.call({
        method: 'GET',
        path: '/v1/concepts/latest',
        query: { include_docs: opts?.includeDocs ?? true },
        idempotent: true,
        parse: parseConceptList,
        opts,
      }),
  };
}
