/**
 * Tokenizer for mixed Chinese/English text: lower-cased ASCII words and numbers, and CJK runs
 * as overlapping character bigrams (a lone CJK character stays a unigram). Bigrams make 茅台
 * match 贵州茅台 without a dictionary.
 */
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const TOKEN_RUN = /[\u3400-\u9fff\uf900-\ufaff]+|[a-z0-9]+(?:[.'][a-z0-9]+)*/g;

export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const match of text.toLowerCase().matchAll(TOKEN_RUN)) {
    const run = match[0];
    if (CJK.test(run[0] ?? '')) {
      if (run.length === 1) out.push(run);
      for (let i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2));
    } else {
      out.push(run);
    }
  }
  return out;
}
