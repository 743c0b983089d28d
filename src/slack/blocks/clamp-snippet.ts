/**
 * Cutting a passage from the service to a length without cutting what it says: never inside a
 * number ("1,234.5", "12%"), a formula, a link, an emoji code or a Markdown table row, nor a
 * grapheme; not inside a word where another boundary is close (CJK text, having no spaces, may
 * break between characters). Prefers a sentence end, then a line break or a space.
 * Pure and property-tested; the result is a prefix of the input plus '…'.
 */
import { ELLIPSIS } from './clamp-text.js';
import { findMathSpans } from './markdown/math-spans.js';

/** Spans a cut may not enter: numbers, links, emoji codes, URLs (formulas come from findMathSpans). */
const ATOMS = /[-+]?\d(?:[\d,.]*\d)?%?|\[[^\]\n]*\]\([^)\s]*\)|:[a-z0-9_+-]{1,40}:|https?:\/\/\S+/gi;
/** When nothing else fits (one long URL), only numbers and formulas stay whole. */
const NUMBERS = /[-+]?\d(?:[\d,.]*\d)?%?/g;
const SENTENCE_END = /[。！？；.!?;…]/;
const CJK = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;
const WORD = /[\p{L}\p{N}]/u;
/** How far past the cut to look for the end of a number, link or formula. */
const LOOKAHEAD = 256;
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** For each position 0..length: may the text be cut there at all? */
function cuttable(text: string, atoms: RegExp): boolean[] {
  const ok = new Array<boolean>(text.length + 1).fill(false);
  for (const seg of segmenter.segment(text)) ok[seg.index] = true;
  ok[text.length] = true;
  const forbid = (start: number, end: number): void => {
    for (let p = start + 1; p < end; p++) ok[p] = false;
  };
  for (const m of text.matchAll(atoms)) forbid(m.index, m.index + m[0].length);
  for (const span of findMathSpans(text)) forbid(span.start, span.end);
  // Markdown table rows are cut only at their line ends.
  let lineStart = 0;
  for (const line of text.split('\n')) {
    if (/^\s*\|/.test(line)) forbid(lineStart, lineStart + line.length);
    lineStart += line.length + 1;
  }
  return ok;
}

type Rank = 0 | 1 | 2 | 3;

/** 3: after a sentence end; 2: at a line break or space; 1: between CJK characters or after punctuation; 0: mid-word. */
function rankOf(text: string, p: number): Rank {
  const before = text[p - 1] ?? '';
  const after = text[p] ?? '';
  if (SENTENCE_END.test(before) && (after === '' || /\s/.test(after) || CJK.test(before))) return 3;
  if (/\s/.test(after) || /\s/.test(before)) return 2;
  if (CJK.test(before) || CJK.test(after) || !WORD.test(before) || !WORD.test(after)) return 1;
  return 0;
}

/**
 * `text` cut to at most `max` UTF-16 units with '…' at a boundary: the latest sentence end in
 * the last 40% of the budget, else the latest space or line break in its last half, else the
 * latest place that splits no number, formula, link or row. Whitespace before the cut is dropped.
 */
export function clampSnippet(text: string, max: number): string {
  if (text.length <= max) return text;
  // Room for '\n\n…': after a table row the ellipsis goes below the table, so the rows still parse.
  if (max <= ELLIPSIS.length + 2) return '';
  const budget = max - ELLIPSIS.length - 2;
  // Only the text near the cut matters: an atom or formula running past the window counts as
  // running to its end (so the cut stays before it), and long summaries are not scanned whole.
  const window = text.slice(0, max + LOOKAHEAD);
  let ok = cuttable(window, ATOMS);
  if (!ok.slice(1, budget + 1).some(Boolean)) ok = cuttable(window, NUMBERS);
  const best: Array<number | undefined> = [undefined, undefined, undefined, undefined];
  for (let p = budget; p > 0; p--) {
    if (!ok[p]) continue;
    const rank = rankOf(text, p);
    for (let r = rank; r >= 0; r--) if (best[r] === undefined) best[r] = p;
    if (best[3] !== undefined) break;
  }
  const pick =
    (best[3] !== undefined && best[3] >= budget * 0.6 ? best[3] : undefined) ??
    (best[2] !== undefined && best[2] >= budget * 0.5 ? best[2] : undefined) ??
    (best[1] !== undefined && best[1] >= budget * 0.5 ? best[1] : undefined) ??
    (best[2] !== undefined && best[2] >= budget * 0.25 ? best[2] : undefined) ??
    best[0] ??
    0;
  const head = text.slice(0, pick).trimEnd();
  if (head === '') return ELLIPSIS;
  const lastLine = head.slice(head.lastIndexOf('\n') + 1);
  return /^\s*\|/.test(lastLine) ? `${head}\n\n${ELLIPSIS}` : `${head}${ELLIPSIS}`;
}
