/**
 * The agent view's parts of the DM (Slack's Messages tab of an agent app): the suggested prompts
 * the app set (a click sends one as the user's message), and under a thread the app's status with
 * its rotating loading messages and the native Stop button while the agent session is processing.
 * @see https://docs.slack.dev/ai/developing-agents
 */
import { h } from './dom.js';
import { statusText } from './message-view.js';

/** assistant.threads.setSuggestedPrompts: up to 4 buttons above the composer. */
export function renderSuggestedPrompts(set, onSend) {
  if (!set || !Array.isArray(set.prompts) || set.prompts.length === 0) return null;
  return h(
    'div',
    { class: 'suggested-prompts', role: 'group', 'aria-label': set.title || 'Suggested prompts' },
    set.title ? h('div', { class: 'suggested-prompts-title' }, set.title) : null,
    set.prompts.map((p) =>
      h('button', { type: 'button', class: 'suggested-prompt', title: p.message, onclick: () => onSend(p.message) }, p.title),
    ),
  );
}

/** The status line with its newest loading message, and Stop while the session is processing. */
export function renderAgentSessionLine(parent, ctx) {
  const loading = Array.isArray(parent.loading_messages) ? parent.loading_messages : [];
  const processing = parent.session_status === 'processing';
  if (!parent.status && !processing) return null;
  return h(
    'div',
    { class: 'thread-status-line agent-session-line', role: 'status' },
    h('span', { class: 'typing-dots', 'aria-hidden': 'true' }, h('span'), h('span'), h('span')),
    parent.status ? statusText(parent.status, ctx) : null,
    loading.length > 0 ? h('span', { class: 'loading-message' }, loading[0]) : null,
    processing ? h('button', { type: 'button', class: 'stop-session', onclick: () => ctx.onStop(parent.ts) }, '■ Stop') : null,
  );
}
