import type { Token } from 'marked';

/**
 * Inline Markdown as the plain text a reader sees (emphasis markers, code ticks, link targets and
 * escapes dropped), with the index in the original Markdown of every character kept: figures are
 * read from the plain text and located in the Markdown.
 */
export interface PlainText {
  text: string;
  /** `offsets[i]`: index in the Markdown of `text[i]`. */
  offsets: number[];
}

/**
 * Plain text of marked's inline tokens, located in `markdown` from `from` on. marked hands back
 * some raws unlike the source (list continuation lines lose their indent, a table cell's `\|`
 * becomes `|`), so each raw is aligned with the source rather than searched for verbatim.
 */
export function inlinePlainText(
  tokens: readonly Token[],
  markdown: string,
  from: number,
  /** Tokens to leave out of the text (they still move the cursor past their raw). */
  skip: (token: Token) => boolean = () => false,
): PlainText {
  const out: PlainText = { text: '', offsets: [] };
  let cursor = from;
  const push = (text: string, offsets: readonly number[]) => {
    // Line breaks read as spaces: a sentence may wrap in the Markdown.
    out.text += text.replace(/[\r\n]/g, ' ');
    out.offsets.push(...offsets);
  };
  const walk = (list: readonly Token[]) => {
    for (const token of list) {
      const withChildren = token as { tokens?: Token[] };
      if (token.type === 'image' || token.type === 'html' || token.type === 'br' || skip(token)) {
        const at = alignRaw(token.raw, markdown, cursor);
        if (token.type === 'br') push(' ', [at?.[0] ?? cursor]);
        if (at) cursor = endOf(at, cursor);
        continue;
      }
      if (withChildren.tokens && withChildren.tokens.length > 0) {
        walk(withChildren.tokens);
        continue;
      }
      const at = alignRaw(token.raw, markdown, cursor);
      if (!at) continue;
      const text = leafText(token);
      // The shown text sits inside its raw (`US:AMD` in `` `US:AMD` ``, `_` in `\_`).
      const inner = token.type === 'text' ? 0 : Math.max(0, token.raw.indexOf(text));
      const last = endOf(at, cursor) - 1;
      push(
        text,
        Array.from({ length: text.length }, (_c, i) => at[inner + i] ?? last),
      );
      cursor = last + 1;
    }
  };
  walk(tokens);
  return out;
}

/** The index after the last character placed. */
export function endOf(offsets: readonly number[], fallback: number): number {
  const last = offsets[offsets.length - 1];
  return last === undefined ? fallback : last + 1;
}

function leafText(token: Token): string {
  if (token.type === 'text') return token.raw;
  const text = (token as { text?: unknown }).text;
  return typeof text === 'string' ? decodeEntities(text) : '';
}

/** marked entity-encodes some token texts (codespans); the plain text is what a reader sees. */
function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? m);
}

/** Characters marked drops from a raw: indentation of continuation lines, the `\` of an escaped pipe. */
const SKIPPABLE = new Set([' ', '\t', '\\', '>']);

/**
 * The index in `source` of each character of `raw`, found at or after `from`: the first place
 * where raw's characters follow in order with only skippable characters between them. Undefined
 * when raw cannot be placed.
 */
export function alignRaw(raw: string, source: string, from: number): number[] | undefined {
  if (raw.length === 0) return undefined;
  const exact = source.indexOf(raw, from);
  if (exact >= 0) return Array.from({ length: raw.length }, (_c, i) => exact + i);
  const first = raw.charAt(0);
  let start = source.indexOf(first, from);
  while (start >= 0) {
    const offsets = alignFrom(raw, source, start);
    if (offsets) return offsets;
    start = source.indexOf(first, start + 1);
  }
  return undefined;
}

function alignFrom(raw: string, source: string, start: number): number[] | undefined {
  const offsets: number[] = [];
  let p = start;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charAt(i);
    while (p < source.length && source.charAt(p) !== c && SKIPPABLE.has(source.charAt(p))) p++;
    if (source.charAt(p) !== c) return undefined;
    offsets.push(p);
    p++;
  }
  return offsets;
}
