/** *Trending concepts*' outputs: the concepts hottest first (score, related stocks), how many, the top one's name. */
import type { RichTextBlock } from '@slack/types';
import { plainText } from '../../blocks/escape.js';
import { WORKFLOW_OUTPUT_LIMITS } from '../../blocks/limits/workflow-output-limits.js';
import type { TrendingConceptsOutput } from '../../kit/operations/trending-concepts-types.js';
import { orderedList, richText, richTextBlock, section } from '../rich-text.js';

/** Related stocks shown per concept (the card shows a few too). */
const STOCKS_SHOWN = 3;

export interface TrendingConceptsOutputs {
  concepts: RichTextBlock;
  concept_count: number;
  top_concept?: string;
  [name: string]: unknown;
}

export function formatConcepts(trending: TrendingConceptsOutput): TrendingConceptsOutputs {
  const shown = trending.concepts.slice(0, WORKFLOW_OUTPUT_LIMITS.listItems);
  if (shown.length === 0) {
    return { concepts: richTextBlock([section(richText('No concepts are trending right now.'))]), concept_count: 0 };
  }
  const items = shown.map((concept) => {
    const stocks = concept.stocks.slice(0, STOCKS_SHOWN).map((s) => `${s.name} (${s.symbol})`);
    return section(
      richText(concept.name, { bold: true }),
      richText(` — score ${formatScore(concept.trendingScore)}${concept.firstDetected ? ', new' : ''}`),
      ...(stocks.length > 0 ? [richText(` · ${stocks.join(', ')}`)] : []),
    );
  });
  return {
    concepts: richTextBlock([section(richText('Trending concepts, hottest first:')), orderedList(items)]),
    concept_count: shown.length,
    ...(shown[0] ? { top_concept: plainText(shown[0].name) } : {}),
  };
}

const formatScore = (score: number): string => (Number.isInteger(score) ? String(score) : score.toFixed(1));
