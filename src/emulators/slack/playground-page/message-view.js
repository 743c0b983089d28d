// One message as Slack draws it: avatar, name, time, body (blocks, or text as fallback),
// "(edited)", attachments and unfurls, a streaming indicator, the thread summary and a hover toolbar.

import { h } from './dom.js';
import { renderBlocks } from './blocks-render.js';
import { renderText } from './text-objects.js';
import { renderMarkdown } from './markdown.js';
import { renderMrkdwn } from './mrkdwn.js';
import { emojiFor } from './emoji.js';
import { avatar } from './avatar.js';
import { renderAttachment } from './attachments.js';
import { renderFiles } from './file-cards.js';
import { formatTime } from './message-time.js';
import { renderThreadSummary } from './thread-summary.js';
import { renderWorkObjects } from './work-objects.js';

// The parts other modules import from here.
export { avatar } from './avatar.js';
export { formatDay, formatTime } from './message-time.js';
export { renderThreadStatus, statusText } from './thread-summary.js';

/**
 * message: the emulator's stored message (+ replies). options: { ephemeral, compact, inThread, showThreadSummary }
 * ctx: page context (userInfo, onAction(message, details), openThread, openMessageMenu, …).
 */
export function renderMessage(message, ctx, options = {}) {
  const person = ctx.userInfo(message.user);
  const blockCtx = {
    ...ctx.blockCtx,
    onAction: (details) => ctx.onAction(message, details, options),
    // The 👍/👎 the viewer pressed on this message (Slack shows each user only their own).
    feedback: (ctx.viewerId && message.feedback?.[ctx.viewerId]) || {},
  };
  const ts = message.ts;
  const streaming = message.streaming;
  const live = streaming?.state === 'streaming';
  const classes = ['message'];
  if (options.compact) classes.push('compact');
  if (options.ephemeral) classes.push('ephemeral');
  if (live) classes.push('streaming');

  const header = options.compact
    ? null
    : h(
        'div',
        { class: 'message-header' },
        h('span', { class: 'sender' }, person.display),
        person.is_bot ? h('span', { class: 'app-badge' }, 'APP') : null,
        h('a', { class: 'timestamp', href: `#${ts}`, title: new Date(Number(ts) * 1000).toLocaleString() }, formatTime(ts)),
        live
          ? h(
              'span',
              { class: 'live-indicator', title: 'Streaming: the agent is still writing this message' },
              h('span', { class: 'live-dot' }),
              'Live',
            )
          : null,
      );

  const body = h('div', { class: 'message-body' });
  const cue = broadcastCue(message, ctx, options);
  if (cue) body.appendChild(cue);
  if (options.ephemeral) {
    body.appendChild(h('div', { class: 'ephemeral-note' }, h('span', { 'aria-hidden': 'true' }, '👁 '), 'Only visible to you'));
  }
  // In a channel, Slack shows a native stream live only to its recipient; others see it once it ends.
  const hiddenStream = live && streaming.recipientUserId && ctx.viewerId && streaming.recipientUserId !== ctx.viewerId;
  const progress = streaming && !hiddenStream ? renderStreamProgress(streaming) : null;
  if (progress) body.appendChild(progress);
  const hasBlocks = Array.isArray(message.blocks) && message.blocks.length > 0;
  if (hiddenStream) {
    body.appendChild(
      h('div', { class: 'message-text stream-hidden' }, `Responding to ${ctx.userInfo(streaming.recipientUserId).display}…`),
    );
  } else if (streaming) {
    if (message.text) body.appendChild(h('div', { class: 'message-text' }, renderMarkdown(message.text, blockCtx)));
  } else if (!hasBlocks && message.text) {
    body.appendChild(h('div', { class: 'message-text' }, renderMrkdwn(message.text, blockCtx)));
  }
  if (hasBlocks) body.appendChild(renderBlocks(message.blocks, blockCtx));
  if (live) appendToLastLine(body, h('span', { class: 'stream-caret', 'aria-hidden': 'true' }));
  if (!options.ephemeral && (message.edits > 0 || message.edited)) {
    // Slack puts "(edited)" at the end of the last line of text, not on a line of its own.
    appendToLastLine(body, h('span', { class: 'edited', title: `Edited ${message.edits ?? 1} time(s)` }, ' (edited)'));
  }
  for (const attachment of message.attachments ?? []) body.appendChild(renderAttachment(attachment, blockCtx));
  for (const unfurl of unfurlsOf(message)) body.appendChild(renderAttachment(unfurl, blockCtx, true));
  for (const card of renderWorkObjects(message)) body.appendChild(card);
  for (const node of renderFiles(message, ctx)) body.appendChild(node);
  if (message.reactions?.length) {
    body.appendChild(
      h(
        'div',
        { class: 'reactions' },
        message.reactions.map((r) =>
          h('span', { class: 'reaction', title: `:${r.name}:` }, emojiFor(r.name) ?? `:${r.name}:`, ' ', String(r.count)),
        ),
      ),
    );
  }
  const replies = message.replies ?? [];
  if (options.showThreadSummary && (replies.length > 0 || message.reply_count > 0 || message.status))
    body.appendChild(renderThreadSummary(message, replies, ctx));

  const gutter = h(
    'div',
    { class: 'message-gutter' },
    options.compact ? h('span', { class: 'gutter-time' }, formatTime(ts)) : avatar({ ...person, id: message.user }),
  );

  const row = h(
    'div',
    {
      class: classes.join(' '),
      'data-ts': ts,
      'data-user': message.user,
      role: 'article',
      'aria-label': `${person.display} at ${formatTime(ts)}`,
    },
    gutter,
    h('div', { class: 'message-content' }, header, body),
  );
  if (!options.ephemeral) row.appendChild(renderHoverToolbar(message, ctx, options));
  return row;
}

