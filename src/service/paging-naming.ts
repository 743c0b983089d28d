/** Which paging names a v1 response used (see schemas/document-page-schema.ts). */
export type PagingNaming = 'legacy' | 'schema';

/**
 * Which paging names the v1 list endpoints (/v1/search, /v1/docs/tags) understand. The oldest
 * variant reads `page` + `page_num` (= size), the others `page_num` + `page_size`: the same
 * `page_num` means different things, so both cannot be sent. 'auto' starts with the schema names
 * and learns from the first response, which names its paging fields in its own variant.
 */
export type PagingNamingMode = 'auto' | PagingNaming;

export interface PagingNamingState {
  /** The naming to send; undefined while 'auto' has not seen a response yet. */
  known(): PagingNaming | undefined;
  learn(naming: PagingNaming): void;
}

export function createPagingNamingState(mode: PagingNamingMode): PagingNamingState {
  let learned: PagingNaming | undefined = mode === 'auto' ? undefined : mode;
  return {
    known: () => learned,
    learn: (naming) => {
      if (mode === 'auto') learned = naming;
    },
  };
}

/** Wire names for the paging request fields in each naming. */
export function pagingFields(naming: PagingNaming, pageNum: number | undefined, pageSize: number | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  if (naming === 'legacy') {
    if (pageNum !== undefined) out.page = pageNum;
    if (pageSize !== undefined) out.page_num = pageSize;
  } else {
    if (pageNum !== undefined) out.page_num = pageNum;
    if (pageSize !== undefined) out.page_size = pageSize;
  }
  return out;
}
