/**
 * Text the emulated agent writes: its plan, a short analysis (agent_end of the research agent) and
 * the full report (workflow_end), about the companies, index and topics of the question, with
 * figures from the demo data and sources from those companies' demo documents, labelled as demo
 * content. Both use headings, lists, emphasis, a link, a table and a code span, so renderers meet
 * every construct. `long` pads the report to ~40,000 characters with several tables. Documents the
 * chat was given are quoted and cited (pinned-documents.ts).
 */
import { growthSection } from './growth-section.js';
import { marginSection } from './margin-section.js';
import { periodText } from './period-text.js';
import { NOT_UNDERSTOOD_TITLE, notUnderstoodPlan, notUnderstoodReport } from './not-understood.js';
import type { Metric } from './question-intent.js';
import { type PlantedMistake, plantedMistake } from './planted-mistake.js';
import { companyFinding, figuresTable, OVERVIEW_METRICS } from './report-figures.js';
import { pinnedPlan, pinnedReport, pinnedSection, pinnedTitle } from './pinned-documents.js';
import { appendixSection } from './report-appendix.js';
import { riskSection } from './risk-section.js';
import { amount, listNames, percent, signedPercent } from './report-format.js';
import type { ResearchFindings } from './research-findings.js';

const LONG_REPORT_CHARS = 40_000;

const METRIC_TITLES: Record<Metric, { en: string; zh: string }> = {
  cash: { en: 'cash position', zh: '现金状况' },
  cash_flow: { en: 'cash flow', zh: '现金流' },
  balance: { en: 'balance sheet', zh: '资产负债' },
  revenue: { en: 'revenue', zh: '营收' },
  mix: { en: 'revenue mix', zh: '收入结构' },
  margins: { en: 'margins', zh: '利润率' },
  earnings: { en: 'earnings', zh: '盈利' },
  price: { en: 'share price', zh: '股价表现' },
  valuation: { en: 'valuation', zh: '估值' },
  risks: { en: 'risks', zh: '风险' },
};

export const DEMO_LABEL = {
  en: '_Demo content: written by the demo research service from its generated demo data. Not real figures, not investment advice._',
  zh: '_演示内容：由演示研究服务根据生成的演示数据撰写，数字并非真实数据，不构成投资建议。_',
} as const;

const metricsOf = (f: ResearchFindings): readonly Metric[] => (f.focus.metrics.length > 0 ? f.focus.metrics : OVERVIEW_METRICS);

export function reportTitle(f: ResearchFindings): string {
  const zh = f.lang === 'zh';
  if (!f.focus.understood) return f.pinned?.length ? pinnedTitle(f.pinned, f.lang) : NOT_UNDERSTOOD_TITLE[f.lang];
  const subjects = [
    ...f.companies.map((c) => c.name),
    ...f.focus.uncovered,
    ...(f.companies.length === 0 ? f.topics.map((t) => t.name) : []),
  ];
  const names = subjects.length > 0 ? subjects.join(zh ? '、' : ', ') : (f.index?.name ?? (zh ? '演示数据' : 'demo data'));
  const metrics = f.focus.metrics.map((m) => METRIC_TITLES[m][f.lang]).join(zh ? '、' : ', ');
  const base = zh ? `研究报告：${names}` : `Research report: ${names}`;
  return metrics && f.companies.length > 0 ? `${base} — ${metrics}` : base;
}

function uncoveredNote(f: ResearchFindings): string[] {
  const demoNames = f.coverage;
  const names = f.focus.uncovered;
  if (names.length === 0) return [];
  const zh = f.lang === 'zh';
  return [
    zh ? '## 演示数据未覆盖' : '## Not in the demo data',
    zh
      ? `演示数据中没有 **${listNames(names, f.lang)}**，本报告不提供其数据，也不以其他公司代替。演示数据覆盖的公司：${demoNames.join('、')}。`
      : `**${listNames(names, f.lang)}** ${names.length > 1 ? 'are' : 'is'} not in the demo data, so this report has no figures for ${names.length > 1 ? 'them' : 'it'} and does not substitute other companies. The demo data covers: ${demoNames.join(', ')}.`,
    '',
  ];
}

function whereFrom(f: ResearchFindings): string {
  const zh = f.lang === 'zh';
  const names = listNames(
    f.companies.map((c) => c.name),
    f.lang,
  );
  switch (f.focus.companySource) {
    case 'earlier':
      return zh ? `（承接本对话前文：${names}）` : `(following up on ${names} from earlier in this conversation)`;
    case 'thread': {
      // The question's own company comes last (question-focus.ts).
      const earlier = listNames(
        f.companies.slice(0, -1).map((c) => c.name),
        f.lang,
      );
      const added = f.companies.at(-1)?.name ?? '';
      return zh ? `（将${added}与本对话前文的${earlier}对比）` : `(comparing ${added} with ${earlier} from earlier in this conversation)`;
    }
    case 'topic':
      return zh
        ? `（问题未点名公司，以下为所问主题或行业的公司）`
        : '(the question names no company: these are the companies of the topic or industry asked about)';
    default:
      return '';
  }
}