function appendToLastLine(body, node) {
  const lines = body.querySelectorAll('.mrkdwn-line, .md-p, .rt-section, .header-text, li');
  (lines[lines.length - 1] ?? body).appendChild(node);
}

function unfurlsOf(message) {
  const unfurls = message.unfurls;
  if (!unfurls) return [];
  const list = Array.isArray(unfurls) ? unfurls : Object.entries(unfurls).map(([url, u]) => ({ from_url: url, ...u }));
  return list.filter((u) => u && typeof u === 'object');
}

const TASK_ICON = { pending: '○', in_progress: '◌', complete: '✓', error: '✕' };

function renderStreamProgress(stream) {
  const tasks = Object.values(stream.tasks ?? {});
  if (!stream.plan && tasks.length === 0) return null;
  return h(
    'div',
    { class: `stream-progress mode-${stream.taskDisplayMode ?? 'timeline'}` },
    stream.plan ? h('div', { class: 'stream-plan' }, stream.plan) : null,
    tasks.length
      ? h(
          'ol',
          { class: 'stream-tasks' },
          tasks.map((t) =>
            h(
              'li',
              { class: `task task-${t.status}` },
              h('span', { class: 'task-icon', 'aria-label': String(t.status).replace('_', ' ') }, TASK_ICON[t.status] ?? '•'),
              h(
                'span',
                { class: 'task-body' },
                h('span', { class: 'task-title' }, String(t.title ?? t.id)),
                t.details ? h('span', { class: 'task-details' }, String(t.details)) : null,
                t.output ? h('span', { class: 'task-output' }, String(t.output)) : null,
              ),
            ),
          ),
        )
      : null,
  );
}

/**
 * A reply sent with reply_broadcast, as Slack marks it: in the channel "replied to a thread: <parent>",
 * which opens the thread; in the thread "Also sent to the channel".
 */
function broadcastCue(message, ctx, options) {
  if (message.subtype !== 'thread_broadcast') return null;
  if (options.inThread) return h('div', { class: 'broadcast-cue' }, 'Also sent to the channel');
  const parentText = String(message.broadcastOf?.text ?? '').split('\n')[0];
  return h(
    'div',
    { class: 'broadcast-cue' },
    'replied to a thread: ',
    h(
      'button',
      { type: 'button', class: 'broadcast-parent', onclick: () => ctx.openThread(message.thread_ts) },
      parentText ? renderText({ type: 'mrkdwn', text: parentText }, ctx.blockCtx, { inline: true }) : 'View thread',
    ),
  );
}

function renderHoverToolbar(message, ctx, options) {
  const more = h(
    'button',
    {
      type: 'button',
      class: 'toolbar-btn',
      title: 'More actions',
      'aria-label': 'More actions',
      'aria-haspopup': 'menu',
      'aria-expanded': 'false',
    },
    '⋯',
  );
  more.addEventListener('click', (e) => {
    e.stopPropagation();
    ctx.openMessageMenu(more, message);
  });
  return h(
    'div',
    { class: 'hover-toolbar', role: 'toolbar', 'aria-label': 'Message actions' },
    options.inThread
      ? null
      : h(
          'button',
          {
            type: 'button',
            class: 'toolbar-btn',
            title: 'Reply in thread',
            'aria-label': 'Reply in thread',
            onclick: () => ctx.openThread(message.thread_ts ?? message.ts),
          },
          '💬',
        ),
    more,
  );
}
