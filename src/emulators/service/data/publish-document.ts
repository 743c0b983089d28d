/**
 * Publishes a new document into a running emulator, as the real service's feed does over time:
 * tests and the playground use it to make watchlist alerts happen. The document has the shape
 * of the seeded ones (list form, detail, summary, one text chunk) and is searchable at once.
 */
import type { DemoLinks } from '../demo-links.js';
import type { Dataset } from './dataset.js';
import type { DemoCategory } from './document-text.js';
import type { DemoDocument } from './documents.js';
import { addDocumentToDataset } from './index-document.js';

export interface PublishDocumentInput {
  /** `<MARKET>:<code>` of a demo company; the document is about it. */
  symbol?: string;
  /** Words the document is about (in its title and text), for keyword watches. */
  keyword?: string;
  /** Default 'news'. */
  category?: DemoCategory;
  /** Default: made from the company or keyword. */
  title?: string;
  /** Markdown summary; default made from the title. */
  summary?: string;
  /** Default: the emulator's clock. */
  publishedAtMs?: number;
}

const REPORT_TYPE: Record<DemoCategory, number> = {
  financials: 1,
  transcripts: 2,
  reports: 3,
  filings: 4,
  news: 5,
  socials: 6,
  files: 7,
};

/** Adds the document; throws when the symbol is not a demo company's. */
export function publishDocument(dataset: Dataset, links: DemoLinks, seq: number, nowMs: number, input: PublishDocumentInput): DemoDocument {
  const company = input.symbol ? dataset.companies.find((c) => c.symbol === input.symbol || c.code === input.symbol) : undefined;
  if (input.symbol && !company) throw new Error(`publishDocument: ${input.symbol} is not a demo company`);
  const category = input.category ?? 'news';
  const id = `doc_pub${String(seq).padStart(9, '0')}`;
  const subject = [company?.nameEn, input.keyword].filter(Boolean).join(' · ') || 'Market update';
  const title = input.title ?? `${subject}: ${category === 'transcripts' ? 'earnings call transcript' : 'latest update'} ${seq}`;
  const body =
    `${title}. ${input.keyword ? `This document discusses ${input.keyword}.` : ''} ${company ? `${company.nameEn} (${company.symbol}) ${company.nameZh}.` : ''}`.trim();
  const doc: DemoDocument = {
    id,
    title,
    url: links.document(id),
    file_url: links.file(id, 'pdf'),
    media_url: category === 'transcripts' ? links.audio(id) : '',
    institution: company ? company.nameEn : 'Research Desk Wire',
    author: 'Newsroom',
    publishedAtMs: input.publishedAtMs ?? nowMs,
    category,
    type: category === 'news' ? 'news' : category,
    market: company?.market ?? 'us',
    symbol: company?.symbol ?? '',
    symbols: company ? [company.symbol] : [],
    company_name: company?.nameEn ?? '',
    logo: company?.logo ?? '',
    summary: input.summary ?? `**${title}**\n\nKey points:\n- ${body}`,
    tags: {
      industry: company ? [company.industryEn] : [],
      company: company ? [company.nameEn] : [],
      person: [],
      event: input.keyword ? [input.keyword] : [],
    },
    metadatas: { period: '', periods: [], entities: company ? [company.nameZh, company.nameEn] : [] },
    language: 'en',
    channel_id: 'wire',
    channel_name: 'Research Desk Wire',
    report_type: REPORT_TYPE[category],
    report_scope: 1,
    chunks: [
      { id: `${id}_c0`, type: 'text', media_url: '', content: body, summary: '', metadata: { page: 1, position: 0, language: 'en' } },
    ],
  };
  addDocumentToDataset(dataset, doc);
  return doc;
}
