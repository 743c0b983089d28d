// One message as Slack draws it: avatar, name, time, body (blocks, or text as fallback),
// "(edited)", attachments and unfurls, a streaming indicator, the thread summary and a hover toolbar.

import { h } from './dom.js';
import { renderBlocks } from './blocks-render.js';
import { renderText } from './elements.js';
import { renderMarkdown } from './markdown.js';
import { renderMrkdwn } from './mrkdwn.js';
import { emojiFor } from './emoji.js';

const AVATAR_COLOURS = ['#e8912d', '#2eb67d', '#36c5f0', '#e01e5a', '#4a154b', '#1264a3', '#9b59b6', '#7c8b94'];

export function formatTime(ts) {
  const date = new Date(Number(ts) * 1000);
  return Number.isFinite(date.getTime()) ? date.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' }) : '';
}

export function formatDay(ts) {
  const date = new Date(Number(ts) * 1000);
  if (!Number.isFinite(date.getTime())) return '';
  const today = new Date();
  if (date.toDateString() === today.toDateString()) return 'Today';
  return date.toLocaleDateString([], { weekday: 'long', month: 'long', day: 'numeric' });
}

export function avatar(person, size = 'md') {
  if (person.is_bot) {
    return h('div', { class: `avatar avatar-${size} avatar-bot`, 'aria-hidden': 'true' }, h('span', null, '📈'));
  }
  const name = person.real_name || person.name || person.id || '?';
  const colour = AVATAR_COLOURS[[...String(person.id ?? name)].reduce((a, c) => a + c.charCodeAt(0), 0) % AVATAR_COLOURS.length];
  const initials = name
    .split(/\s+/)
    .map((p) => p[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return h('div', { class: `avatar avatar-${size}`, style: { background: colour }, 'aria-hidden': 'true' }, initials);
}

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
  for (const file of message.files ?? []) {
    const label = file.title || file.name || file.id;
    const href = `/files/${encodeURIComponent(file.id)}`;
    // Images (a chart's PNG) show inline, as Slack previews them.
    if (/^image\/(png|jpe?g|gif)$/.test(file.mimetype ?? '')) {
      body.appendChild(
        h(
          'a',
          { href, target: '_blank', rel: 'noopener', class: 'file-image-link' },
          h('img', { class: 'file-image', src: href, alt: label, loading: 'lazy' }),
        ),
      );
    }
    body.appendChild(
      h(
        'div',
        { class: 'file-card' },
        '📄 ',
        h('a', { href, target: '_blank', rel: 'noopener' }, label),
        ' ',
        h('a', { href: `${href}?download`, class: 'file-download', download: file.name || label }, 'Download'),
      ),
    );
  }
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

/** Secondary attachments and unfurls: a coloured bar, author, linked title, text, fields, image, footer. */
function renderAttachment(a, ctx, isUnfurl = false) {
  const colour = a.color
    ? String(a.color).startsWith('#')
      ? a.color
      : ({ good: '#2eb67d', warning: '#ecb22e', danger: '#e01e5a' }[a.color] ?? `#${a.color}`)
    : '#dddddd';
  const text = (value) => (value ? renderMrkdwn(value, ctx) : null);
  const hasBlocks = Array.isArray(a.blocks) && a.blocks.length > 0;
  return h(
    'div',
    { class: `attachment${isUnfurl ? ' unfurl' : ''}`, 'data-url': a.from_url ?? a.original_url },
    h('div', { class: 'attachment-bar', style: { background: colour } }),
    h(
      'div',
      { class: 'attachment-body' },
      a.service_name || a.service_icon
        ? h(
            'div',
            { class: 'attachment-service' },
            a.service_icon ? h('img', { src: a.service_icon, alt: '' }) : null,
            a.service_name ?? '',
          )
        : null,
      a.pretext ? text(a.pretext) : null,
      a.author_name ? h('div', { class: 'attachment-author' }, a.author_name) : null,
      a.title
        ? h(
            'div',
            { class: 'attachment-title' },
            a.title_link ? h('a', { class: 'link', href: a.title_link, target: '_blank', rel: 'noopener noreferrer' }, a.title) : a.title,
          )
        : null,
      a.text ? h('div', { class: 'attachment-text' }, text(a.text)) : null,
      a.fields?.length
        ? h(
            'div',
            { class: 'attachment-fields' },
            a.fields.map((f) =>
              h(
                'div',
                { class: `attachment-field${f.short ? ' short' : ''}` },
                h('div', { class: 'attachment-field-title' }, f.title ?? ''),
                text(f.value ?? ''),
              ),
            ),
          )
        : null,
      hasBlocks ? renderBlocks(a.blocks, ctx) : null,
      a.image_url ? h('img', { class: 'attachment-image', src: a.image_url, alt: a.fallback ?? '' }) : null,
      !hasBlocks && !a.title && !a.text && a.from_url
        ? h('a', { class: 'link', href: a.from_url, target: '_blank', rel: 'noopener noreferrer' }, a.from_url)
        : null,
      a.footer ? h('div', { class: 'attachment-footer' }, renderText({ type: 'mrkdwn', text: a.footer }, ctx, { inline: true })) : null,
    ),
    a.thumb_url ? h('img', { class: 'attachment-thumb', src: a.thumb_url, alt: '' }) : null,
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

/** "today at 10:32", "Monday, June 2 at 9:05": when the last reply came, as the thread summary says it. */
function formatWhen(ts) {
  const day = formatDay(ts);
  return `${day === 'Today' ? 'today' : day} at ${formatTime(ts)}`;
}

function renderThreadSummary(message, replies, ctx) {
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