function mixSection(f: ResearchFindings): string[] {
  if (!f.focus.metrics.includes('mix')) return [];
  const zh = f.lang === 'zh';
  return [
    zh ? '## 收入结构' : '## Revenue mix',
    ...f.companies.flatMap((c) =>
      c.mix
        ? [
            zh
              ? `**${c.name}**（${periodText(c.mix.ref, f.lang)}，合计 ${amount(c.mix.total, c.currency, f.lang)}）：`
              : `**${c.name}** (${periodText(c.mix.ref, f.lang)}, total ${amount(c.mix.total, c.currency, f.lang)}):`,
            ...c.mix.segments.map((s) => `- ${s.name}: ${amount(s.revenue, c.currency, f.lang)} (${percent(s.percent)})`),
          ]
        : [],
    ),
    '',
  ];
}

function topicSection(f: ResearchFindings): string[] {
  const zh = f.lang === 'zh';
  return f.topics.flatMap((t) => [
    zh ? `## 主题：${t.name}` : `## Topic: ${t.name}`,
    // The concepts' descriptions are in Chinese only.
    zh ? `${t.desc}相关公司：${t.companies.join('、')}。` : `A trending topic in the demo data. Companies: ${t.companies.join(', ')}.`,
    '',
  ]);
}

function marketSentence(f: ResearchFindings): string {
  const idx = f.index;
  if (!idx) return '';
  return f.lang === 'zh'
    ? `${idx.name}（\`${idx.symbol}\`）截至 ${idx.date} 收于 **${idx.close}**，近一年涨跌幅 ${signedPercent(idx.changePct)}。`
    : `${idx.name} (\`${idx.symbol}\`) closed at **${idx.close}** on ${idx.date}, ${signedPercent(idx.changePct)} over the past year.`;
}

function indexTable(f: ResearchFindings): string {
  const idx = f.index;
  if (!idx) return '';
  return f.lang === 'zh'
    ? `| 指数 | 收盘 | 日期 | 近一年 |\n|---|---:|---|---:|\n| ${idx.name} | ${idx.close} | ${idx.date} | ${signedPercent(idx.changePct)} |`
    : `| Index | Close | Date | 1-year change |\n|---|---:|---|---:|\n| ${idx.name} | ${idx.close} | ${idx.date} | ${signedPercent(idx.changePct)} |`;
}

function noCompanyFinding(f: ResearchFindings): string {
  const zh = f.lang === 'zh';
  if (f.focus.indices.length > 0 || f.focus.uncovered.length === 0) {
    return marketSentence(f) || (zh ? '演示数据中没有可用数据。' : 'The demo data has nothing on this.');
  }
  const names = listNames(f.focus.uncovered, f.lang);
  return zh
    ? `演示数据中没有关于 **${names}** 的数据，无法回答。`
    : `The demo data has nothing on **${names}**, so there is nothing to report.`;
}

/**
 * The figures: companies (side by side when several), else an index asked about; else none.
 * Margins have tables of their own (margin-section.ts): a margins-only question gets no other.
 */
function tableSection(f: ResearchFindings): string[] {
  const zh = f.lang === 'zh';
  const metrics = f.focus.metrics.filter((m) => m !== 'margins');
  const marginsOnly = metrics.length === 0 && f.focus.metrics.length > 0;
  if (f.companies.length > 0 && !marginsOnly) {
    const title = f.companies.length > 1 ? (zh ? '## 对比' : '## Side by side') : zh ? '## 财务数据' : '## Figures';
    return [title, '', figuresTable(f.companies, metrics, f.lang), ''];
  }
  if (f.focus.indices.length > 0 && f.index) return [zh ? '## 指数' : '## Index', '', indexTable(f), ''];
  return [];
}

function sources(f: ResearchFindings): string {
  const list = [...new Map([...f.docs, ...f.news].map((d) => [d.doc_id, d])).values()].slice(0, 8);
  if (list.length === 0) return f.lang === 'zh' ? '无（演示数据中没有相关资料）' : 'None (no demo documents on this).';
  return list.map((d, i) => `${i + 1}. [${d.title}](${d.url}) — ${d.published_at.slice(0, 10)}`).join('\n');
}

