/**
 * The "Figures checked" section under an agent answer: its words in both languages (snapshots),
 * its place in the answer's tail, and (property tests) that whatever a report, the service or the
 * run's sources hold, it stays within Slack's limits and can never mention, broadcast or link.
 */
import type { KnownBlock } from '@slack/types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckedFigures } from '../../../../src/agent/state/checked-figures.js';
import { reduceRecordedEvents } from '../../../../src/agent/state/reduce-run.js';
import { initialRunView, type RunView } from '../../../../src/agent/state/run-view.js';
import type { ExtractedFigure, FigureCheck, FigureVerdict, StatementFigure } from '../../../../src/figures/figure-types.js';
import type { AgentRenderContext } from '../../../../src/slack/agent/cards/agent-render-context.js';
import { renderFinalAnswer } from '../../../../src/slack/agent/cards/render-final-answer.js';
import { MAX_DIFFERS_SHOWN, runFigureCheckBlocks } from '../../../../src/slack/agent/cards/run-figure-check.js';
import { buildRunEvents } from '../../../fixtures/build-run-events.js';
import { findMessageViolations } from '../../blocks/limit-violations.js';

type Differs = Extract<FigureVerdict, { status: 'differs' }>;

const NVIDIA = { symbol: 'US:NVDA', names: ['NVIDIA', '英伟达'] };
const MOUTAI = { symbol: 'SH:600519', names: ['Kweichow Moutai', '贵州茅台'] };

function figure(over: Partial<ExtractedFigure> = {}): ExtractedFigure {
  return {
    symbol: 'US:NVDA',
    metric: 'revenue',
    measure: 'level',
    period: { fiscalYear: 2026, kind: 'Q1', endDate: '2025-04-30' },
    value: { value: 49_340_000_000, unit: 'amount', currency: 'USD', rounding: 5_000_000 },
    written: 'USD 49.34bn',
    source: 'text',
    offset: 120,
    ...over,
  };
}

function statement(over: Partial<StatementFigure> = {}): StatementFigure {
  return {
    value: 44_062_000_000,
    unit: 'amount',
    currency: 'USD',
    statement: 'income',
    line: 'revenue',
    period: { fiscalYear: 2026, kind: 'Q1', endDate: '2025-04-30' },
    sourceUrl: 'https://research.example.com/docs/doc_10q_q1_fy2026',
    ...over,
  };
}

const differs = (f: Partial<ExtractedFigure> = {}, s: Partial<StatementFigure> = {}): Differs => ({
  status: 'differs',
  figure: figure(f),
  statement: statement(s),
});

function checked(check: FigureCheck, companies = [NVIDIA]): CheckedFigures {
  return { check, companies };
}

/** Every mrkdwn / plain text of the blocks, as Slack would read it. */
function texts(blocks: readonly KnownBlock[]): string[] {
  return blocks.flatMap((b) => {
    if (b.type === 'section') return b.text ? [b.text.text] : [];
    if (b.type === 'context') return b.elements.flatMap((e) => ('text' in e && typeof e.text === 'string' ? [e.text] : []));
    return [];
  });
}

const warnings = (blocks: readonly KnownBlock[]): number => texts(blocks).join('\n').split(':warning:').length - 1;

