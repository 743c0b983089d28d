// The files of a message as Slack draws them: an image inline, a card with the name, its type and
// size, Download, and (the playground's stand-in for "Delete file" in Slack's file menu) Delete.
// A deleted file is a tombstone: "This file was deleted."

import { h } from './dom.js';

function sizeText(bytes) {
  if (typeof bytes !== 'number') return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** ctx.onDeleteFile(file): optional; when given, each file card offers Delete. */
export function renderFiles(message, ctx) {
  const nodes = [];
  for (const file of message.files ?? []) {
    if (file.mode === 'tombstone') {
      nodes.push(h('div', { class: 'file-card file-tombstone' }, '🗑 ', 'This file was deleted.'));
      continue;
    }
    const label = file.title || file.name || file.id;
    const href = `/files/${encodeURIComponent(file.id)}`;
    // Images (a chart's PNG) show inline, as Slack previews them.
    if (/^image\/(png|jpe?g|gif)$/.test(file.mimetype ?? '')) {
      nodes.push(
        h(
          'a',
          { href, target: '_blank', rel: 'noopener', class: 'file-image-link' },
          h('img', { class: 'file-image', src: href, alt: label, loading: 'lazy' }),
        ),
      );
    }
    const meta = [file.pretty_type, sizeText(file.size)].filter(Boolean).join(' · ');
    nodes.push(
      h(
        'div',
        { class: 'file-card' },
        '📄 ',
        h('a', { href, target: '_blank', rel: 'noopener' }, label),
        meta ? h('span', { class: 'file-meta' }, meta) : null,
        ' ',
        h('a', { href: `${href}?download`, class: 'file-download', download: file.name || label }, 'Download'),
        ctx.onDeleteFile && !message.local
          ? h(
              'button',
              {
                type: 'button',
                class: 'file-delete',
                title: 'Delete this file, as someone could in Slack',
                'aria-label': `Delete ${label}`,
                onclick: () => ctx.onDeleteFile(file),
              },
              'Delete',
            )
          : null,
      ),
    );
  }
  return nodes;
}