/** What the planner says it will do: search about the subject, pull the data named, write a report. */
export function buildPlanText(question: string, f: ResearchFindings, subject: string, dataNames: string[]): string {
  const zh = f.lang === 'zh';
  if (!f.focus.understood) return f.pinned?.length ? pinnedPlan(question, f.pinned, f.lang) : notUnderstoodPlan(question, f.lang);
  const q = question.trim();
  const data = listNames(dataNames, f.lang);
  const missing = f.focus.uncovered.length > 0 ? listNames(f.focus.uncovered, f.lang) : '';
  if (zh)
    return [
      `好的，我来研究这个问题：「${q}」。`,
      subject ? `首先检索关于${subject}的研报与新闻` : '首先检索相关研报与新闻',
      data ? `，然后调取${data}` : '',
      '，最后整理成一份报告。',
      missing ? `注意：演示数据中没有${missing}。` : '',
    ].join('');
  return [
    `Sure. To answer "${q}", I will search research reports and news${subject ? ` about ${subject}` : ''}`,
    data ? `, pull the ${data}` : '',
    ', then write a report.',
    missing ? ` Note: ${missing} ${f.focus.uncovered.length > 1 ? 'are' : 'is'} not in the demo data.` : '',
  ].join('');
}

export function buildAnalysisMarkdown(question: string, f: ResearchFindings): string {
  const zh = f.lang === 'zh';
  if (!f.focus.understood) return f.pinned?.length ? pinnedSection(f.pinned, f.lang).join('\n') : notUnderstoodPlan(question, f.lang);
  const first = f.docs[0];
  const subject = listNames([...f.companies.map((c) => c.name), ...f.topics.map((t) => t.name)], f.lang);
  return [
    zh ? '## 初步分析' : '## Preliminary analysis',
    zh
      ? `针对问题 *${question.trim()}*，检索到 **${f.totalCount}** 篇关于${subject || '该问题'}的资料。${whereFrom(f)}`
      : `For the question *${question.trim()}* the search found **${f.totalCount}** documents about ${subject || 'it'}. ${whereFrom(f)}`.trim(),
    '',
    ...findingLines(f),
    ...(f.focus.uncovered.length > 0
      ? [zh ? `- 演示数据中没有：${f.focus.uncovered.join('、')}` : `- Not in the demo data: ${f.focus.uncovered.join(', ')}`]
      : []),
    '',
    first ? (zh ? `最相关的资料：[${first.title}](${first.url})` : `Most relevant: [${first.title}](${first.url})`) : '',
  ].join('\n');
}

/** One line of key findings per company ('' findings, such as a risks-only question's, left out). */
function findingLines(f: ResearchFindings, plant?: PlantedMistake): string[] {
  return f.companies.flatMap((c) => {
    const line = companyFinding(c, metricsOf(f), f.lang, plant);
    return line ? [`- ${line}`] : [];
  });
}

/** The index level belongs in reports about prices, an index, a topic, or a general overview, not in a margins answer. */
function wantsMarket(f: ResearchFindings): boolean {
  const m = f.focus.metrics;
  return f.companies.length === 0 || m.length === 0 || m.includes('price') || m.includes('valuation') || f.focus.indices.length > 0;
}

/** `mistake`: one figure of the key findings written wrong (planted-mistake.ts), for trying the figure check. */
export function buildReportMarkdown(question: string, f: ResearchFindings, long: boolean, mistake = false): string {
  if (!f.focus.understood && f.pinned?.length) return pinnedReport(question, f.pinned, f.lang, DEMO_LABEL[f.lang]);
  if (!f.focus.understood) return notUnderstoodReport(question, f.lang, f.coverage);
  const zh = f.lang === 'zh';
  const metrics = f.focus.metrics;
  const hasCompanies = f.companies.length > 0;
  const parts: string[] = [
    `# ${reportTitle(f)}`,
    DEMO_LABEL[f.lang],
    '',
    zh ? `> 问题：${question.trim()}` : `> Question: ${question.trim()}`,
    '',
    ...uncoveredNote(f),
    zh ? '## 核心结论' : '## Key findings',
    ...(whereFrom(f) ? [whereFrom(f), ''] : []),
    ...findingLines(f, mistake ? plantedMistake(f) : undefined),
    ...(hasCompanies ? [] : [`- ${noCompanyFinding(f)}`]),
    '',
    ...pinnedSection(f.pinned ?? [], f.lang),
    ...tableSection(f),
    ...(metrics.includes('margins') ? marginSection(f.companies, f.lang) : []),
    ...(metrics.includes('revenue') ? growthSection(f.companies, f.lang) : []),
    ...mixSection(f),
    ...topicSection(f),
    ...(wantsMarket(f) && marketSentence(f) ? [zh ? '## 市场表现' : '## Market context', marketSentence(f), ''] : []),
    zh ? '## 参考资料' : '## Sources',
    sources(f),
    '',
    ...riskSection(f.companies, f.lang, metrics.includes('risks')),
  ];
  let report = parts.join('\n');
  if (!long) return report;
  let round = 0;
  while (report.length < LONG_REPORT_CHARS) {
    round += 1;
    const appendix = f.companies.length > 0 ? f.companies : [];
    if (appendix.length === 0) {
      report += `\n\n## ${zh ? `附录 ${round}` : `Appendix ${round}`}\n\n${indexTable(f) || '| — |\n|---|\n| — |'}\n\n${marketSentence(f).repeat(6)}`;
      continue;
    }
    for (const c of appendix) report += appendixSection(c, round, f.lang);
  }
  return report;
}
