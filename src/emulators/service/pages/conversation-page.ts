/**
 * An agent conversation as a page: what "Open the conversation" opens. The questions as asked,
 * the agent's answers as Markdown with their status. Pure: conversation → HTML.
 */
import { escapeHtml, renderPage, type HtmlPage } from './html.js';
import { markdownToHtml } from './markdown-html.js';

export interface ConversationPageMessage {
  role: 'user' | 'assistant';
  status: 'completed' | 'running' | 'cancelled' | 'failed';
  /** The question, or the answer so far (the final report once completed). */
  text: string;
  /** Why a failed run failed, as the service reported it. */
  error?: string;
  atMs: number;
}

export interface ConversationPageData {
  id: string;
  title: string;
  createdAtMs: number;
  /** Oldest first. */
  messages: ConversationPageMessage[];
}

/** While a run goes on, the page reloads itself this often to show more of it. */
const RUNNING_REFRESH_SECONDS = 3;

const STATUS_NOTE: Record<ConversationPageMessage['status'], string> = {
  completed: '',
  running: 'The agent is still working; this page refreshes until it is done.',
  cancelled: 'The run was cancelled.',
  failed: 'The run failed.',
};

function messageHtml(m: ConversationPageMessage): string {
  const when = escapeHtml(new Date(m.atMs).toISOString().replace('T', ' ').slice(0, 16));
  if (m.role === 'user') {
    return `<div class="message user"><p><span class="who">Question</span> <span class="meta">${when} UTC</span></p><p class="question">${escapeHtml(m.text)}</p></div>`;
  }
  const note = STATUS_NOTE[m.status];
  return [
    `<div class="message assistant" data-status="${m.status}">`,
    `<p><span class="who">Research agent</span> <span class="status status-${m.status}">${m.status}</span> <span class="meta">${when} UTC</span></p>`,
    note ? `<p class="meta">${escapeHtml(note)}</p>` : '',
    m.error ? `<p class="meta">Error: ${escapeHtml(m.error)}</p>` : '',
    m.text.trim() !== '' ? `<div class="answer">${markdownToHtml(m.text)}</div>` : '',
    '</div>',
  ].join('');
}

export function renderConversationPage(conv: ConversationPageData): HtmlPage {
  const created = new Date(conv.createdAtMs).toISOString().slice(0, 10);
  const running = conv.messages.some((m) => m.status === 'running');
  const body = [
    `<h1>${escapeHtml(conv.title)}</h1>`,
    `<p class="meta">Agent conversation <code>${escapeHtml(conv.id)}</code> · started ${escapeHtml(created)} UTC · demo agent, demo data</p>`,
    conv.messages.length === 0 ? '<p>No questions asked yet.</p>' : conv.messages.map(messageHtml).join('\n'),
  ].join('\n');
  return renderPage({ title: conv.title, body, ...(running ? { refreshSeconds: RUNNING_REFRESH_SECONDS } : {}) });
}
