/**
 * Chunk search results: each passage under its document's linked title; a passage several
 * documents share is shown once, with where else it was found (merge-passages.ts). Text and table chunks
 * show their content as Slack shows Markdown (tables as aligned text, formulas as Unicode,
 * emoji codes drawn), cut at a boundary, never mid-number; image and formula chunks show the
 * service's parsed summary and a link to the media, never an image block (Slack rejects the
 * whole message when it cannot fetch an image).
 */
import type { Chunk } from '../../../service/types.js';
import { ACTION_IDS, indexedActionId } from '../../blocks/action-ids.js';
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { encodeDocButton } from '../../kit/button-values.js';
import { button, compact, context, divider, header, section } from '../../blocks/card-parts.js';
import { docItem, docTitleLink } from './doc-item.js';
import { mergeDuplicatePassages, type MergedPassage } from './merge-passages.js';
import { bold, escapeMrkdwn, italic, mrkdwnLink, safeUrl } from '../../blocks/escape.js';
import { excerpt } from '../../blocks/format.js';
import { snippetToMrkdwn } from '../../blocks/markdown/snippet-to-mrkdwn.js';
import { clampMessage } from '../../blocks/limits.js';

export interface PassagesCardContext {
  query: string;
  timeZone?: string;
  /** When the search was restricted to one document (the "Key passages" button). */
  docTitle?: string;
}

const PASSAGE_CHARS = 600;
const CAPTION_CHARS = 200;
const MAX_PASSAGES = 10;
/** Other documents named under a shared passage; the rest are counted. */
const MAX_OTHER_PLACES = 3;

/** Quotes mrkdwn line by line, unless it holds a code block (a table), which a quote would break. */
const quoted = (mrkdwn: string): string => (mrkdwn.includes('```') ? mrkdwn : `> ${mrkdwn.replace(/\n/g, '\n> ')}`);

function passageText(chunk: Chunk): string {
  const type = String(chunk.type || 'text');
  const media = safeUrl(chunk.mediaUrl) ? mrkdwnLink(chunk.mediaUrl, `View ${type}`) : '';
  if (type === 'table') {
    const caption = chunk.content?.trim() && chunk.summary?.trim() ? snippetToMrkdwn(chunk.summary, CAPTION_CHARS) : '';
    const body = snippetToMrkdwn(chunk.content?.trim() ? chunk.content : chunk.summary, PASSAGE_CHARS);
    return [caption ? italic(caption) : '', body, media].filter(Boolean).join('\n');
  }
  if (type === 'image' || type === 'formula') {
    const label = type === 'image' ? ':frame_with_picture: Figure' : ':abacus: Formula';
    const body = snippetToMrkdwn(chunk.summary || chunk.content, PASSAGE_CHARS);
    return [`${label}${body ? `: ${body}` : ''}`, media].filter(Boolean).join('\n');
  }
  const body = snippetToMrkdwn(chunk.content || chunk.summary, PASSAGE_CHARS);
  return body ? quoted(body) : '_(empty passage)_';
}

/**
 * "Found in 8 places: also in <A>, <B>, <C> and 4 more documents" (escaped mrkdwn); empty for
 * a passage found once. Places are chunks (one document may hold a passage twice).
 */
function otherPlaces(passage: MergedPassage, timeZone: string | undefined): string {
  const n = passage.places.length;
  if (n < 2) return '';
  const first = passage.chunk.doc ? docItem(passage.chunk.doc, timeZone).id : undefined;
  const others = new Map<string, string>();
  for (const c of passage.places.slice(1)) {
    if (!c.doc) continue;
    const item = docItem(c.doc, timeZone);
    if (item.id !== first && !others.has(item.id)) others.set(item.id, docTitleLink(item));
  }
  const named = [...others.values()].slice(0, MAX_OTHER_PLACES);
  const rest = others.size - named.length;
  const also =
    named.length > 0 ? `: also in ${named.join(', ')}${rest > 0 ? ` and ${rest} more document${rest === 1 ? '' : 's'}` : ''}` : '';
  return `:pushpin: Found in ${n} places${also}`;
}

export function renderPassages(chunks: Chunk[], ctx: PassagesCardContext): SlackMessage {
  const passages = mergeDuplicatePassages(chunks);
  const shown = passages.slice(0, MAX_PASSAGES);
  const merged = chunks.length - passages.length;
  const title = ctx.docTitle ? `Key passages: ${ctx.docTitle}` : `Passages for “${ctx.query}”`;
  const blocks: Array<KnownBlock | false> = [
    header(title),
    context(
      `${shown.length} passage${shown.length === 1 ? '' : 's'} · “${escapeMrkdwn(excerpt(ctx.query, 200))}”`,
      merged > 0 ? `${merged} repeat${merged === 1 ? '' : 's'} merged` : undefined,
      passages.length > shown.length ? `${passages.length - shown.length} more not shown` : undefined,
    ),
  ];
  if (shown.length === 0) blocks.push(section('No passages matched. Try other words or a wider date range.'));
  shown.forEach((passage, i) => {
    const { chunk } = passage;
    const doc = chunk.doc ? docItem(chunk.doc, ctx.timeZone) : undefined;
    const head = doc
      ? `${bold(docTitleLink(doc))}${doc.date || doc.institution ? `  ${escapeMrkdwn([doc.institution, doc.date].filter(Boolean).join(' · '))}` : ''}`
      : '';
    const accessory = doc?.id
      ? button({
          text: 'Summary',
          actionId: indexedActionId(ACTION_IDS.searchSummary, i),
          value: encodeDocButton({ d: doc.id, t: doc.title }),
        })
      : undefined;
    const places = otherPlaces(passage, ctx.timeZone);
    blocks.push(divider(), section([head, passageText(chunk)].filter(Boolean).join('\n'), accessory));
    if (places) blocks.push(context(places));
  });
  const text = `${title}: ${shown.length} passage${shown.length === 1 ? '' : 's'}${shown
    .map((p, i) => `\n${i + 1}. ${p.chunk.doc?.title ?? 'passage'}${p.places.length > 1 ? ` (found in ${p.places.length} places)` : ''}`)
    .join('')}`;
  return clampMessage({ text: escapeMrkdwn(text), blocks: compact(blocks) });
}
