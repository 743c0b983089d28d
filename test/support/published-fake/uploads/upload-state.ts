/**
 * The documents uploaded to the fake (POST /v1/docs/upload/form), kept in memory: their folder,
 * tags and text per page, and their processing, which moves one stage per status call —
 * `pending`, `processing`, then `completed` (the third call), as the project's emulator does. A
 * file the fake could not read ends as the service's undocumented failure (`failed` with a
 * message); a file named with `[stuck]` stays `processing`. Once completed a document is found by
 * search in its folder (category `files`), by its upload tags, in chunk search and in raw content.
 */
import type { FakeDocument, WireChunk } from '../fixtures/documents.js';

export type UploadStatus = 'pending' | 'processing' | 'completed' | 'failed';

export interface UploadedDoc {
  docId: string;
  folderId?: string;
  title: string;
  fileName: string;
  tags: Record<string, string[]>;
  metadatas: Record<string, unknown>;
  publishedAt: number;
  /** The text of each page; empty for a type whose text the fake does not read. */
  pages: string[];
  /** Why processing fails (an encrypted or broken PDF). */
  failure?: string;
  statusCalls: number;
}

const STAGES = ['pending', 'processing', 'completed'] as const;
const SUMMARY_CHARS = 280;
export const STUCK_MARK = '[stuck]';

export const fileUrlOf = (d: Pick<UploadedDoc, 'docId' | 'fileName'>): string =>
  `https://files.published-fake.example/docs/${d.docId}/${encodeURIComponent(d.fileName)}`;

export class UploadState {
  private readonly docs = new Map<string, UploadedDoc>();
  private next = 1;

  constructor(readonly maxUploadBytes: number) {}

  newId(): string {
    return String(1_046_895_208_953_942_016n + BigInt(this.next++));
  }

  add(doc: UploadedDoc): void {
    this.docs.set(doc.docId, doc);
  }

  get(docId: string): UploadedDoc | undefined {
    return this.docs.get(docId);
  }

  remove(docId: string): boolean {
    return this.docs.delete(docId);
  }

  inFolder(folderId: string): UploadedDoc[] {
    return [...this.docs.values()].filter((d) => d.folderId === folderId);
  }

  /** What a status call answers; each call moves the document one stage on. */
  step(doc: UploadedDoc): { status: UploadStatus; message?: string } {
    doc.statusCalls += 1;
    const stage = STAGES[Math.min(doc.statusCalls - 1, STAGES.length - 1)] ?? 'completed';
    if (stage === 'completed' && doc.fileName.includes(STUCK_MARK)) return { status: 'processing' };
    if (stage === 'completed' && doc.failure !== undefined) return { status: 'failed', message: doc.failure };
    return { status: stage };
  }

  isSearchable(doc: UploadedDoc): boolean {
    return doc.failure === undefined && !doc.fileName.includes(STUCK_MARK) && doc.statusCalls >= STAGES.length;
  }

  /** Completed uploads as the fake's documents (search, tags, chunks, detail). */
  searchable(): FakeDocument[] {
    return [...this.docs.values()].filter((d) => this.isSearchable(d)).map(asFakeDocument);
  }
}

export function chunksOf(d: UploadedDoc): WireChunk[] {
  const chunks: WireChunk[] = [];
  d.pages.forEach((text, i) => {
    if (text.trim() === '') return;
    chunks.push({ id: `${d.docId}_c${chunks.length}`, type: 'text', media_url: '', content: text, summary: '', metadata: { page: i + 1 } });
  });
  return chunks;
}

/** OAIDoc's metadatas are lists: a single value becomes a list of one. */
const asLists = (m: Record<string, unknown>): Record<string, string[]> =>
  Object.fromEntries(
    Object.entries(m).map(([k, v]) => [k, (Array.isArray(v) ? v : [v]).map((x) => (typeof x === 'string' ? x : JSON.stringify(x)))]),
  );

export function asFakeDocument(d: UploadedDoc): FakeDocument {
  const text = d.pages.join(' ');
  return {
    doc: {
      doc_id: d.docId,
      title: d.title,
      url: fileUrlOf(d),
      published_at: d.publishedAt,
      category: 'files',
      tags: d.tags,
      metadatas: asLists(d.metadatas),
    },
    detail: { file_url: fileUrlOf(d) },
    summary: text.slice(0, SUMMARY_CHARS),
    chunks: chunksOf(d),
    searchText: `${d.title} ${text}`.toLowerCase(),
    ...(d.folderId !== undefined ? { folderId: d.folderId } : {}),
  };
}
