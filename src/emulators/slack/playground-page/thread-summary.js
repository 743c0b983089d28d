// The thread summary under a parent message (replies, who replied, when, live or status) and the
// app's status line under a thread's replies.

import { h } from './dom.js';
import { avatar } from './avatar.js';
import { formatDay, formatTime } from './message-time.js';

/** "today at 10:32", "Monday, June 2 at 9:05": when the last reply came, as the thread summary says it. */
function formatWhen(ts) {
  const day = formatDay(ts);
  return `${day === 'Today' ? 'today' : day} at ${formatTime(ts)}`;
}

export function renderThreadSummary(message, replies, ctx) {
  const live = replies.some((r) => r.streaming?.state === 'streaming');
  const count = Math.max(message.reply_count ?? 0, replies.length);
  const userIds = [...new Set((message.reply_users ?? []).concat(replies.map((r) => r.user)))].slice(0, 4);
  const last = [message.latest_reply, replies[replies.length - 1]?.ts].filter(Boolean).sort((a, b) => Number(b) - Number(a))[0];
  return h(
    'button',
    {
      type: 'button',
      class: 'thread-summary',
      onclick: () => ctx.openThread(message.ts),
      'aria-label': `${count} ${count === 1 ? 'reply' : 'replies'}, open thread`,
    },
    h(
      'span',
      { class: 'thread-avatars' },
      userIds.map((id) => avatar({ ...ctx.userInfo(id), id }, 'xs')),
    ),
    h('span', { class: 'thread-count' }, `${count} ${count === 1 ? 'reply' : 'replies'}`),
    live ? h('span', { class: 'live-indicator' }, h('span', { class: 'live-dot' }), 'Live') : null,
    message.status ? h('span', { class: 'thread-status' }, statusText(message.status, ctx)) : null,
    last && !live && !message.status ? h('span', { class: 'thread-last' }, `Last reply ${formatWhen(last)}`) : null,
    h('span', { class: 'thread-view' }, 'View thread'),
  );
}

/** assistant.threads.setStatus text, shown the way Slack shows it: "<App> is thinking…". */
export function statusText(status, ctx) {
  return `${ctx.userInfo(ctx.botUserId).display} ${status}`;
}

/** The status line under a thread's replies while the app works (assistant.threads.setStatus). */
export function renderThreadStatus(status, ctx) {
  return h(
    'div',
    { class: 'thread-status-line', role: 'status' },
    h('span', { class: 'typing-dots', 'aria-hidden': 'true' }, h('span'), h('span'), h('span')),
    statusText(status, ctx),
  );
}
