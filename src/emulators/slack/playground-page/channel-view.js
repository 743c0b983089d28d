// The message timeline of a channel and the thread pane, re-rendered on every change but
// reusing the DOM node of each message whose content did not change (keeps select state, no flicker).

import { renderAgentSessionLine } from './agent-view.js';
import { h, clear } from './dom.js';

function safeRenderMessage(message, ctx, options) {
  try {
    return renderMessage(message, ctx, options);
  } catch (error) {
    console.error('playground: could not render message', message?.ts, error);
    return h('div', { class: 'message', 'data-ts': message?.ts }, h('span', { class: 'unsupported' }, 'This message could not be shown'));
  }
}
import { renderMessage, renderThreadStatus, formatDay } from './message-view.js';

const GROUP_WINDOW_SECONDS = 5 * 60;

/** Keeps rendered message nodes by key and content signature between renders. */
export function createNodeCache() {
  let previous = new Map();
  return {
    node(key, signature, build) {
      const hit = previous.get(key);
      const node = hit && hit.signature === signature ? hit.node : build();
      this.next.set(key, { signature, node });
      return node;
    },
    next: new Map(),
    commit() {
      previous = this.next;
      this.next = new Map();
    },
  };
}

const isBroadcast = (m) => m.subtype === 'thread_broadcast' && m.thread_ts && m.thread_ts !== m.ts;

/**
 * The channel's messages as Slack lists them: top-level messages plus thread replies sent with
 * reply_broadcast ("Also send to #channel"), whether the API lists those at the top level (as
 * conversations.history does) or only under their parent. Each broadcast carries `broadcastOf`,
 * its parent's ts and text, for the "replied to a thread" cue.
 */
export function channelTimelineMessages(messages) {
  const byTs = new Map(messages.map((m) => [m.ts, m]));
  const broadcasts = messages
    .flatMap((m) => m.replies ?? [])
    .filter((r) => isBroadcast(r) && !byTs.has(r.ts))
    .filter((r, i, list) => list.findIndex((x) => x.ts === r.ts) === i);
  return [...messages, ...broadcasts].map((m) => {
    if (!isBroadcast(m)) return m;
    const parent = byTs.get(m.thread_ts);
    return { ...m, broadcastOf: { ts: m.thread_ts, text: parent?.text ?? '' } };
  });
}

/** A thread's replies in order: its `replies`, plus broadcasts the API listed only at the top level. */
export function threadReplies(parent, messages) {
  const replies = [...(parent.replies ?? [])];
  for (const m of messages) if (m.thread_ts === parent.ts && m.ts !== parent.ts && !replies.some((r) => r.ts === m.ts)) replies.push(m);
  return replies.sort((a, b) => Number(a.ts) - Number(b.ts));
}

/** Timeline entries: top-level messages, ephemerals and local notices, in ts order. */
export function timelineEntries(messages, ephemerals, notices) {
  return [
    ...messages.map((m) => ({ kind: 'message', message: m })),
    ...ephemerals.filter((e) => !e.thread_ts || e.thread_ts === e.ts).map((m) => ({ kind: 'ephemeral', message: m })),
    ...notices.filter((n) => !n.thread_ts).map((m) => ({ kind: 'ephemeral', message: m })),
  ].sort((a, b) => Number(a.message.ts) - Number(b.message.ts));
}

function isContinuation(prev, entry) {
  if (!prev || prev.kind !== entry.kind || entry.kind === 'ephemeral') return false;
  const a = prev.message;
  const b = entry.message;
  return (
    a.user === b.user && Number(b.ts) - Number(a.ts) < GROUP_WINDOW_SECONDS && !(a.reply_count > 0 || a.replies?.length) && !isBroadcast(b)
  );
}

