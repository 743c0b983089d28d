// Standard Markdown (the `markdown` block and streamed markdown_text) → DOM nodes.
// Covers what agents write: headings, paragraphs, lists (nested), quotes, fenced code, GFM tables,
// rules, **bold**, *italic*, ***both***, ~~strike~~, `code`, [links](url), autolinks, :emoji:.
// Raw HTML is never interpreted; it shows as text.

import { h, externalLink } from './dom.js';
import { decodeEntities, renderEmoji } from './mrkdwn.js';

const FENCE = /^\s{0,3}(```|~~~)\s*([\w+-]*)\s*$/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
const LIST_ITEM = /^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$/;
const TABLE_SEP = /^\s*\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?\s*$/;

export function renderMarkdown(source, ctx = {}) {
  const root = h('div', { class: 'markdown' });
  renderBlocks(
    root,
    String(source ?? '')
      .replace(/\r\n?/g, '\n')
      .split('\n'),
    ctx,
  );
  return root;
}

function renderBlocks(root, lines, ctx) {
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (/^\s*$/.test(line)) {
      i += 1;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const body = [];
      i += 1;
      while (i < lines.length && !new RegExp(`^\\s{0,3}${fence[1]}\\s*$`).test(lines[i])) body.push(lines[i++]);
      i += 1;
      root.appendChild(h('pre', { class: 'md-pre', 'data-lang': fence[2] || undefined }, h('code', null, body.join('\n'))));
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      root.appendChild(h(`h${Math.min(6, heading[1].length + 2)}`, { class: 'md-heading' }, renderMarkdownInline(heading[2], ctx)));
      i += 1;
      continue;
    }
    if (RULE.test(line)) {
      root.appendChild(h('hr', { class: 'md-rule' }));
      i += 1;
      continue;
    }
    if (QUOTE.test(line)) {
      const body = [];
      while (i < lines.length && QUOTE.test(lines[i])) body.push(QUOTE.exec(lines[i++])[1]);
      const quote = h('blockquote', { class: 'md-quote' });
      renderBlocks(quote, body, ctx);
      root.appendChild(quote);
      continue;
    }
    if (line.includes('|') && i + 1 < lines.length && TABLE_SEP.test(lines[i + 1]) && lines[i + 1].includes('-')) {
      const separator = lines[i + 1];
      const body = [];
      i += 2;
      while (i < lines.length && lines[i].includes('|') && !/^\s*$/.test(lines[i])) body.push(lines[i++]);
      root.appendChild(renderTable(line, separator, body, ctx));
      continue;
    }
    if (LIST_ITEM.test(line)) {
      const end = listEnd(lines, i);
      root.appendChild(renderList(lines.slice(i, end), ctx));
      i = end;
      continue;
    }
    const para = [];
    while (i < lines.length && !/^\s*$/.test(lines[i]) && !startsBlock(lines, i)) para.push(lines[i++].trim());
    const p = h('p', { class: 'md-p' });
    para.forEach((text, n) => {
      if (n > 0) p.appendChild(h('br'));
      p.append(...renderMarkdownInline(text, ctx));
    });
    root.appendChild(p);
  }
}

function startsBlock(lines, i) {
  const line = lines[i];
  return (
    FENCE.test(line) ||
    HEADING.test(line) ||
    RULE.test(line) ||
    QUOTE.test(line) ||
    LIST_ITEM.test(line) ||
    (line.includes('|') && i + 1 < lines.length && TABLE_SEP.test(lines[i + 1]) && lines[i + 1].includes('-'))
  );
}

/** A list runs until a blank line without indented continuation, a non-list line, or a top-level item of the other kind. */
function listEnd(lines, start) {
  const first = LIST_ITEM.exec(lines[start]);
  const baseIndent = first[1].length;
  const ordered = /\d/.test(first[2]);
  let i = start + 1;
  while (i < lines.length) {
    const line = lines[i];
    if (/^\s*$/.test(line)) {
      if (i + 1 < lines.length && /^\s+\S/.test(lines[i + 1])) {
        i += 1;
        continue;
      }
      break;
    }
    const item = LIST_ITEM.exec(line);
    if (item && item[1].length <= baseIndent + 1 && /\d/.test(item[2]) !== ordered) break;
    if (item || /^\s+\S/.test(line)) {
      i += 1;
      continue;
    }
    break;
  }
  return i;
}

/** Nested lists from indentation: items deeper than the first item's indent belong to the previous item. */
function renderList(lines, ctx) {
  const first = LIST_ITEM.exec(lines[0]);
  const baseIndent = first[1].length;
  const ordered = /\d/.test(first[2]);
  const list = ordered
    ? h('ol', { class: 'md-list', start: parseInt(first[2], 10) === 1 ? undefined : parseInt(first[2], 10) })
    : h('ul', { class: 'md-list' });
  let item = null;
  let nested = [];
  const flush = () => {
    if (item && nested.length > 0) {
      const sub = h('div');
      renderBlocks(
        sub,
        nested.map((l) => l.slice(Math.min(baseIndent + 2, l.length - l.trimStart().length))),
        ctx,
      );
      item.append(...sub.childNodes);
    }
    nested = [];
  };
  for (const line of lines) {
    const m = LIST_ITEM.exec(line);
    if (m && m[1].length <= baseIndent + 1) {
      flush();
      item = h('li', null, renderMarkdownInline(m[3], ctx));
      list.appendChild(item);
    } else if (!/^\s*$/.test(line)) {
      nested.push(line);
    }
  }
  flush();
  return list;
}

function splitRow(row) {
  const trimmed = row.trim().replace(/^\|/, '').replace(/\|$/, '');
  return trimmed.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

function renderTable(headerLine, separatorLine, bodyLines, ctx) {
  const aligns = splitRow(separatorLine).map((cell) => {
    const left = cell.startsWith(':');
    const right = cell.endsWith(':');
    return left && right ? 'center' : right ? 'right' : left ? 'left' : undefined;
  });
  const headerCells = splitRow(headerLine);
  const cellStyle = (n) => (aligns[n] ? { textAlign: aligns[n] } : undefined);
  const thead = h(
    'thead',
    null,
    h(
      'tr',
      null,
      headerCells.map((c, n) => h('th', { style: cellStyle(n) }, renderMarkdownInline(c, ctx))),
    ),
  );
  const tbody = h(
    'tbody',
    null,
    bodyLines.map(splitRow).map((cells) =>
      h(
        'tr',
        null,
        headerCells.map((_, n) => h('td', { style: cellStyle(n) }, renderMarkdownInline(cells[n] ?? '', ctx))),
      ),
    ),
  );
  return h('div', { class: 'md-table-wrap' }, h('table', { class: 'md-table' }, thead, tbody));
}

const INLINE = [
  { kind: 'escape', re: /\\([\\`*_{}[\]()#+\-.!~|>])/ },
  { kind: 'code', re: /(`+)(?!`)([\s\S]*?[^`])\1(?!`)/ },
  { kind: 'link', re: /!?\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/ },
  { kind: 'autolink', re: /<((?:https?:\/\/|mailto:)[^>\s]+)>/ },
  { kind: 'url', re: /(?<![\w/])https?:\/\/[^\s<>()]*[^\s<>().,;:!?'"*_~]/ },
  { kind: 'strong-em', tag: ['strong', 'em'], re: /\*\*\*(?!\s)([\s\S]+?)(?<!\s)\*\*\*/ },
  { kind: 'strong', tag: ['strong'], re: /\*\*(?!\s)([\s\S]+?)(?<!\s)\*\*/ },
  { kind: 'strong', tag: ['strong'], re: /(?<![\p{L}\p{N}_])__(?!\s)([\s\S]+?)(?<!\s)__(?![\p{L}\p{N}_])/u },
  { kind: 'em', tag: ['em'], re: /(?<!\*)\*(?![\s*])([\s\S]+?)(?<![\s*])\*(?!\*)/ },
  { kind: 'em', tag: ['em'], re: /(?<![\p{L}\p{N}_])_(?![\s_])([\s\S]+?)(?<![\s_])_(?![\p{L}\p{N}_])/u },
  { kind: 'del', tag: ['del'], re: /~~(?!\s)([\s\S]+?)(?<!\s)~~/ },
  { kind: 'emoji', re: /:([a-z0-9_+'-]+):/i },
];

/** Masks code spans, links and escapes so emphasis markers inside them are ignored. */
function maskMarkdown(source) {
  let masked = source;
  for (const re of [
    /\\[\\`*_{}[\]()#+\-.!~|>]/g,
    /(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g,
    /!?\[[^\]]*\]\([^)]*\)/g,
    /<(?:https?:\/\/|mailto:)[^>\s]+>/g,
    /https?:\/\/[^\s<>()]+/g,
  ]) {
    masked = masked.replace(re, (m) => '\u0000'.repeat(m.length));
  }
  return masked;
}

export function renderMarkdownInline(source, ctx = {}) {
  const nodes = [];
  let rest = String(source ?? '');
  while (rest.length > 0) {
    const masked = maskMarkdown(rest);
    let best = null;
    for (const rule of INLINE) {
      const isEmphasis = Boolean(rule.tag);
      const m = rule.re.exec(isEmphasis || rule.kind === 'emoji' ? masked : rest);
      if (m && (!best || m.index < best.m.index)) best = { rule, m };
    }
    if (!best) {
      nodes.push(decodeEntities(rest));
      break;
    }
    const { rule, m } = best;
    if (m.index > 0) nodes.push(decodeEntities(rest.slice(0, m.index)));
    const whole = rest.substr(m.index, m[0].length);
    switch (rule.kind) {
      case 'escape':
        nodes.push(m[1]);
        break;
      case 'code':
        nodes.push(h('code', { class: 'md-code' }, m[2].replace(/^ (.*) $/, '$1')));
        break;
      case 'link':
        nodes.push(externalLink(decodeEntities(m[2]), renderMarkdownInline(m[1] || m[2], ctx)));
        break;
      case 'autolink':
        nodes.push(externalLink(m[1], m[1]));
        break;
      case 'url':
        nodes.push(externalLink(m[0], m[0]));
        break;
      case 'emoji':
        nodes.push(renderEmoji(m[1]) ?? decodeEntities(whole));
        break;
      default: {
        const markerLength = (m[0].length - m[1].length) / 2;
        const inner = renderMarkdownInline(whole.slice(markerLength, whole.length - markerLength), ctx);
        nodes.push(rule.tag.reduceRight((child, tag) => h(tag, null, child), inner));
      }
    }
    rest = rest.slice(m.index + m[0].length);
  }
  return nodes;
}
