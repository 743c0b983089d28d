/**
 * Markdown the emulated agent writes: a short analysis (agent_end of the research agent) and
 * the full report (workflow_end). Both use headings, lists, emphasis, a link, a table and a
 * code span, so renderers meet every construct. `long` pads the report to ~40,000 characters
 * with several tables.
 */
import type { FoundCompany, ResearchFindings } from './research-findings.js';

const LONG_REPORT_CHARS = 40_000;

function amount(value: number, currency: string, lang: 'zh' | 'en'): string {
  return lang === 'zh' ? `${(value / 1e8).toFixed(1)}亿${currency === 'USD' ? '美元' : '元'}` : `${currency} ${(value / 1e9).toFixed(2)}bn`;
}

function financialTable(f: ResearchFindings): string {
  const zh = f.lang === 'zh';
  const head = zh
    ? '| 公司 | 代码 | 报告期 | 总资产 | 总负债 | 股东权益 | 现金及等价物 |\n|---|---|---|---:|---:|---:|---:|'
    : '| Company | Symbol | Period | Total assets | Total liabilities | Equity | Cash |\n|---|---|---|---:|---:|---:|---:|';
  const rows = f.companies.flatMap((c) => {
    const l = c.latest;
    if (!l) return [];
    return [
      `| ${c.name} | \`${c.symbol}\` | ${l.label} | ${amount(l.total_assets, c.currency, f.lang)} | ${amount(l.total_liabilities, c.currency, f.lang)} | ${amount(l.total_shareholders_equity, c.currency, f.lang)} | ${amount(l.cash, c.currency, f.lang)} |`,
    ];
  });
  return [head, ...rows].join('\n');
}

function historyTable(c: FoundCompany, lang: 'zh' | 'en'): string {
  const head =
    lang === 'zh'
      ? '| 报告期 | 截止日 | 总资产 | 总负债 | 现金 |\n|---|---|---:|---:|---:|'
      : '| Period | End date | Total assets | Total liabilities | Cash |\n|---|---|---:|---:|---:|';
  return [
    head,
    ...c.history.map(
      (h) =>
        `| ${h.label} | ${h.end_date} | ${amount(h.total_assets, c.currency, lang)} | ${amount(h.total_liabilities, c.currency, lang)} | ${amount(h.cash, c.currency, lang)} |`,
    ),
  ].join('\n');
}

function sources(f: ResearchFindings): string {
  return [...f.docs, ...f.news]
    .slice(0, 8)
    .map((d, i) => `${i + 1}. [${d.title}](${d.url}) — ${d.published_at.slice(0, 10)}`)
    .join('\n');
}

export function reportTitle(f: ResearchFindings): string {
  const names = f.companies.map((c) => c.name).join(f.lang === 'zh' ? '、' : ', ');
  return f.lang === 'zh' ? `研究报告：${names}` : `Research report: ${names}`;
}

export function buildAnalysisMarkdown(question: string, f: ResearchFindings): string {
  const zh = f.lang === 'zh';
  const bullets = f.companies.map((c) =>
    zh
      ? `- **${c.name}**（\`${c.symbol}\`）：最新报告期 ${c.latest?.label ?? '—'}，经营现金流 ${c.latest ? amount(c.latest.operating_cash_flow, c.currency, f.lang) : '—'}`
      : `- **${c.name}** (\`${c.symbol}\`): latest period ${c.latest?.label ?? '—'}, operating cash flow ${c.latest ? amount(c.latest.operating_cash_flow, c.currency, f.lang) : '—'}`,
  );
  const first = f.docs[0];
  return [
    zh ? '## 初步分析' : '## Preliminary analysis',
    zh
      ? `针对问题 *${question.trim()}*，共检索到 **${f.totalCount}** 篇相关资料。`
      : `For the question *${question.trim()}* the search found **${f.totalCount}** relevant documents.`,
    '',
    ...bullets,
    '',
    financialTable(f),
    '',
    first ? (zh ? `最相关的资料：[${first.title}](${first.url})` : `Most relevant: [${first.title}](${first.url})`) : '',
  ].join('\n');
}

export function buildReportMarkdown(question: string, f: ResearchFindings, long: boolean): string {
  const zh = f.lang === 'zh';
  const idx = f.index;
  const parts: string[] = [
    `# ${reportTitle(f)}`,
    '',
    zh ? `> 问题：${question.trim()}` : `> Question: ${question.trim()}`,
    '',
    zh ? '## 核心结论' : '## Key findings',
    ...f.companies.map((c) =>
      zh
        ? `- **${c.name}**（\`${c.symbol}\`）：资产负债结构${c.latest && c.latest.total_liabilities < c.latest.total_assets * 0.5 ? '*稳健*' : '*偏高杠杆*'}，现金及等价物 ${c.latest ? amount(c.latest.cash, c.currency, f.lang) : '—'}。`
        : `- **${c.name}** (\`${c.symbol}\`): balance sheet ${c.latest && c.latest.total_liabilities < c.latest.total_assets * 0.5 ? '*conservative*' : '*leveraged*'}, cash ${c.latest ? amount(c.latest.cash, c.currency, f.lang) : '—'}.`,
    ),
    '',
    zh ? '## 财务概览' : '## Financial overview',
    '',
    financialTable(f),
    '',
    zh ? '## 市场表现' : '## Market context',
    idx
      ? zh
        ? `${idx.name}（\`${idx.symbol}\`）截至 ${idx.date} 收于 **${idx.close}**，近一年涨跌幅 ${idx.changePct}%。`
        : `${idx.name} (\`${idx.symbol}\`) closed at **${idx.close}** on ${idx.date}, ${idx.changePct}% over the past year.`
      : '',
    '',
    zh ? '## 参考资料' : '## Sources',
    sources(f),
    '',
    zh ? '## 风险提示' : '## Risks',
    zh
      ? '1. *宏观需求*不及预期\n2. 行业竞争加剧\n3. 数据为演示用途，**不构成投资建议**'
      : '1. *Macro demand* falls short\n2. Competition intensifies\n3. Demo data only, **not investment advice**',
  ];
  let report = parts.join('\n');
  if (!long) return report;
  let round = 0;
  while (report.length < LONG_REPORT_CHARS) {
    round += 1;
    for (const c of f.companies) {
      report += `\n\n## ${zh ? `附录 ${round}：${c.name}季度数据` : `Appendix ${round}: ${c.name} quarterly data`}\n\n${historyTable(c, f.lang)}\n\n`;
      report += (
        zh
          ? `${c.name}在过去八个季度中保持了稳定的资产扩张。*注意*：以上数据均来自演示数据集，可用 \`${c.symbol}\` 在资产负债表接口中复核。`
          : `${c.name} grew its asset base steadily over the last eight quarters. *Note*: demo data; check it with \`${c.symbol}\` on the balance sheet endpoint.`
      ).repeat(3);
    }
  }
  return report;
}
