/**
 * The document an upload becomes: category `files`, in its folder, with its upload tags and one
 * text chunk per page that has text. Pure.
 */
import type { DemoLinks } from '../demo-links.js';
import type { DemoChunk } from '../data/document-chunks.js';
import type { DemoDocument, TagMap, TagType } from '../data/documents.js';
import type { UploadRecord } from './upload-record.js';

const TAG_TYPES: readonly TagType[] = ['industry', 'company', 'person', 'event'];
const CJK = /[\u3400-\u9fff]/;
const SUMMARY_CHARS = 280;

function pageChunks(r: UploadRecord, lang: 'zh' | 'en'): DemoChunk[] {
  const chunks: DemoChunk[] = [];
  r.pages.forEach((text, i) => {
    if (text.trim() === '') return;
    chunks.push({
      id: `${r.id}_c${chunks.length}`,
      type: 'text',
      media_url: '',
      content: text,
      summary: '',
      metadata: { page: i + 1, position: chunks.length, language: lang },
    });
  });
  return chunks;
}

/** `withText` false: the document before processing ends (no chunks yet). */
export function uploadDocument(r: UploadRecord, links: DemoLinks, withText: boolean): DemoDocument {
  const text = r.pages.join(' ');
  const lang = CJK.test(`${r.title} ${text}`) ? 'zh' : 'en';
  const tags: TagMap = { industry: [], company: [], person: [], event: [] };
  const otherTags: string[] = [];
  for (const [type, values] of Object.entries(r.tags)) {
    if ((TAG_TYPES as readonly string[]).includes(type)) tags[type as TagType].push(...values);
    else otherTags.push(...values);
  }
  const excerpt = text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS - 1)}…` : text;
  return {
    id: r.id,
    title: r.title,
    url: links.document(r.id),
    file_url: links.file(r.id, r.fileType),
    media_url: '',
    institution: '',
    author: '',
    publishedAtMs: r.publishedAtMs,
    category: 'files',
    type: r.fileType,
    market: 'us',
    symbol: '',
    symbols: [],
    company_name: '',
    logo: '',
    summary: withText && excerpt ? `**${r.title}**\n\n${excerpt}` : `**${r.title}**`,
    tags,
    metadatas: { ...r.metadatas, periods: [...r.metadatas.periods], entities: [...r.metadatas.entities] },
    language: lang,
    channel_id: 'upload',
    channel_name: 'Uploaded files',
    report_type: 7,
    report_scope: 1,
    ...(r.folderId ? { folder_id: r.folderId } : {}),
    uploadTags: otherTags,
    chunks: withText ? pageChunks(r, lang) : [],
  };
}
