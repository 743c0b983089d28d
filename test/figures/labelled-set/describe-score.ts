/** The benchmark's printout: the three numbers (all, Chinese, English), then every miss, so the extractor and checker can be tuned. */
import type { ExpectedFigure } from './labelled-case.js';
import type { Score, Scored } from './score-labelled-set.js';
import type { ExtractedFigure } from '../../../src/figures/figure-types.js';

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

const row = (name: string, s: Score): string =>
  `| ${name} | ${pct(s.recall)} (${s.found}/${s.expected}) | ${pct(s.flaggedShare)} (${s.flagged}/${s.planted}) | ${pct(s.precision)} (${s.differsPlanted}/${s.differs}) |`;

const periodOf = (p: { fiscalYear: number; kind: string } | undefined): string => (p ? `${p.kind} FY${p.fiscalYear}` : 'no period');

const expectedText = (e: ExpectedFigure): string =>
  `${e.symbol} ${e.metric}/${e.measure} ${periodOf(e.period)} = ${e.value} ${e.unit}${e.planted ? ` [planted ${e.planted}]` : ''}`;

const figureText = (f: ExtractedFigure): string =>
  `${f.symbol} ${f.metric}/${f.measure} ${periodOf(f.period)} = ${f.value.value} ${f.value.unit} ("${f.written}")`;

export function describeScore(scored: Scored): string {
  const lines = [
    'Labelled set: extraction and check',
    '',
    '| Set | Recall | Planted flagged | Precision of flags |',
    '|---|---:|---:|---:|',
    row('all', scored.total),
    row('zh', scored.byLanguage.zh),
    row('en', scored.byLanguage.en),
    '',
    `Not extracted (${scored.misses.length}):`,
    ...scored.misses.map(
      (m) =>
        `- ${m.caseId}: ${expectedText(m.expected)}${m.occurrence > 1 ? ` (its quote ${m.occurrence})` : ''}${m.near.length ? `\n    read instead: ${m.near.map(figureText).join('; ')}` : ''}`,
    ),
    '',
    `Planted but not flagged (${scored.unflagged.length}):`,
    ...scored.unflagged.map(
      (u) =>
        `- ${u.caseId}: ${expectedText(u.expected)} → ${u.verdict.status}${u.verdict.status === 'unchecked' ? ` (${u.verdict.reason})` : ` (statement ${u.verdict.statement.value} ${u.verdict.statement.line} ${periodOf(u.verdict.statement.period)})`}`,
    ),
    '',
    `Flagged but not planted (${scored.falseFlags.length}):`,
    ...scored.falseFlags.map(
      (f) =>
        `- ${f.caseId}: ${figureText(f.verdict.figure)} vs statement ${f.verdict.statement.value} (${f.verdict.statement.line}, ${periodOf(f.verdict.statement.period)})`,
    ),
  ];
  return lines.join('\n');
}
