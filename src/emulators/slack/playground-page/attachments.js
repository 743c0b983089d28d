// Secondary attachments and link unfurls under a message.

import { h } from './dom.js';
import { renderBlocks } from './blocks-render.js';
import { renderMrkdwn } from './mrkdwn.js';
import { renderText } from './text-objects.js';

/** Secondary attachments and unfurls: a coloured bar, author, linked title, text, fields, image, footer. */
export function renderAttachment(a, ctx, isUnfurl = false) {
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
