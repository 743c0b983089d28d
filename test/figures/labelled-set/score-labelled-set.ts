/**
 * Scores the extractor and the checker on the labelled set (pure; the integration test feeds it
 * what the real extractor read and the real checker said over HTTP).
 *
 * - recall: expected figures found among the extracted ones — same symbol, metric, measure,
 *   period (fiscal year and kind) and value (within 1e-9 relative) — each extracted figure
 *   answering at most one expectation;
 * - flagged: planted figures whose extracted figure the checker says `differs`;
 * - precision: of all figures the checker says `differs`, those that are planted.
 * A planted margin given as an amount may also be read as the matching amount (a gross margin
 * of $73.4bn as gross profit): the reading differs either way.
 */
import type { ExtractedFigure, FigureMetric, FigureVerdict } from '../../../src/figures/figure-types.js';
import type { ExpectedFigure, LabelledCase } from './labelled-case.js';

export interface CaseResult {
  labelled: LabelledCase;
  verdicts: readonly FigureVerdict[];
}

export interface Score {
  expected: number;
  found: number;
  planted: number;
  flagged: number;
  /** Figures the checker said differ. */
  differs: number;
  /** Of those, the planted ones. */
  differsPlanted: number;
  recall: number;
  flaggedShare: number;
  precision: number;
}

export interface Miss {
  caseId: string;
  expected: ExpectedFigure;
  /** The same figure may be quoted several times in a case (findings, table, trend): which quote of it went unread (1 = first). */
  occurrence: number;
  /** What was read nearby: extracted figures of the same company and metric, or with the same value. */
  near: ExtractedFigure[];
}

export interface Unflagged {
  caseId: string;
  expected: ExpectedFigure;
  verdict: FigureVerdict;
}

export interface FalseFlag {
  caseId: string;
  verdict: Extract<FigureVerdict, { status: 'differs' }>;
}

export interface Scored {
  total: Score;
  byLanguage: Record<'zh' | 'en', Score>;
  misses: Miss[];
  unflagged: Unflagged[];
  falseFlags: FalseFlag[];
}

const AMOUNT_OF: Partial<Record<FigureMetric, FigureMetric[]>> = {
  gross_margin: ['gross_profit'],
  operating_margin: ['operating_profit'],
  net_margin: ['net_profit', 'net_profit_to_owners'],
};

const sameValue = (a: number, b: number): boolean => a === b || Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));

function answers(e: ExpectedFigure, f: ExtractedFigure): boolean {
  const metricOk = f.metric === e.metric || (e.planted === 'margin_as_amount' && (AMOUNT_OF[e.metric] ?? []).includes(f.metric));
  return (
    f.symbol === e.symbol &&
    metricOk &&
    f.measure === e.measure &&
    f.period?.fiscalYear === e.period?.fiscalYear &&
    f.period?.kind === e.period?.kind &&
    sameValue(f.value.value, e.value)
  );
}

const sameReading = (a: ExpectedFigure, b: ExpectedFigure): boolean =>
  a.symbol === b.symbol &&
  a.metric === b.metric &&
  a.measure === b.measure &&
  a.period?.fiscalYear === b.period?.fiscalYear &&
  a.period?.kind === b.period?.kind &&
  sameValue(a.value, b.value);

const ratio = (n: number, d: number): number => (d === 0 ? 0 : n / d);

function emptyScore(): Score {
  return { expected: 0, found: 0, planted: 0, flagged: 0, differs: 0, differsPlanted: 0, recall: 0, flaggedShare: 0, precision: 0 };
}

function finish(s: Score): Score {
  return {
    ...s,
    recall: ratio(s.found, s.expected),
    flaggedShare: ratio(s.flagged, s.planted),
    precision: ratio(s.differsPlanted, s.differs),
  };
}

export function scoreLabelledSet(results: readonly CaseResult[]): Scored {
  const total = emptyScore();
  const byLanguage = { zh: emptyScore(), en: emptyScore() };
  const misses: Miss[] = [];
  const unflagged: Unflagged[] = [];
  const falseFlags: FalseFlag[] = [];
  for (const { labelled, verdicts } of results) {
    const lang = byLanguage[labelled.lang];
    const used = new Set<number>();
    const plantedAt = new Set<number>();
    const missed: Array<{ e: ExpectedFigure; occurrence: number }> = [];
    labelled.expected.forEach((e, n) => {
      const at = verdicts.findIndex((v, i) => !used.has(i) && answers(e, v.figure));
      for (const s of [total, lang]) {
        s.expected += 1;
        if (at >= 0) s.found += 1;
        if (e.planted) s.planted += 1;
        if (e.planted && at >= 0 && verdicts[at]!.status === 'differs') s.flagged += 1;
      }
      if (at < 0) {
        missed.push({ e, occurrence: labelled.expected.slice(0, n + 1).filter((o) => sameReading(o, e)).length });
        return;
      }
      used.add(at);
      if (e.planted) {
        plantedAt.add(at);
        if (verdicts[at]!.status !== 'differs') unflagged.push({ caseId: labelled.id, expected: e, verdict: verdicts[at]! });
      }
    });
    // What was read instead of a missed figure: figures no expectation took, of the same company and metric or value.
    const left = verdicts.filter((_, i) => !used.has(i)).map((v) => v.figure);
    for (const { e, occurrence } of missed) {
      const near = left.filter((f) => (f.symbol === e.symbol && f.metric === e.metric) || sameValue(f.value.value, e.value));
      misses.push({ caseId: labelled.id, expected: e, occurrence, near });
    }
    verdicts.forEach((v, i) => {
      if (v.status !== 'differs') return;
      for (const s of [total, lang]) {
        s.differs += 1;
        if (plantedAt.has(i)) s.differsPlanted += 1;
      }
      if (!plantedAt.has(i)) falseFlags.push({ caseId: labelled.id, verdict: v });
    });
  }
  return { total: finish(total), byLanguage: { zh: finish(byLanguage.zh), en: finish(byLanguage.en) }, misses, unflagged, falseFlags };
}
