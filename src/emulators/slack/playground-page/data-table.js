// The data_table block as Slack's client shows it: a caption, a header whose columns sort on
// click (numbers by value, text alphabetically; again to reverse), and pages of page_size rows
// (Slack's default 5) with Previous / Next.
// @see https://docs.slack.dev/reference/block-kit/blocks/data-table-block

import { h } from './dom.js';
import { renderInlineElements } from './rich-text.js';

const DEFAULT_PAGE_SIZE = 5;

function cellText(c) {
  if (c?.type === 'rich_text') {
    return (c.elements ?? []).flatMap((e) => (e.elements ?? []).map((x) => x.text ?? x.url ?? '')).join('');
  }
  return String(c?.text ?? '');
}

function compareCells(a, b) {
  if (a?.type === 'raw_number' && b?.type === 'raw_number') return Number(a.value) - Number(b.value);
  // Numbers before text, as a spreadsheet sorts.
  if (a?.type === 'raw_number') return -1;
  if (b?.type === 'raw_number') return 1;
  return cellText(a).localeCompare(cellText(b), undefined, { numeric: true });
}

export function renderDataTable(block, ctx) {
  const [header = [], ...body] = block.rows ?? [];
  const pageSize = Math.max(1, Math.min(100, Number(block.page_size) || DEFAULT_PAGE_SIZE));
  const state = { sortColumn: -1, descending: false, page: 0 };
  const root = h('div', { class: 'data-table', 'data-caption': block.caption ?? '' });

  const renderCell = (c, n) => {
    const content =
      c?.type === 'rich_text' ? (c.elements ?? []).map((e) => h('span', null, renderInlineElements(e.elements, ctx))) : cellText(c);
    return h('td', { class: c?.type === 'raw_number' ? 'number' : undefined, 'data-column': n }, content);
  };

  const turnPage = (by) => {
    state.page += by;
    draw();
  };
  const draw = () => {
    const order = body.map((row, i) => ({ row, i }));
    if (state.sortColumn >= 0) {
      order.sort((x, y) => compareCells(x.row[state.sortColumn], y.row[state.sortColumn]) * (state.descending ? -1 : 1) || x.i - y.i);
    }
    const pages = Math.max(1, Math.ceil(order.length / pageSize));
    state.page = Math.min(state.page, pages - 1);
    const shown = order.slice(state.page * pageSize, (state.page + 1) * pageSize);
    const sortMark = (n) => (state.sortColumn === n ? (state.descending ? ' ▼' : ' ▲') : '');
    root.replaceChildren(
      h(
        'div',
        { class: 'table-scroll' },
        h(
          'table',
          { class: 'bk-table bk-data-table' },
          h('caption', null, block.caption ?? ''),
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              header.map((c, n) =>
                h(
                  'th',
                  {
                    'aria-sort': state.sortColumn === n ? (state.descending ? 'descending' : 'ascending') : 'none',
                  },
                  h(
                    'button',
                    {
                      type: 'button',
                      class: 'data-table-sort',
                      onclick: () => {
                        state.descending = state.sortColumn === n ? !state.descending : false;
                        state.sortColumn = n;
                        state.page = 0;
                        draw();
                      },
                    },
                    `${cellText(c)}${sortMark(n)}`,
                  ),
                ),
              ),
            ),
          ),
          h(
            'tbody',
            null,
            shown.map(({ row }) => h('tr', null, row.map(renderCell))),
          ),
        ),
      ),
      // Spread, not `: null`: replaceChildren writes a null argument as the text "null".
      ...(pages > 1
        ? [
            h(
              'div',
              { class: 'data-table-pager' },
              h(
                'button',
                { type: 'button', class: 'data-table-prev', disabled: state.page === 0, onclick: () => turnPage(-1) },
                'Previous',
              ),
              h('span', { class: 'data-table-page' }, `Page ${state.page + 1} of ${pages} · ${body.length} rows`),
              h(
                'button',
                { type: 'button', class: 'data-table-next', disabled: state.page >= pages - 1, onclick: () => turnPage(1) },
                'Next',
              ),
            ),
          ]
        : []),
    );
  };
  draw();
  return root;
}
