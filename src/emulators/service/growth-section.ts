/**
 * The report's answer to a revenue or growth question: revenue period by period with its growth
 * on a year earlier (a table for one company, a line each for several), read from the statements.
 */
import { periodText } from './period-text.js';
import { amount, type Lang, signedPercent } from './report-format.js';
import type { FoundCompany } from './research-findings.js';

function trendLine(c: FoundCompany, lang: Lang): string {
  const zh = lang === 'zh';
  const items = c.income.periods.map(
    (p) =>
      `${periodText(p.ref, lang)} ${amount(p.revenue, c.currency, lang)}${p.growth === undefined ? '' : ` (${signedPercent(p.growth)})`}`,
  );
  if (items.length === 0) return zh ? `**${c.name}**：演示数据中没有它的利润表。` : `**${c.name}**: no income statement in the demo data.`;
  return zh
    ? `**${c.name}**：${items.join('，')}（括号内为同比）`
    : `**${c.name}**: ${items.join(', ')} (growth on a year earlier in brackets)`;
}

export function growthSection(companies: readonly FoundCompany[], lang: Lang): string[] {
  if (companies.length === 0) return [];
  const zh = lang === 'zh';
  const title = zh ? '## 营收趋势' : '## Revenue trend';
  const only = companies.length === 1 ? companies[0] : undefined;
  if (!only) return [title, '', ...companies.map((c) => `- ${trendLine(c, lang)}`), ''];
  return [
    title,
    '',
    zh ? '| 报告期 | 营业收入 | 同比 |' : '| Period | Revenue | Growth on a year earlier |',
    '|---|---:|---:|',
    ...only.income.periods.map(
      (p) => `| ${periodText(p.ref, lang)} | ${amount(p.revenue, only.currency, lang)} | ${signedPercent(p.growth)} |`,
    ),
    '',
  ];
}
