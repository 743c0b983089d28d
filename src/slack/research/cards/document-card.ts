/** Document summary (posted in the thread by the Summary button) and the link-unfurl card. */
import type { DocSummaryResult, DocumentDetail, DocumentSummary, SearchDocument } from '../../../service/types.js';
import { ACTION_IDS } from '../../blocks/action-ids.js';
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { encodeDocButton } from '../../kit/button-values.js';
import { actions, button, compact, context, header, section } from '../../blocks/card-parts.js';
import { docItem, docMetaLine, docTitleLink } from './doc-item.js';
import { bold, escapeMrkdwn, safeUrl } from '../../blocks/escape.js';
import { excerpt } from '../../blocks/format.js';
import { clampMessage, SLACK_LIMITS } from '../../blocks/limits.js';
import { markdownExcerpt } from '../../blocks/markdown/markdown-excerpt.js';
import { markdownToMrkdwn } from '../../blocks/markdown/markdown-pieces.js';

type AnyDoc = DocumentDetail | DocumentSummary | SearchDocument;
const MAX_SUMMARY_SECTIONS = 8;

/** Splits long text into section-sized pieces at paragraph, then sentence, then word breaks. */
function splitForSections(text: string, max: number = SLACK_LIMITS.sectionTextChars - 100): string[] {
  const out: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const head = rest.slice(0, max);
    const at = [
      head.lastIndexOf('\n\n'),
      head.lastIndexOf('\n'),
      head.lastIndexOf('。'),
      head.lastIndexOf('. '),
      head.lastIndexOf(' '),
    ].find((i) => i > max * 0.5);
    let cut = at !== undefined ? at + 1 : max - (/[\uD800-\uDBFF]/.test(head.at(-1) ?? '') ? 1 : 0);
    const entity = /&[a-z#0-9]{0,6}$/i.exec(rest.slice(Math.max(0, cut - 8), cut));
    if (entity) cut -= entity[0].length; // never split an escaped `&amp;` between two sections
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) out.push(rest);
  return out;
}

export interface DocumentSummaryInput {
  summary: DocSummaryResult;
  /** The document, when the caller has it (title, link, metadata). */
  doc?: AnyDoc;
  timeZone?: string;
}

export function renderDocumentSummary(input: DocumentSummaryInput): SlackMessage {
  const item = input.doc
    ? docItem(input.doc, input.timeZone)
    : { id: input.summary.docId, title: 'Document summary', companies: [], symbols: [] };
  // Escape first, then split: cutting escaped text keeps entities whole via the clamp rules.
  // The summary is Markdown: converted (and escaped) to mrkdwn so lists and emphasis render.
  const pieces = splitForSections(markdownToMrkdwn(input.summary.summary || ''));
  const shown = pieces.slice(0, MAX_SUMMARY_SECTIONS);
  const url = safeUrl(item.url);
  const blocks: Array<KnownBlock | false> = [
    header(`Summary: ${excerpt(item.title, 130)}`),
    input.doc ? context(docMetaLine(item)) : context(`Document ${escapeMrkdwn(item.id)}`),
    ...(shown.length ? shown.map((p) => section(p)) : [section('_The service has no summary for this document yet._')]),
    pieces.length > shown.length &&
      context(`…the summary continues: open the document to read the rest (${pieces.length - shown.length} more parts).`),
    actions([
      button({ text: 'Key passages', actionId: ACTION_IDS.searchPassages, value: encodeDocButton({ d: item.id }) }),
      button({ text: 'Ask the agent', actionId: ACTION_IDS.searchAsk, value: encodeDocButton({ d: item.id, t: item.title }) }),
      ...(url ? [button({ text: 'Open', actionId: ACTION_IDS.searchOpen, url })] : []),
    ]),
  ];
  const text = `Summary of ${item.title}: ${markdownExcerpt(input.summary.summary ?? '', 300) || 'no summary available'}`;
  return clampMessage({ text: escapeMrkdwn(text), blocks: compact(blocks) });
}

/** Blocks for `chat.unfurl`'s `unfurls[url].blocks`: title, metadata, companies, summary excerpt. */
export function renderUnfurl(doc: AnyDoc, timeZone?: string): { blocks: KnownBlock[] } {
  const item = docItem(doc, timeZone);
  const summary = item.summary ?? ('summary' in doc ? doc.summary : undefined);
  const blocks: Array<KnownBlock | false> = [
    section(`${bold(docTitleLink(item))}\n${docMetaLine(item)}`),
    Boolean(summary) && section(escapeMrkdwn(markdownExcerpt(summary ?? '', 400))),
  ];
  return { blocks: clampMessage({ text: item.title || 'Document', blocks: compact(blocks) }).blocks };
}
