/** trendingConcepts' input and output (desk-operations.ts). */

export interface TrendingConceptsInput {
  /** Most concepts returned, 1–20 as `/concepts top:N`; /concepts' 10 when absent. */
  limit?: number;
}

export interface TrendingConceptStock {
  /** `<MARKET>:<code>` as every command takes it. */
  symbol: string;
  name: string;
}

export interface TrendingConcept {
  id: string;
  name: string;
  description?: string;
  keywords: string[];
  /** The service's trending score. */
  trendingScore: number;
  /** Newly detected in this round. */
  firstDetected: boolean;
  /** Published, YYYY-MM-DD (UTC), when the service gives it. */
  date?: string;
  /** Related stocks, most relevant first, named as the /concepts card names them. */
  stocks: TrendingConceptStock[];
  /** Related documents, most relevant first (titles are the service's, unescaped). */
  documents: Array<{ id: string; title: string; url?: string }>;
}

export interface TrendingConceptsOutput {
  /** Hottest first, as /concepts lists them. */
  concepts: TrendingConcept[];
  /** How many concepts the service lists in all (more than `concepts.length` when limited). */
  totalCount: number;
}
