import { describe, expect, it } from 'vitest';
import { answerLanguage, languageOfLocale, languageOfText } from '../../src/language/answer-language.js';
import { glossary, isSourcesHeading } from '../../src/language/glossary.js';

describe('the answer language', () => {
  it('is read from the question: Han characters against Latin words, tickers not counted', () => {
    expect(languageOfText('比较英伟达和AMD的毛利率')).toBe('zh');
    expect(languageOfText('总结贵州茅台最新一季的业绩及其驱动因素。')).toBe('zh');
    expect(languageOfText('What does 茅台 earn?')).toBe('en');
    expect(languageOfText('Compare US:NVDA and US:AMD')).toBe('en');
    expect(languageOfText('US:NVDA SH:600519 2025')).toBeUndefined();
    expect(languageOfText('')).toBeUndefined();
  });

  it('falls back to the Slack locale, then English', () => {
    expect(languageOfLocale('zh-CN')).toBe('zh');
    expect(languageOfLocale('zh_TW')).toBe('zh');
    expect(languageOfLocale('en-GB')).toBe('en');
    expect(languageOfLocale('fr-FR')).toBeUndefined();
    expect(answerLanguage({ text: 'US:NVDA', locale: 'zh-CN' })).toBe('zh');
    expect(answerLanguage({ text: 'NVDA margins', locale: 'zh-CN' })).toBe('en');
    expect(answerLanguage({ text: 'US:NVDA' })).toBe('en');
  });
});

describe('the glossary', () => {
  const zh = glossary('zh');
  const en = glossary('en');

  it('captions tables in the answer language', () => {
    expect(zh.tableCaption('对比', 1, ['指标', 'NVDA'])).toBe('对比 — 表1：指标、NVDA');
    expect(zh.tableCaption(undefined, 2, [])).toBe('表2');
    expect(en.tableCaption('Compare', 1, ['Metric', 'NVDA'])).toBe('Compare — table 1: Metric, NVDA');
  });

  it('names amounts in 亿 for Chinese and billions for English', () => {
    expect([zh.amountUnit('CNY'), zh.amountUnit('USD'), zh.amountUnit('HKD'), zh.amountDivisor]).toEqual(['亿元', '亿美元', '亿港元', 1e8]);
    expect([en.amountUnit('CNY'), en.amountDivisor]).toEqual(['CNY billions', 1e9]);
    expect([zh.perShare('USD'), en.perShare('USD'), zh.rebasedClose('2025-01-03')]).toEqual([
      '美元/股',
      'USD per share',
      '收盘价（2025-01-03 = 100）',
    ]);
  });

  it('labels periods as a Chinese reader names reports, 财年 where the fiscal year is not the calendar year', () => {
    expect(zh.periodLabel({ fiscalYear: '2026', fiscalQuarter: 'H1', endDate: '2026-06-30' })).toBe('2026年中报');
    expect(zh.periodLabel({ fiscalYear: 2025, fiscalQuarter: 'FY', endDate: '2025-12-31' })).toBe('2025年年报');
    expect(zh.periodLabel({ fiscalYear: 2026, fiscalQuarter: 'Q3 (9 months)', endDate: '2026-09-30' })).toBe('2026年三季报');
    expect(zh.periodLabel({ fiscalYear: 2026, fiscalQuarter: 'Q1', endDate: '2026-03-31' })).toBe('2026年一季报');
    // NVIDIA's second quarter of FY2026 ended in July 2025.
    expect(zh.periodLabel({ fiscalYear: 2026, fiscalQuarter: 'Q2', endDate: '2025-07-27' })).toBe('2026财年第二季度');
    expect(zh.periodLabel({ fiscalYear: 2025, fiscalQuarter: 'FY', endDate: '2025-01-26' })).toBe('2025财年');
    expect(zh.periodLabel({ period: 'H1 FY2026' })).toBe('2026财年上半年');
    expect(en.periodLabel({ fiscalYear: 2026, fiscalQuarter: 'H1', endDate: '2026-06-30' })).toBe('H1 FY2026');
  });

  it('gives a company one name per language, its symbol always beside it', () => {
    const nvda = { symbol: 'US:NVDA', names: ['NVIDIA', '英伟达'] };
    expect(zh.companyLabel(nvda)).toBe('英伟达 (US:NVDA)');
    expect(en.companyLabel(nvda)).toBe('NVIDIA (US:NVDA)');
    // Only a Chinese name known: shown in English answers too rather than none.
    expect(en.companyLabel({ symbol: 'SH:600519', names: [undefined, ' 贵州茅台 '] })).toBe('贵州茅台 (SH:600519)');
    expect(zh.companyLabel({ symbol: 'US:AMD', names: [] })).toBe('US:AMD');
  });

  it('recognises a report’s own sources heading in either language', () => {
    for (const h of ['Sources', 'References', '参考资料', '资料来源', 'Sources:']) expect(isSourcesHeading(h)).toBe(true);
    expect(isSourcesHeading('Sources of growth')).toBe(false);
    expect([zh.list(['A', 'B', 'C']), en.list(['A', 'B', 'C'])]).toEqual(['A、B和C', 'A, B and C']);
  });
});
