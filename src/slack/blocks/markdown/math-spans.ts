/**
 * Where LaTeX sits in service text: `$$…$$`, `\[…\]`, `\(…\)` and inline `$…$`. A single `$`
 * pair counts only when its content looks like LaTeX (a backslash, `^`, `_` or braces), so
 * prices ("$5 to $7") stay text. An opening `$$` or `\[` that never closes (the service cut the
 * passage) runs to the end of its paragraph, never over the tables and text after it; `\(…\)`
 * is inline and closes on its line, or is not math.
 */
export interface MathSpan {
  start: number;
  end: number;
  latex: string;
}

const DELIMITED =
  /\$\$([\s\S]*?)(?:\$\$|(?=\n[ \t]*\n)|$)|\\\[([\s\S]*?)(?:\\\]|(?=\n[ \t]*\n)|$)|\\\(([^\n]*?)\\\)|\$(?![\s$])([^$\n]{1,300}?)(?<!\s)\$(?!\d)/g;
const LOOKS_LIKE_LATEX = /[\\^_{}]/;

export function findMathSpans(text: string): MathSpan[] {
  const spans: MathSpan[] = [];
  for (const m of text.matchAll(DELIMITED)) {
    const inline = m[4];
    if (inline !== undefined && !LOOKS_LIKE_LATEX.test(inline)) continue;
    const latex = m[1] ?? m[2] ?? m[3] ?? inline ?? '';
    spans.push({ start: m.index, end: m.index + m[0].length, latex });
  }
  return spans;
}
