/** *Search research*'s outputs: how many match, the documents as a list of links, the first link. */
import type { RichTextBlock } from '@slack/types';
import { safeUrl } from '../../blocks/escape.js';
import { WORKFLOW_OUTPUT_LIMITS } from '../../blocks/limits/workflow-output-limits.js';
import type { SearchResearchOutput } from '../../kit/operations/search-research-types.js';
import { bulletList, richLink, richText, richTextBlock, section } from '../rich-text.js';

export interface SearchResearchOutputs {
  result_count: number;
  results: RichTextBlock;
  first_link?: string;
  [name: string]: unknown;
}

export function formatSearchResults(found: SearchResearchOutput): SearchResearchOutputs {
  const shown = found.documents.slice(0, WORKFLOW_OUTPUT_LIMITS.listItems);
  const heading =
    shown.length === 0
      ? section(richText(`No documents match “${found.query}”.`))
      : section(
          richText(`${found.totalCount} ${found.totalCount === 1 ? 'document matches' : 'documents match'} “${found.query}”`),
          richText(shown.length < found.totalCount ? ` — the first ${shown.length}:` : ':'),
        );
  const items = shown.map((doc) => {
    const details = [doc.company, doc.category, doc.date].filter((d): d is string => typeof d === 'string' && d.trim() !== '');
    return section(richLink(doc.url, doc.title, { bold: true }), ...(details.length > 0 ? [richText(` — ${details.join(' · ')}`)] : []));
  });
  const firstLink = safeUrl(found.firstDocumentUrl);
  return {
    result_count: found.totalCount,
    results: richTextBlock(items.length > 0 ? [heading, bulletList(items)] : [heading]),
    ...(firstLink ? { first_link: firstLink } : {}),
  };
}