export function renderTimeline(listEl, entries, ctx, cache, { intro, inThread = false } = {}) {
  const nodes = [];
  if (intro) nodes.push(intro);
  let lastDay = '';
  let prev = null;
  for (const entry of entries) {
    const day = formatDay(entry.message.ts);
    if (day !== lastDay) {
      nodes.push(h('div', { class: 'day-divider', role: 'separator' }, h('span', null, day)));
      lastDay = day;
      prev = null;
    }
    const options = {
      ephemeral: entry.kind === 'ephemeral',
      compact: isContinuation(prev, entry),
      inThread,
      showThreadSummary: !inThread,
    };
    const key = `${entry.kind}:${entry.message.ts}`;
    const signature = JSON.stringify([entry.message, options, ctx.version]);
    nodes.push(cache.node(key, signature, () => safeRenderMessage(entry.message, ctx, options)));
    prev = entry;
  }
  cache.commit();
  listEl.replaceChildren(...nodes);
}

/** Keeps the view pinned to the newest message when it was there before an update. */
export function preserveScroll(scroller, update) {
  const atBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 48;
  const top = scroller.scrollTop;
  update();
  scroller.scrollTop = atBottom ? scroller.scrollHeight : top;
}

/** The thread pane: parent message, reply count, replies, and its own composer slot. */
export function renderThreadPane(pane, { parent, replies, ephemerals, channelName, ctx, cache, composer, onClose }) {
  if (!parent) {
    clear(pane);
    pane.hidden = true;
    return;
  }
  pane.hidden = false;
  let scroller = pane.querySelector('.thread-scroller');
  if (!scroller || pane.dataset.threadTs !== parent.ts || pane.dataset.title !== (parent.title ?? '')) {
    pane.dataset.threadTs = parent.ts;
    pane.dataset.title = parent.title ?? '';
    scroller = h(
      'div',
      { class: 'thread-scroller' },
      h('div', { class: 'thread-list', role: 'log', 'aria-live': 'polite', 'aria-label': 'Thread replies' }),
    );
    pane.replaceChildren(
      h(
        'div',
        { class: 'thread-header' },
        h('div', null, h('span', { class: 'thread-title' }, parent.title || 'Thread'), h('span', { class: 'thread-channel' }, channelName)),
        h('button', { type: 'button', class: 'icon-btn', 'aria-label': 'Close thread', onclick: onClose }, '✕'),
      ),
      scroller,
      h('div', { class: 'thread-composer-slot' }, composer.el),
    );
  }
  const list = scroller.querySelector('.thread-list');
  const count = replies.length;
  const entries = [
    ...replies.map((m) => ({ kind: 'message', message: m })),
    ...ephemerals.map((m) => ({ kind: 'ephemeral', message: m })),
  ].sort((a, b) => Number(a.message.ts) - Number(b.message.ts));
  preserveScroll(scroller, () => {
    const parentNode = cache.node(`parent:${parent.ts}`, JSON.stringify([{ ...parent, replies: undefined }, ctx.version]), () =>
      safeRenderMessage({ ...parent, replies: undefined }, ctx, { inThread: true }),
    );
    const divider = h(
      'div',
      { class: 'reply-divider', role: 'separator' },
      h('span', null, `${count} ${count === 1 ? 'reply' : 'replies'}`),
    );
    const nodes = [parentNode, divider];
    let prev = null;
    for (const entry of entries) {
      const options = { ephemeral: entry.kind === 'ephemeral', compact: isContinuation(prev, entry), inThread: true };
      const key = `${entry.kind}:${entry.message.ts}`;
      nodes.push(
        cache.node(key, JSON.stringify([entry.message, options, ctx.version]), () => safeRenderMessage(entry.message, ctx, options)),
      );
      prev = entry;
    }
    const agentLine = renderAgentSessionLine(parent, ctx);
    if (agentLine) nodes.push(agentLine);
    else if (parent.status) nodes.push(renderThreadStatus(parent.status, ctx));
    cache.commit();
    list.replaceChildren(...nodes);
  });
}