describe('runFigureCheckBlocks', () => {
  it('shows nothing when the report quoted no figure', () => {
    expect(runFigureCheckBlocks(undefined, 'en')).toEqual([]);
    expect(runFigureCheckBlocks({ companies: [NVIDIA] }, 'en')).toEqual([]);
    expect(runFigureCheckBlocks(checked({ checked: 0, matched: 0, differs: [], unchecked: 0 }), 'zh')).toEqual([]);
  });

  it('all match: one line saying so, in English and in Chinese', () => {
    const all = checked({ checked: 12, matched: 12, differs: [], unchecked: 0 });
    const en = runFigureCheckBlocks(all, 'en');
    const zh = runFigureCheckBlocks(all, 'zh');
    expect(texts(en).join('\n')).toContain("✓ All 12 figures checked match the company's statements");
    expect(texts(zh).join('\n')).toContain('数据核对');
    expect(warnings(en)).toBe(0);
    expect({ en, zh }).toMatchSnapshot();
  });

  it('names the companies in the plural when the report covers several', () => {
    const blocks = runFigureCheckBlocks(checked({ checked: 1, matched: 1, differs: [], unchecked: 0 }, [NVIDIA, MOUTAI]), 'en');
    expect(texts(blocks).join('\n')).toContain("✓ The one figure checked matches the companies' statements");
  });

  it('one line per differing figure: the report as written, the statement formatted, its line and period, linked', () => {
    const check = checked(
      {
        checked: 12,
        matched: 10,
        differs: [
          differs(),
          differs(
            { symbol: 'SH:600519', metric: 'gross_margin', written: '93.2%', period: { fiscalYear: 2024, kind: 'FY' } },
            {
              value: 91.5312,
              unit: 'percent',
              currency: 'CNY',
              line: 'gross_profit / revenue',
              period: { fiscalYear: 2024, kind: 'FY', endDate: '2024-12-31' },
              sourceUrl: undefined,
            },
          ),
        ],
        unchecked: 3,
      },
      [NVIDIA, MOUTAI],
    );
    const en = runFigureCheckBlocks(check, 'en');
    const zh = runFigureCheckBlocks(check, 'zh');
    const enText = texts(en).join('\n');
    expect(enText).toContain('10 of 12 figures checked match the statements');
    expect(enText).toContain(':warning: NVIDIA · revenue · Q1 FY2026: report');
    expect(enText).toContain('USD 49.34bn');
    expect(enText).toContain('USD 44.06B');
    expect(enText).toContain('<https://research.example.com/docs/doc_10q_q1_fy2026|income statement> `revenue`');
    expect(enText).toContain('91.53%');
    expect(enText).toContain('3 figures could not be checked');
    expect(warnings(en)).toBe(2);
    expect(texts(zh).join('\n')).toContain(':warning: 贵州茅台 · 毛利率 · 2024年年报');
    expect(texts(zh).join('\n')).toContain('440.62亿美元');
    expect({ en, zh }).toMatchSnapshot();
  });

  it('formats growth, points and per-share values as the cards do', () => {
    const check = checked({
      checked: 3,
      matched: 0,
      differs: [
        differs({ measure: 'yoy_growth', written: '+69.2%' }, { value: 12.3456, unit: 'percent' }),
        differs({ metric: 'gross_margin', measure: 'yoy_change', written: '−3.4 pts' }, { value: -1.234, unit: 'points' }),
        differs({ metric: 'eps_diluted', written: 'USD 0.81' }, { value: 0.7612, unit: 'per_share' }),
      ],
      unchecked: 0,
    });
    const text = texts(runFigureCheckBlocks(check, 'en')).join('\n');
    expect(text).toContain('revenue growth (y/y)');
    expect(text).toContain('+12.35%');
    expect(text).toContain('-1.23 pts');
    expect(text).toContain('USD 0.76 per share');
  });

  it(`shows at most ${MAX_DIFFERS_SHOWN} warnings, then how many more`, () => {
    const many = Array.from({ length: 14 }, (_, i) => differs({ offset: i }));
    const blocks = runFigureCheckBlocks(checked({ checked: 20, matched: 6, differs: many, unchecked: 0 }), 'en');
    expect(warnings(blocks)).toBe(MAX_DIFFERS_SHOWN);
    expect(texts(blocks).join('\n')).toContain('and 4 more');
  });

  it('says so when no figure could be checked', () => {
    const blocks = runFigureCheckBlocks(checked({ checked: 0, matched: 0, differs: [], unchecked: 4 }), 'en');
    expect(texts(blocks).join('\n')).toContain('No figure could be checked');
    expect(warnings(blocks)).toBe(0);
  });

  it('keeps untrusted text inert and every block within Slack limits, whatever it is given', () => {
    const nasty = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.constantFrom(
        '<!channel>',
        '<!here>',
        '@everyone',
        '<@U123>',
        '*bold* _x_ `code`',
        '[x](https://evil.example)',
        '&lt;!here&gt;',
        '<https://evil.example|click>',
      ),
    );
    const url = fc.oneof(
      fc.constant(undefined),
      fc.webUrl(),
      fc.string({ maxLength: 2000 }),
      fc.constant(`https://a.example/${'x'.repeat(2500)}`),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(nasty, nasty, nasty, url), { maxLength: 16 }),
        fc.constantFrom('en' as const, 'zh' as const),
        (rows, lang) => {
          const list = rows.map(([written, , line, sourceUrl], i) =>
            differs({ symbol: `US:X${i}`, written }, { line, ...(sourceUrl === undefined ? { sourceUrl: undefined } : { sourceUrl }) }),
          );
          const companies = rows.map(([, name], i) => ({ symbol: `US:X${i}`, names: [name] }));
          const blocks = runFigureCheckBlocks(
            { check: { checked: list.length + 1, matched: 1, differs: list, unchecked: 2 }, companies },
            lang,
          );
          expect(findMessageViolations({ text: 'x', blocks })).toEqual([]);
          for (const t of texts(blocks)) {
            expect(t).not.toMatch(/<[!#@]/);
            expect(t).not.toMatch(/@(here|channel|everyone)\b/i);
            // A link token only from a source address we accepted: never from the report or a name.
            for (const token of t.match(/<[^<>]*>/g) ?? []) expect(token).toMatch(/^<https?:\/\/[^\s|<>]+\|/);
          }
          expect(warnings(blocks)).toBe(Math.min(list.length, MAX_DIFFERS_SHOWN));
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('the section in the final answer', () => {
  const ctx: AgentRenderContext = { runId: 'run-7', askerUserId: 'U0ASKER', conversationId: '7', nowMs: 0, language: 'en' };
  const completed: RunView = reduceRecordedEvents(initialRunView({ startedAtMs: 1_750_000_000_000 }), buildRunEvents());
  const figures = checked({ checked: 2, matched: 1, differs: [differs()], unchecked: 0 });
  const blocksOf = (view: RunView, c: AgentRenderContext): KnownBlock[] =>
    renderFinalAnswer(view, c).flatMap((m) => m.blocks as KnownBlock[]);
  const indexOf = (blocks: KnownBlock[], needle: string): number => blocks.findIndex((b) => texts([b]).some((t) => t.includes(needle)));

  it('follows the answer (and its chart), before its sources and footer; the answer itself is unchanged', () => {
    const without = blocksOf(completed, ctx);
    const withCheck = blocksOf(completed, { ...ctx, figures });
    const at = indexOf(withCheck, 'Figures checked');
    expect(at).toBeGreaterThan(0);
    expect(indexOf(withCheck, 'Sources')).toBeGreaterThan(at);
    const added = runFigureCheckBlocks(figures, 'en');
    expect(withCheck.slice(0, at)).toEqual(without.slice(0, at));
    expect(withCheck.length).toBe(without.length + added.length);
  });

  it('is not shown under a run that did not complete', () => {
    const failed = reduceRecordedEvents(initialRunView({ startedAtMs: 1_750_000_000_000 }), buildRunEvents({ outcome: 'failed' }));
    expect(failed.status).not.toBe('completed');
    expect(indexOf(blocksOf(failed, { ...ctx, figures }), 'Figures checked')).toBe(-1);
  });
});
