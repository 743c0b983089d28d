import { describe, expect, it } from 'vitest';
import type { QuestionEntities } from '../../../src/emulators/service/question-entities.js';
import { type QuestionReading, resolveFocus } from '../../../src/emulators/service/question-focus.js';
import { readQuestionIntent } from '../../../src/emulators/service/question-intent.js';

describe('question intent', () => {
  it.each([
    ['What is Moutai’s cash position?', ['cash']],
    ['How strong is NVIDIA’s balance sheet?', ['balance']],
    ['比较茅台和五粮液的毛利率', ['margins']],
    ['Tencent revenue mix', ['revenue', 'mix']],
    ['腾讯的收入结构', ['revenue', 'mix']],
    ['How have Tesla shares moved?', []],
    ['How has Tesla’s stock price moved?', ['price']],
    ['茅台股价走势', ['price']],
    ['Apple free cash flow', ['cash_flow']],
    ['NVDA valuation and P/E', ['valuation']],
    ['NVDA vs AMD', []],
  ])('%s', (question, metrics) => {
    expect(readQuestionIntent(question).metrics).toEqual(metrics);
  });

  it('reads comparisons, periods and references to earlier turns', () => {
    expect(readQuestionIntent('NVDA vs AMD')).toMatchObject({ comparison: true, period: { kind: 'latest' }, refersBack: false });
    expect(readQuestionIntent('比较茅台和五粮液').comparison).toBe(true);
    expect(readQuestionIntent('and last year?')).toMatchObject({ period: { kind: 'last_year' }, refersBack: true });
    expect(readQuestionIntent('去年呢？')).toMatchObject({ period: { kind: 'last_year' }, refersBack: true });
    expect(readQuestionIntent('Moutai revenue in FY2023').period).toEqual({ kind: 'fiscal_year', year: 2023 });
    expect(readQuestionIntent('2023年茅台营收').period).toEqual({ kind: 'fiscal_year', year: 2023 });
    expect(readQuestionIntent('what about its margins?').refersBack).toBe(true);
    expect(readQuestionIntent('What is Moutai’s cash position?').refersBack).toBe(false);
  });
});

function reading(question: string, entities: Partial<QuestionEntities> = {}): QuestionReading {
  return {
    entities: { companies: [], indices: [], topics: [], uncovered: [], ...entities },
    intent: readQuestionIntent(question),
  };
}

const noTopics = (): string[] => [];
const moutaiCash = reading('What is Moutai’s cash position?', { companies: ['SH:600519'] });

describe('focus of a question in its conversation', () => {
  it('takes the question’s own companies and metrics', () => {
    const focus = resolveFocus(reading('NVDA vs AMD', { companies: ['US:NVDA', 'US:AMD'] }), [moutaiCash], noTopics);
    expect(focus).toMatchObject({ companies: ['US:NVDA', 'US:AMD'], companySource: 'question', metrics: [], comparison: true });
  });

  it('a follow-up naming no company keeps the earlier companies, with its own metric', () => {
    const focus = resolveFocus(reading('what about its margins?'), [moutaiCash], noTopics);
    expect(focus).toMatchObject({ companies: ['SH:600519'], companySource: 'earlier', metrics: ['margins'] });
  });

  it('"and last year?" keeps the earlier companies and metrics, for the last fiscal year', () => {
    const focus = resolveFocus(reading('and last year?'), [moutaiCash, reading('what about its margins?')], noTopics);
    expect(focus).toMatchObject({ companies: ['SH:600519'], metrics: ['margins'], period: { kind: 'last_year' } });
  });

  it('a follow-up naming a new company keeps the earlier metric', () => {
    const focus = resolveFocus(reading('and Wuliangye?', { companies: ['SZ:000858'] }), [moutaiCash], noTopics);
    expect(focus).toMatchObject({ companies: ['SZ:000858'], companySource: 'question', metrics: ['cash'] });
  });

  it('never substitutes companies for one the data does not cover', () => {
    const focus = resolveFocus(reading('What is Google’s cash position?', { uncovered: ['Google'] }), [moutaiCash], noTopics);
    expect(focus).toMatchObject({ companies: [], companySource: 'none', uncovered: ['Google'] });
  });

  it('a new topic or index is not a follow-up unless it refers back', () => {
    const topics = (code: string) => (code === 'SOLID_BATTERY' ? ['SZ:300750', 'US:TSLA'] : []);
    const topic = reading('Who leads solid-state batteries?', { topics: ['SOLID_BATTERY'] });
    expect(resolveFocus(topic, [moutaiCash], topics)).toMatchObject({ companies: ['SZ:300750', 'US:TSLA'], companySource: 'topic' });
    const index = reading('How did the CSI 300 do?', { indices: ['000300'] });
    expect(resolveFocus(index, [moutaiCash], topics)).toMatchObject({ companies: [], companySource: 'none', indices: ['000300'] });
    const back = reading('how exposed is it to solid-state batteries?', { topics: ['SOLID_BATTERY'] });
    expect(resolveFocus(back, [moutaiCash], topics)).toMatchObject({ companies: ['SH:600519'], companySource: 'earlier' });
  });

  it('a first question naming nothing is not understood (no search stands in for a company)', () => {
    expect(resolveFocus(reading('what is going on?'), [], noTopics)).toMatchObject({ companySource: 'none', understood: false });
    expect(resolveFocus(reading('what is going on?'), [moutaiCash], noTopics)).toMatchObject({
      companies: ['SH:600519'],
      companySource: 'earlier',
      understood: true,
    });
  });

  it('a follow-up comparing one new company keeps the thread’s companies and metrics: "how does AMD compare?"', () => {
    const nvdaMargins = reading('What drives NVDA’s margins?', { companies: ['US:NVDA'] });
    const focus = resolveFocus(reading('how does AMD compare?', { companies: ['US:AMD'] }), [nvdaMargins], noTopics);
    expect(focus).toMatchObject({ companies: ['US:NVDA', 'US:AMD'], companySource: 'thread', metrics: ['margins'], comparison: true });
    // Not a comparison: a switch to the new company.
    expect(resolveFocus(reading('What about AMD?', { companies: ['US:AMD'] }), [nvdaMargins], noTopics).companies).toEqual(['US:AMD']);
    // A comparison of its own: both sides named.
    const own = resolveFocus(reading('compare AMD and Tesla', { companies: ['US:AMD', 'US:TSLA'] }), [nvdaMargins], noTopics);
    expect(own.companies).toEqual(['US:AMD', 'US:TSLA']);
  });
});
