/**
 * LaTeX formulas (the service's formula chunks and `$…$` in passages) as readable Unicode text,
 * since Slack renders no math. unicodeit maps symbols (`\times` → ×, `\alpha` → α, `x_1` → x₁)
 * but matches command prefixes (`\left` → "≤ft", `\ln` → "łn") and leaves `\frac`, `\text{…}`
 * and multi-letter subscripts (`PE_{TTM}` → "PE_T_T_M") raw, so the structure is walked here and
 * unicodeit only sees one whole command or one script character at a time.
 * @see https://github.com/svenkreiss/unicodeit
 */
import { replace as unicodeitReplace } from 'unicodeit';
// Its table, for exact lookups of one command (no `exports` map: the file is the package's API).
import { subsuperscripts as unicodeitScripts, replacements as unicodeitTable } from 'unicodeit/ts_dist/js/data.js';

/**
 * unicodeit's replace runs every one of its ~2,400 substitutions over its input, whatever its
 * length: about a millisecond a call, so a passage with thousands of `\commands` would take
 * seconds. A command is looked up in its table instead (exactly: replace matches prefixes);
 * replace itself only sees one script character or one accent, whose answers are kept
 * (bounded: untrusted text can hold any character).
 */
const COMMAND_SYMBOLS: ReadonlyMap<string, string> = new Map(
  unicodeitTable.flatMap(([latex, symbol]) => (latex && symbol && /^\\[A-Za-z]+$/.test(latex) ? [[latex.slice(1), symbol] as const] : [])),
);
/** `_x` → ₓ, `^2` → ²: every character with a Unicode sub- or superscript form. */
const SCRIPT_SYMBOLS: ReadonlyMap<string, string> = new Map(
  unicodeitScripts.flatMap(([latex, symbol]) => (latex && symbol ? [[latex, symbol] as const] : [])),
);
const UNICODEIT_MEMO_LIMIT = 4096;
const unicodeitMemo = new Map<string, string>();
function unicodeit(latex: string): string {
  let out = unicodeitMemo.get(latex);
  if (out === undefined) {
    if (unicodeitMemo.size >= UNICODEIT_MEMO_LIMIT) unicodeitMemo.clear();
    out = unicodeitReplace(latex);
    unicodeitMemo.set(latex, out);
  }
  return out;
}

/** Commands whose argument is shown as it is written (text inside a formula). */
const TEXT_COMMANDS = new Set([
  'text',
  'textrm',
  'textbf',
  'textit',
  'textsf',
  'texttt',
  'mathrm',
  'mathbf',
  'mathit',
  'mathsf',
  'mathtt',
  'mathcal',
  'mathbb',
  'operatorname',
  'mbox',
  'boldsymbol',
]);
const FRACTIONS = new Set(['frac', 'dfrac', 'tfrac', 'cfrac']);
/** Named operators, written upright as their names. */
const FUNCTION_NAMES = new Set(['ln', 'log', 'exp', 'max', 'min', 'sin', 'cos', 'tan', 'lim', 'sup', 'inf', 'det', 'arg', 'Pr']);
/** Sizing and layout commands with nothing to show. */
const DROPPED = new Set([
  'left',
  'right',
  'big',
  'Big',
  'bigg',
  'Bigg',
  'bigl',
  'bigr',
  'Bigl',
  'Bigr',
  'displaystyle',
  'limits',
  'nolimits',
]);
const SPACES: Record<string, string> = { ',': ' ', ';': ' ', ':': ' ', '!': '', ' ': ' ', quad: ' ', qquad: ' ' };
const ACCENTS = new Set(['hat', 'bar', 'tilde', 'vec', 'dot', 'ddot', 'overline', 'widehat', 'widetilde']);

interface Cursor {
  s: string;
  i: number;
}

/** `{…}` (balanced) at the cursor, or one character or one `\command`; advances past it. */
function readArgument(c: Cursor): string {
  while (c.s[c.i] === ' ') c.i++;
  const ch = c.s[c.i];
  if (ch === undefined) return '';
  if (ch === '{') {
    let depth = 0;
    const start = c.i + 1;
    for (; c.i < c.s.length; c.i++) {
      const at = c.s[c.i];
      if (at === '\\') {
        c.i++;
        continue;
      }
      if (at === '{') depth++;
      else if (at === '}' && --depth === 0) break;
    }
    const inner = c.s.slice(start, Math.min(c.i, c.s.length));
    c.i++;
    return inner;
  }
  if (ch === '\\') {
    const name = /^\\([A-Za-z]+|.)/.exec(c.s.slice(c.i))?.[0] ?? '\\';
    c.i += name.length;
    return name;
  }
  const cp = String.fromCodePoint(c.s.codePointAt(c.i) ?? 0);
  c.i += cp.length;
  return cp;
}

