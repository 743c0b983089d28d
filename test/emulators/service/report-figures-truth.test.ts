/**
 * Every figure the demo agent's report writes agrees with the service's statements for the period
 * it names (issue 30: a checker against the statements must find nothing wrong in a report the
 * emulator meant as right), and a `[mistake]` report has exactly one figure that does not.
 *
 * Independent path: this test reads the report's own text (its own regular expressions, not the
 * app's extractor), turns each period label back into a statement record as the
 * `/v1/stock/...` routes serve it (quarterly or annual; the label's calendar form must fit the
 * record's end date) and recomputes the figure from that record's raw lines. The findings only
 * say which companies the report is about. A figure matches when it is within half a unit of its
 * last written digit.
 */

import { describe, expect, it } from 'vitest';
import { buildRunScript } from '../../../src/emulators/service/agent-run-script.js';
import { buildDataset } from '../../../src/emulators/service/data/dataset.js';
import { plantedMistake } from '../../../src/emulators/service/planted-mistake.js';
import { findResearch } from '../../../src/emulators/service/research-findings.js';
import { type Check, collectReport, ok } from './report-truth-reader.js';

const dataset = buildDataset();

// ---- The questions --------------------------------------------------------------------------
const QUESTIONS = [
  'Tell me about NVIDIA',
  'What is Moutai’s cash position?',
  'Tencent cash flow and balance sheet',
  'NVDA vs AMD revenue growth',
  'What drives Apple’s margins in FY2024?',
  'China Merchants Bank earnings and margins',
  'Risks of Tesla',
  'Microsoft revenue last year',
  '贵州茅台的营收和利润率',
  '比较茅台和五粮液的毛利率',
  '腾讯的现金流和资产负债情况',
  '宁德时代2023年的盈利',
  '招商银行的风险',
  '苹果 2024年 利润率',
  '比亚迪的经营现金流',
  '小米和美团的资产负债率',
  'Tesla [long]',
  '贵州茅台 [long]',
  'NVDA vs AMD [long]',
];

function run(question: string) {
  const findings = findResearch(dataset, question);
  const script = buildRunScript({
    question,
    findings,
    startOffset: 1,
    responseId: 'resp_truth_test_01',
    conversationId: '1',
    framing: 'document',
  });
  return { findings, report: script.report };
}

const describeCheck = (c: Check): string => `${c.where} ${c.metric}: written ${c.written}, statements ${c.truth}`;

describe('every figure of the demo agent’s report agrees with the statements of the period it names', () => {
  const covered = new Set<string>();
  for (const question of QUESTIONS) {
    it(question, () => {
      const { findings, report } = run(question);
      expect(findings.companies.length, 'the question names demo companies').toBeGreaterThan(0);
      const checks = collectReport(report, findings.companies, findings.lang);
      for (const c of checks) covered.add(c.metric);
      expect(checks.filter((c) => !ok(c)).map(describeCheck)).toEqual([]);
      expect(checks.length).toBeGreaterThanOrEqual(4);
    });
  }
  it('covers revenue, growth, margins and their changes, cost lines, cash, cash flow, the balance sheet', () => {
    for (const m of [
      'revenue:value',
      'revenue:growth',
      'gross:value',
      'gross:points',
      'operating:points',
      'net:value',
      'net:points',
      'costOfSales:points',
      'cash:value',
      'cash:growth',
      'cashShare:value',
      'ocf:value',
      'ocf:growth',
      'assets:value',
      'liabilities:value',
      'equity:value',
      'leverage:value',
      'ownersProfit:value',
    ])
      expect([...covered]).toContain(m);
  });
});

describe('a [mistake] report has exactly one wrong figure, and is otherwise the same report', () => {
  for (const base of QUESTIONS.filter((q) => !/\[long\]|risk|风险/i.test(q)).concat('Tesla [long]')) {
    it(`${base} [mistake]`, () => {
      const plain = run(base);
      const wrong = run(`${base} [mistake]`);
      const planted = plantedMistake(wrong.findings);
      if (!planted) throw new Error('nothing planted');
      const failures = collectReport(wrong.report, wrong.findings.companies, wrong.findings.lang).filter((c) => !ok(c));
      expect(failures.map(describeCheck)).toHaveLength(1);
      expect(failures[0]?.written.replace(/%$/, '')).toBe(planted.written.replace(/%$/, ''));
      expect(failures[0]?.where).toMatch(/^key findings /);
      expect(failures[0]?.where).toContain(planted.symbol);
      // The statement's value is the true one, and the written one is 12% higher or 3 points up.
      expect(failures[0]?.truth).toBeCloseTo(planted.trueValue, 6);
      // Otherwise the same report: the first company's findings line, with the true figure back.
      const diff = wrong.report.split('\n').filter((l, i) => l !== plain.report.split('\n')[i]);
      expect(diff).toHaveLength(1);
      expect(wrong.report.replace(planted.written, planted.truth)).toBe(plain.report);
    });
  }

  it('changes nothing without company figures, or where the findings write none', () => {
    for (const q of ['沪深300走势', 'What is Google’s cash position?', 'Risks of Tesla', '招商银行的风险']) {
      expect(run(`${q} [mistake]`).report).toBe(run(q).report);
      expect(plantedMistake(run(q).findings)).toBeUndefined();
    }
  });
});
