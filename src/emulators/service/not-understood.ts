/**
 * What the demo agent answers when it does not understand the question (no company, index or
 * topic it knows, and no earlier turn naming one): a short, honest answer that says so and shows
 * how to ask, instead of a confident report about something else.
 */
import type { Lang } from './report-format.js';

export const NOT_UNDERSTOOD_TITLE = { en: 'Question not understood', zh: '未能理解问题' } as const;

/** The report: what was not understood and an example question that works. */
export function notUnderstoodReport(question: string, lang: Lang, coverage: readonly string[]): string {
  const q = question.trim();
  if (lang === 'zh')
    return [
      `# ${NOT_UNDERSTOOD_TITLE.zh}`,
      '',
      `我没有理解「${q}」问的是哪家公司或哪个主题，因此没有生成报告。`,
      '',
      `请说明公司（名称或代码，如 英伟达、600519）或主题，例如：*英伟达的利润率由什么驱动？*`,
      '',
      `演示数据覆盖的公司：${coverage.join('、')}。`,
    ].join('\n');
  return [
    `# ${NOT_UNDERSTOOD_TITLE.en}`,
    '',
    `I did not understand which company or topic "${q}" is about, so there is no report.`,
    '',
    'Name a company (by name or symbol, such as NVIDIA or 600519) or a topic, for example: *What drives NVIDIA’s margins?*',
    '',
    `The demo data covers: ${coverage.join(', ')}.`,
  ].join('\n');
}

/** The planner's words before it searches anyway. */
export function notUnderstoodPlan(question: string, lang: Lang): string {
  const q = question.trim();
  return lang === 'zh'
    ? `我没有在「${q}」中找到演示数据中的公司或主题，先检索一下资料，再作答。`
    : `I found no company or topic of the demo data in "${q}"; I will search the documents, then answer.`;
}
