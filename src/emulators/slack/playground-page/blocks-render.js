// Block Kit blocks → DOM, close enough to Slack's client to judge a layout.
// ctx: { userName(id), channelName(id), onAction(details), users(), channels(),
//        surface: 'message' | 'modal' | 'home', errors: {block_id: message}, registerInput(block_id, action_id, read) }

import { h } from './dom.js';
import { renderText, renderElement, plainOf } from './elements.js';
import { renderDataTable } from './data-table.js';
import { renderDataVisualization } from './data-visualization.js';
import { renderMarkdown } from './markdown.js';
import { renderRichText, renderInlineElements } from './rich-text.js';

export function renderBlocks(blocks, ctx = {}) {
  const root = h('div', { class: 'blocks' });
  (blocks ?? []).forEach((block, index) => {
    let node;
    try {
      node = renderBlock(block, ctx, index);
    } catch (error) {
      // One odd block must not blank the channel; the console error still fails the browser test.
      console.error('playground: could not render block', block?.type, error);
      node = h(
        'div',
        { class: 'block block-unsupported' },
        h('span', { class: 'unsupported' }, `Could not render this ${block?.type ?? ''} block`),
      );
    }
    if (node) root.appendChild(node);
  });
  return root;
}

/** Slack assigns a block_id when the app gives none; the page uses the emulator's fallback (find-element.ts: emu-block-N). */
export function blockIdOf(block, index) {
  return block?.block_id ?? `emu-block-${index}`;
}

export function renderBlock(block, ctx, index = 0) {
  const block_id = blockIdOf(block, index);
  const scope = { block_id };
  const wrap = (className, ...children) =>
    h('div', { class: `block ${className}`, 'data-block-type': block.type, 'data-block-id': block_id }, ...children);
  switch (block?.type) {
    case 'header':
      return wrap('block-header', h('h3', { class: 'header-text' }, renderText(block.text, ctx)));
    case 'section':
      return wrap(
        `block-section${block.expand ? ' expand' : ''}`,
        h(
          'div',
          { class: 'section-main' },
          block.text ? h('div', { class: 'section-text' }, renderText(block.text, ctx)) : null,
          block.fields?.length
            ? h(
                'div',
                { class: 'section-fields' },
                block.fields.map((f) => h('div', { class: 'section-field' }, renderText(f, ctx))),
              )
            : null,
        ),
        block.accessory
          ? h('div', { class: `section-accessory accessory-${block.accessory.type}` }, renderElement(block.accessory, ctx, scope))
          : null,
      );
    case 'context':
      return wrap(
        'block-context',
        (block.elements ?? []).map((el) =>
          el.type === 'image'
            ? h('img', { class: 'context-image', src: el.image_url ?? '', alt: el.alt_text ?? '' })
            : h('span', { class: 'context-text' }, renderText(el, ctx)),
        ),
      );
    case 'divider':
      return wrap('block-divider', h('hr'));
    case 'actions':
      return wrap(
        'block-actions',
        (block.elements ?? []).map((el) => renderElement(el, ctx, scope)),
      );
    case 'context_actions':
      return wrap(
        'block-context-actions',
        (block.elements ?? []).map((el) => renderElement(el, ctx, scope)),
      );
    case 'image':
      return wrap(
        'block-image',
        block.title ? h('div', { class: 'image-title' }, renderText(block.title, ctx)) : null,
        h('img', {
          class: 'image-block-img',
          src: block.image_url ?? block.slack_file?.url ?? '',
          alt: block.alt_text ?? '',
          loading: 'lazy',
        }),
      );
    case 'markdown':
      return wrap('block-markdown', renderMarkdown(block.text, ctx));
    case 'rich_text':
      return wrap('block-rich-text', renderRichText(block, ctx));
    case 'table':
      return wrap('block-table', renderTable(block, ctx));
    case 'data_table':
      return wrap('block-data-table', renderDataTable(block, ctx));
    case 'data_visualization':
      return wrap('block-data-visualization', renderDataVisualization(block));
    case 'input':
      return renderInputBlock(block, ctx, block_id, wrap);
    case 'file':
      return wrap('block-file', h('div', { class: 'file-card' }, '📄 ', h('span', null, `File ${block.external_id ?? ''}`)));
    case 'video':
      return wrap(
        'block-video',
        h(
          'a',
          { class: 'video-card', href: block.title_url ?? block.video_url, target: '_blank', rel: 'noopener noreferrer' },
          block.thumbnail_url ? h('img', { src: block.thumbnail_url, alt: block.alt_text ?? '' }) : null,
          h('div', { class: 'video-title' }, '▶ ', plainOf(block.title)),
        ),
      );
    default:
      return wrap(
        'block-unsupported',
        h('span', { class: 'unsupported' }, `This block type (${block?.type}) is not shown in the playground`),
      );
  }
}

/**
 * The table block: first row is the header; column_settings give align and wrapping.
 * @see https://docs.slack.dev/reference/block-kit/blocks/table-block
 */
function renderTable(block, ctx) {
  const settings = block.column_settings ?? [];
  const rows = block.rows ?? [];
  const cell = (c, n, tag) => {
    const setting = settings[n] ?? {};
    const content =
      c?.type === 'rich_text'
        ? (c.elements ?? []).map((e) => h('span', null, renderInlineElements(e.elements, ctx)))
        : String(c?.text ?? '');
    return h(
      tag,
      { class: setting.is_wrapped ? 'wrap' : 'nowrap', style: setting.align ? { textAlign: setting.align } : undefined },
      content,
    );
  };
  const [header, ...body] = rows;
  return h(
    'div',
    { class: 'table-scroll' },
    h(
      'table',
      { class: 'bk-table' },
      header
        ? h(
            'thead',
            null,
            h(
              'tr',
              null,
              header.map((c, n) => cell(c, n, 'th')),
            ),
          )
        : null,
      h(
        'tbody',
        null,
        body.map((row) =>
          h(
            'tr',
            null,
            row.map((c, n) => cell(c, n, 'td')),
          ),
        ),
      ),
    ),
  );
}

function renderInputBlock(block, ctx, block_id, wrap) {
  const el = block.element ?? {};
  const id = `input-${block_id}-${el.action_id ?? 'x'}`.replace(/[^\w-]/g, '_');
  const scope = {
    block_id,
    input: true,
    dispatch: Boolean(block.dispatch_action),
    register: (read, write) => ctx.registerInput?.(block_id, el.action_id, el.type, read, write),
  };
  const control = renderElement(el, ctx, scope);
  const focusable = control.matches?.('input, textarea, select') ? control : control.querySelector?.('input, textarea, select');
  if (focusable) focusable.id = id;
  const error = ctx.errors?.[block_id];
  return wrap(
    `block-input${error ? ' has-error' : ''}`,
    h(
      'label',
      { class: 'input-label', for: focusable ? id : undefined },
      plainOf(block.label),
      block.optional ? h('span', { class: 'input-optional' }, ' (optional)') : null,
    ),
    control,
    error ? h('div', { class: 'input-error', role: 'alert' }, error) : null,
    block.hint ? h('div', { class: 'input-hint' }, plainOf(block.hint)) : null,
  );
}
