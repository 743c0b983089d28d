/**
 * The demo service's browser pages, outside the API (no key: a person opens them from a link):
 * a document, a chunk's picture, a conversation. Served by the emulator's own server and, in the
 * playground, by the Slack emulator's server on the playground's port (main.ts mounts them).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ConversationRecord, MessageRecord } from '../agent-runs.js';
import type { EmulatorState } from '../routing.js';
import { renderChunkMediaSvg } from './chunk-media-svg.js';
import { renderConversationPage, type ConversationPageMessage } from './conversation-page.js';
import { renderDocumentPage } from './document-page.js';
import { notFoundPage, type HtmlPage } from './html.js';

const DOCUMENT_PAGE = /^\/docs\/([^/]+)\/?$/;
const CHUNK_MEDIA = /^\/docs\/([^/]+)\/media\/(\d{1,4})-([a-z]+)\.svg$/;
const CONVERSATION_PAGE = /^\/conversations\/([^/]+)\/?$/;

function send(res: ServerResponse, status: number, contentType: string, body: string, head: boolean): void {
  res.writeHead(status, {
    'Content-Type': contentType,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-cache',
    // Pages show untrusted text; even if escaping slipped, nothing on them may run.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'",
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(head ? undefined : body);
}

function sendPage(res: ServerResponse, page: HtmlPage, head: boolean): void {
  send(res, page.status, 'text/html; charset=utf-8', page.html, head);
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function findDocument(state: EmulatorState, id: string) {
  const doc = state.dataset.docsById.get(id);
  return doc && !state.dataset.deletedDocIds.has(id) ? doc : undefined;
}

function findConversation(state: EmulatorState, id: string): ConversationRecord | undefined {
  return /^\d{1,40}$/.test(id) ? state.runs.getConversation(BigInt(id)) : undefined;
}

function errorText(info: MessageRecord['error_info']): string | undefined {
  if (!info) return undefined;
  const message = info.message ?? info.code;
  return typeof message === 'string' ? message : undefined;
}

/** The text a message shows: the question, the final answer, or what a running run streamed so far. */
function pageMessage(state: EmulatorState, conv: ConversationRecord, m: MessageRecord): ConversationPageMessage {
  let text = m.content?.text ?? '';
  if (m.role === 'assistant' && m.status === 'running' && m.assistant_message_id) {
    const run = state.runs.getRun(conv.id, m.assistant_message_id);
    text = (run?.events ?? [])
      .filter((e) => e.event_type === 'streaming')
      .map((e) => e.content ?? '')
      .join('');
  }
  const error = errorText(m.error_info);
  return { role: m.role, status: m.status, text, atMs: m.created_at, ...(error ? { error } : {}) };
}

function conversationPage(state: EmulatorState, id: string): HtmlPage {
  const conv = findConversation(state, id);
  if (!conv) return notFoundPage('Conversation', id);
  return renderConversationPage({
    id: String(conv.id),
    title: conv.title,
    createdAtMs: conv.created_at,
    messages: state.runs
      .listMessages(conv.id)
      .reverse()
      .map((m) => pageMessage(state, conv, m)),
  });
}

/** Answers GET/HEAD for a page path and returns true; false for any other request (not a page). */
export function serveDemoPage(state: EmulatorState, req: IncomingMessage, res: ServerResponse): boolean {
  const method = (req.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return false;
  const head = method === 'HEAD';
  const path = new URL(req.url ?? '/', 'http://page.local').pathname;

  const media = CHUNK_MEDIA.exec(path);
  if (media) {
    const doc = findDocument(state, decode(media[1] ?? ''));
    const chunk = doc?.chunks[Number(media[2])];
    if (!doc || !chunk || chunk.type !== media[3] || chunk.type === 'text')
      send(res, 404, 'text/plain; charset=utf-8', 'No such demo picture', head);
    else send(res, 200, 'image/svg+xml', renderChunkMediaSvg(doc, chunk), head);
    return true;
  }
  const docId = DOCUMENT_PAGE.exec(path)?.[1];
  if (docId !== undefined) {
    const id = decode(docId);
    const doc = findDocument(state, id);
    sendPage(res, doc ? renderDocumentPage(doc) : notFoundPage('Document', id), head);
    return true;
  }
  const conversationId = CONVERSATION_PAGE.exec(path)?.[1];
  if (conversationId !== undefined) {
    sendPage(res, conversationPage(state, decode(conversationId)), head);
    return true;
  }
  return false;
}
