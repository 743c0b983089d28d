import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replace } from 'unicodeit';
import { replacements, subsuperscripts } from 'unicodeit/ts_dist/js/data.js';
import { latexToUnicode } from '../../../../src/slack/blocks/markdown/latex-to-unicode.js';
import { formulasToUnicode } from '../../../../src/slack/blocks/markdown/formulas-to-unicode.js';

/** Commands latexToUnicode writes its own way (arguments, layout, names), not as unicodeit's symbol. */
const FORMS_OF_OUR_OWN = new Set(
  [
    'text textrm textbf textit textsf texttt mathrm mathbf mathit mathsf mathtt mathcal mathbb operatorname mbox boldsymbol',
    'frac dfrac tfrac cfrac sqrt begin end quad qquad',
    'left right big Big bigg Bigg bigl bigr Bigl Bigr displaystyle limits nolimits',
    'hat bar tilde vec dot ddot overline widehat widetilde',
    'ln log exp max min sin cos tan lim sup inf det arg Pr',
  ]
    .join(' ')
    .split(' '),
);

describe('latexToUnicode', () => {
  it('reads the service’s formulas (the emulator’s demo data) as Unicode', () => {
    expect(latexToUnicode('\\text{毛利率} = \\frac{\\text{营业收入} - \\text{营业成本}}{\\text{营业收入}} \\times 100\\%')).toBe(
      '毛利率 = (营业收入 − 营业成本)/营业收入 × 100%',
    );
    expect(latexToUnicode('PE_{TTM} = \\frac{\\text{总市值}}{\\text{近四个季度归母净利润}}')).toBe('PE_TTM = 总市值/近四个季度归母净利润');
    expect(latexToUnicode('EV/EBITDA = \\frac{\\text{Market cap} + \\text{Net debt}}{\\text{EBITDA}}')).toBe(
      'EV/EBITDA = (Market cap + Net debt)/EBITDA',
    );
    expect(latexToUnicode('FCF = CFO - \\text{CapEx}')).toBe('FCF = CFO − CapEx');
  });

  it('handles what unicodeit leaves raw or mangles: \\frac, \\text, multi-letter scripts, \\left, \\ln', () => {
    expect(latexToUnicode('\\frac{a}{b}')).toBe('a/b');
    expect(latexToUnicode('\\frac{a+b}{c d}')).toBe('(a+b)/(c d)');
    expect(latexToUnicode('\\text{x}')).toBe('x');
    expect(latexToUnicode('x_{t-1}^2')).toBe('xₜ₋₁²');
    expect(latexToUnicode('a_{bc}')).toBe('a_bc');
    expect(latexToUnicode('\\left( \\frac{1}{2} \\right) \\ln x \\leq \\alpha')).toBe('(1/2) ln x ≤ α');
    expect(latexToUnicode('\\sqrt{x} \\cdot \\sum_{i=1}^{n} x_i')).toBe('√x ⋅ ∑ᵢ₌₁ⁿ xᵢ');
    expect(latexToUnicode('y = \\beta_0 + \\beta_1 x')).toBe('y = β₀ + β₁ x');
    expect(latexToUnicode('\\unknowncmd{v}')).toBe('unknowncmdv');
  });

  it('never throws and leaves no command or brace of well-formed input', () => {
    const atom = fc.constantFrom('a', 'x', '1', '\\alpha', '\\text{Net debt}', '\\times', '+', '-', '营业收入');
    const expr: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
      e: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        atom,
        fc.tuple(tie('e'), tie('e')).map(([a, b]) => `\\frac{${a}}{${b}}`),
        fc.tuple(tie('e'), atom).map(([a, b]) => `${a}_{${b}}`),
        fc.tuple(tie('e'), atom).map(([a, b]) => `${a}^{${b}}`),
        fc.tuple(tie('e'), tie('e')).map(([a, b]) => `${a} = ${b}`),
        tie('e').map((a) => `\\left( ${a} \\right)`),
        tie('e').map((a) => `\\sqrt{${a}}`),
      ),
    })).e;
    fc.assert(
      fc.property(expr, (latex) => {
        const out = latexToUnicode(latex);
        expect(out).not.toMatch(/\\|[{}]/);
        expect(out).not.toMatch(/frac|left|right|sqrt/);
      }),
    );
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (s) => void latexToUnicode(s)));
  });

  it('replaces $$…$$, \\(…\\) and LaTeX-looking $…$ in text, leaving prices alone', () => {
    expect(formulasToUnicode('毛利率计算公式: $$\\frac{a}{b}$$')).toBe('毛利率计算公式: a/b');
    expect(formulasToUnicode('where \\(x_1\\) is')).toBe('where x₁ is');
    expect(formulasToUnicode('P/E is $PE_{TTM}$; shares cost $5 to $7')).toBe('P/E is PE\\_TTM; shares cost $5 to $7');
  });

  it('a formula that never closes ends with its paragraph (display) or is not one (inline): what follows stays', () => {
    const table = '| c0 |\n|---|\n| row0 |';
    // A stray \( in a heading once swallowed the table after it as "formula".
    expect(formulasToUnicode(`# H\\( \n\n${table}`)).toContain(table);
    expect(formulasToUnicode(`cut short: $$\\frac{a}{b}\n\n${table}`)).toBe(`cut short: a/b\n\n${table}`);
    expect(formulasToUnicode('cut at the end: \\[x_1')).toBe('cut at the end: x₁');
  });

  it('looks commands and script characters up in unicodeit’s tables with the answers its replace gives', () => {
    // The tables are read directly (replace costs a millisecond a call); this keeps the two equal.
    for (const [latex] of subsuperscripts) {
      if (!latex) continue;
      const [mark, ch] = [latex[0], latex.slice(1)];
      expect(latexToUnicode(`x${mark}{${ch}}`), latex).toBe(`x${replace(latex)}`);
    }
    // Every 7th command of the table (replace takes a millisecond each); one-letter ones are
    // escapes here (`\\S` stays S, like `\\%` stays %).
    const commands = replacements.filter(([latex]) => latex && /^\\[A-Za-z]{2,}$/.test(latex)).filter((_, i) => i % 7 === 0);
    let compared = 0;
    for (const [latex] of commands) {
      if (!latex) continue;
      const whole = replace(latex);
      if (/[A-Za-z\\]/.test(whole) || FORMS_OF_OUR_OWN.has(latex.slice(1))) continue;
      expect(latexToUnicode(latex), latex).toBe(whole.trim());
      compared++;
    }
    expect(compared).toBeGreaterThan(200);
  });
});
