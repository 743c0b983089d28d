/** searchResearch's input and output (desk-operations.ts). */

/**
 * Lists may come as arrays or as one text with commas (`news, reports`), as Workflow Builder's
 * text inputs give them; values are the words `/research type:` and `market:` accept.
 */
export interface SearchResearchInput {
  /** The search words; required, not blank. */
  query: string;
  /** Document types: news, reports, filings, transcripts, financials, socials, files (and their aliases). */
  categories?: string | readonly string[];
  /** Markets: cn, hk, us. */
  markets?: string | readonly string[];
  /** Published on or after, YYYY-MM-DD. */
  since?: string;
  /** Published on or before, YYYY-MM-DD. */
  until?: string;
  /** Most documents returned, 1–SEARCH_RESEARCH_MAX_LIMIT; the command's page size when absent. */
  limit?: number;
}

export const SEARCH_RESEARCH_MAX_LIMIT = 20;

/** One document found; every text is the service's, unescaped (whoever renders it escapes it). */
export interface ResearchDocument {
  id: string;
  title: string;
  url?: string;
  /** The first company the document is about, e.g. "NVIDIA (US:NVDA)". */
  company?: string;
  /** The service's category, e.g. "reports". */
  category?: string;
  /** Published, YYYY-MM-DD in the market's own time zone. */
  date?: string;
  /** The summary's start, at most SUMMARY_EXCERPT_CHARS characters (cut at a word, with "…"). */
  summary?: string;
}

export const SUMMARY_EXCERPT_CHARS = 300;

export interface SearchResearchOutput {
  /** The search words as searched. */
  query: string;
  /** How many documents match (the service's total, which may exceed `documents.length`). */
  totalCount: number;
  documents: ResearchDocument[];
  /** The first document's link, when it has one (a workflow's next step can post it). */
  firstDocumentUrl?: string;
}
