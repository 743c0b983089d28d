/** BM25 over tokenized fields, plus a plain term-match scorer for keywords mode. */
import { tokenize } from './tokenize.js';

export interface IndexedItem {
  key: string;
  /** Field texts with their weights (a title counts more than body text). */
  fields: Array<{ text: string; weight: number }>;
}

export interface Scored {
  key: string;
  score: number;
}

interface Posting {
  tf: Map<string, number>;
  length: number;
  /** Lower-cased raw text for term matching. */
  raw: string;
}

const K1 = 1.2;
const B = 0.75;

export class SearchIndex {
  private readonly postings = new Map<string, Posting>();
  private readonly df = new Map<string, number>();
  private totalLength = 0;

  constructor(items: Iterable<IndexedItem>) {
    for (const item of items) this.add(item);
  }

  /** Indexes one more item (a document published while the emulator runs). */
  add(item: IndexedItem): void {
    const tf = new Map<string, number>();
    let length = 0;
    for (const field of item.fields) {
      for (const token of tokenize(field.text)) {
        tf.set(token, (tf.get(token) ?? 0) + field.weight);
        length += field.weight;
      }
    }
    for (const token of tf.keys()) this.df.set(token, (this.df.get(token) ?? 0) + 1);
    this.totalLength += length;
    this.postings.set(item.key, {
      tf,
      length,
      raw: item.fields
        .map((f) => f.text)
        .join('\n')
        .toLowerCase(),
    });
  }

  /** BM25 scores of items with at least one query token, restricted to `allowed` when given. */
  bm25(query: string, allowed?: ReadonlySet<string>): Scored[] {
    const terms = [...new Set(tokenize(query))];
    if (terms.length === 0) return [];
    const n = this.postings.size;
    const avg = n === 0 ? 1 : this.totalLength / n;
    const out: Scored[] = [];
    for (const [key, p] of this.postings) {
      if (allowed && !allowed.has(key)) continue;
      let score = 0;
      for (const term of terms) {
        const f = p.tf.get(term);
        if (!f) continue;
        const df = this.df.get(term) ?? 0;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score += (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * p.length) / avg));
      }
      if (score > 0) out.push({ key, score });
    }
    return out.sort((a, b) => b.score - a.score);
  }

  /**
   * Keywords mode: the query's whitespace-separated terms matched as substrings; the score is
   * the share of terms found, so documents with every term come first.
   */
  termMatch(query: string, allowed?: ReadonlySet<string>): Scored[] {
    const terms = [
      ...new Set(
        query
          .toLowerCase()
          .split(/[\s,，;；]+/)
          .filter((t) => t.length > 0),
      ),
    ];
    if (terms.length === 0) return [];
    const out: Scored[] = [];
    for (const [key, p] of this.postings) {
      if (allowed && !allowed.has(key)) continue;
      const hits = terms.filter((t) => p.raw.includes(t)).length;
      if (hits > 0) out.push({ key, score: hits / terms.length });
    }
    return out.sort((a, b) => b.score - a.score);
  }
}
