/** The appendix sections that pad a `[long]` report: each company's quarterly history, repeated per round. */
import { periodText } from './period-text.js';
import { amount, type Lang } from './report-format.js';
import type { FoundCompany } from './research-findings.js';

function historyTable(c: FoundCompany, lang: Lang): string {
  const head =
    lang === 'zh'
      ? '| 报告期 | 截止日 | 总资产 | 总负债 | 现金 |\n|---|---|---:|---:|---:|'
      : '| Period | End date | Total assets | Total liabilities | Cash |\n|---|---|---:|---:|---:|';
  return [
    head,
    ...c.history.map(
      (h) =>
        `| ${periodText(h.ref, lang)} | ${h.end_date} | ${amount(h.total_assets, c.currency, lang)} | ${amount(h.total_liabilities, c.currency, lang)} | ${amount(h.cash, c.currency, lang)} |`,
    ),
  ].join('\n');
}

export function appendixSection(c: FoundCompany, round: number, lang: Lang): string {
  const zh = lang === 'zh';
  const note = zh
    ? `${c.name}在过去八个季度中的资产与现金变化如上。*注意*：以上数据均来自演示数据集，可用 \`${c.symbol}\` 在资产负债表接口中复核。`
    : `${c.name}'s assets and cash over the last eight quarters. *Note*: demo data; check it with \`${c.symbol}\` on the balance sheet endpoint.`;
  return `\n\n## ${zh ? `附录 ${round}：${c.name}季度数据` : `Appendix ${round}: ${c.name} quarterly data`}\n\n${historyTable(c, lang)}\n\n${note.repeat(3)}`;
}