/** An optional `[…]` argument at the cursor. */
function readOptional(c: Cursor): string | undefined {
  if (c.s[c.i] !== '[') return undefined;
  const end = c.s.indexOf(']', c.i);
  if (end === -1) return undefined;
  const inner = c.s.slice(c.i + 1, end);
  c.i = end + 1;
  return inner;
}

/** A part that reads as one unit without parentheses: a number, a name, a symbol. */
function isAtom(text: string): boolean {
  return text === '' || /^[\p{L}\p{M}\p{N}.,%′]+$/u.test(text) || [...text].length === 1;
}

const wrap = (text: string): string => (isAtom(text) ? text : `(${text})`);

/** x₁ / x² when every character has a Unicode sub/superscript form, else x_(…) / x^(…). */
function script(mark: '_' | '^', text: string): string {
  const chars = [...text];
  const mapped = chars.map((ch) => {
    if (ch === ' ') return undefined;
    return SCRIPT_SYMBOLS.get(`${mark}${ch === '−' ? '-' : ch}`);
  });
  if (chars.length > 0 && mapped.every((m) => m !== undefined)) return mapped.join('');
  return chars.length === 0 ? '' : `${mark}${wrap(text)}`;
}

/** One `\command` with whatever arguments it takes, as Unicode. */
function command(name: string, c: Cursor): string {
  if (TEXT_COMMANDS.has(name)) return readArgument(c).replace(/\\([{}%$&#_ ])/g, '$1');
  if (FRACTIONS.has(name)) {
    const num = convert(readArgument(c));
    const den = convert(readArgument(c));
    return `${wrap(num)}/${wrap(den)}`;
  }
  if (name === 'sqrt') {
    const degree = readOptional(c);
    const radicand = wrap(convert(readArgument(c)));
    const root = degree === undefined ? '√' : degree === '3' ? '∛' : degree === '4' ? '∜' : `${script('^', convert(degree))}√`;
    return `${root}${radicand}`;
  }
  if (ACCENTS.has(name)) {
    const arg = convert(readArgument(c));
    const accented = [...arg].length === 1 ? unicodeit(`\\${name}{${arg}}`) : arg;
    return /[\\{}]/.test(accented) ? arg : accented;
  }
  if (name === 'begin' || name === 'end') {
    readArgument(c);
    return ' ';
  }
  if (DROPPED.has(name)) {
    if (c.s[c.i] === '.') c.i++; // \left. is an invisible delimiter
    return '';
  }
  if (Object.hasOwn(SPACES, name)) return SPACES[name] ?? ' ';
  if (FUNCTION_NAMES.has(name)) return `${name} `;
  if (name === '\\') return '; ';
  if (name.length === 1) return name; // \% \$ \{ \} \& \_ \#
  return COMMAND_SYMBOLS.get(name) ?? name;
}

function convert(latex: string): string {
  const c: Cursor = { s: latex, i: 0 };
  let out = '';
  while (c.i < c.s.length) {
    const ch = c.s[c.i] ?? '';
    if (ch === '\\') {
      const name = /^\\([A-Za-z]+|.)/.exec(c.s.slice(c.i))?.[1] ?? '';
      c.i += 1 + name.length;
      out += command(name, c);
    } else if (ch === '_' || ch === '^') {
      c.i++;
      const arg = readArgument(c);
      out += script(ch, convert(arg));
    } else if (ch === '{' || ch === '}') {
      c.i++;
    } else if (ch === '&') {
      out += ' ';
      c.i++;
    } else if (ch === '~') {
      out += ' ';
      c.i++;
    } else if (ch === '-') {
      out += '−';
      c.i++;
    } else if (ch === "'") {
      out += '′';
      c.i++;
    } else {
      const cp = String.fromCodePoint(c.s.codePointAt(c.i) ?? 0);
      out += cp;
      c.i += cp.length;
    }
  }
  return out;
}

/**
 * A LaTeX formula as one line of Unicode: `\frac{a+b}{c}` → "(a+b)/c", `\text{Net debt}` →
 * "Net debt", `PE_{TTM}` → "PE_TTM", `x_{t-1}^2` → "xₜ₋₁²", `\times` → "×". Unknown commands
 * lose their backslash; nothing throws.
 */
export function latexToUnicode(latex: string): string {
  return convert(latex).replace(/\s+/g, ' ').replace(/\(\s+/g, '(').replace(/\s+\)/g, ')').trim();
}
