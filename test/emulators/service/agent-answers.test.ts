/**
 * The demo agent answers the question asked (issue 29, defect 6): a margins question gets the
 * margin drivers with the figures that explain them (margins over the last quarters, each cost
 * line's share of revenue against a year earlier, the revenue mix), in the question's language;
 * gibberish gets an honest "did not understand" with an example, not a report about an index; a
 * follow-up "how does AMD compare?" under an NVIDIA answer compares both; sources are about what
 * was asked, or none.
 */
import { describe, expect, it } from 'vitest';
import { buildRunScript } from '../../../src/emulators/service/agent-run-script.js';
import { buildDataset } from '../../../src/emulators/service/data/dataset.js';
import { findResearch } from '../../../src/emulators/service/research-findings.js';

const dataset = buildDataset();

function ask(question: string, earlier: string[] = []) {
  const findings = findResearch(dataset, question, [], earlier);
  const script = buildRunScript({
    question,
    findings,
    startOffset: 1,
    responseId: 'resp_answers_test_01',
    conversationId: '1',
    framing: 'document',
  });
  const tools = script.steps
    .map((s) => s.event)
    .filter((e) => e.event_type === 'tool_start')
    .map((e) => ({ name: e.tool_name, symbols: (e.input as { symbols: string[] }).symbols }));
  return { findings, report: script.report, tools };
}

const cells = (report: string, label: string): string[] => {
  const line = report.split('\n').find((l) => l.startsWith(`| ${label} |`));
  return line
    ? line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim())
    : [];
};

const pct = (part: number, whole: number): string => `${((part / whole) * 100).toFixed(1)}%`;

/** The latest quarter's income statement of a company and the same quarter a year earlier. */
function quarters(symbol: string) {
  const list = dataset.income.get(symbol)!.filter((r) => r.period === 'quarterly');
  const now = list[0]!;
  const then = list.find((r) => r.fiscal_year === String(Number(now.fiscal_year) - 1) && r.fiscal_quarter === now.fiscal_quarter)!;
  return { now, then, list };
}

describe('a margins question gets the margin drivers, with the figures that explain them', () => {
  it('“What drives NVDA’s margins?”: margins over five quarters, cost lines against a year earlier, the revenue mix', () => {
    const { report, tools } = ask('What drives NVDA’s margins?');
    const { now, then, list } = quarters('US:NVDA');
    const rc = (r: typeof now) => r.revenue_and_costs;
    expect(report).toContain('## What drives the margins');
    // Each cost line as a share of revenue, now and a year earlier, from the demo statements.
    expect(cells(report, 'Cost of sales')).toEqual([
      'Cost of sales',
      pct(rc(now).cost_of_sales!, rc(now).revenue!),
      pct(rc(then).cost_of_sales!, rc(then).revenue!),
      expect.stringMatching(/^[+−]\d+\.\d pts$/),
    ]);
    expect(cells(report, 'R&D')[1]).toBe(pct(now.operating_results.research_and_development_expenses!, rc(now).revenue!));
    // Margins period by period: the five latest quarters.
    for (const r of list.slice(0, 5)) {
      expect(cells(report, `Q${r.fiscal_quarter.slice(1)} FY${r.fiscal_year}`)[2]).toBe(pct(rc(r).gross_profit!, rc(r).revenue!));
    }
    // A sentence naming what moved, and the business that brings the revenue.
    expect(report).toMatch(/What moved them: cost of sales (rose|fell) to/);
    expect(report).toMatch(/brings \d+\.\d% of revenue/);
    expect(report).toContain('net margin on profit to owners');
    // Not the S&P 500's level: the question is not about the market.
    expect(report).not.toContain('S&P 500');
    expect(report).not.toContain('## Market context');
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['get_income_statement', 'get_revenue_breakdown']));
  });

  it('in Chinese for a Chinese question, with Chinese period names', () => {
    const { report } = ask('英伟达的利润率由什么驱动？');
    const { now } = quarters('US:NVDA');
    expect(report).toContain('## 利润率驱动因素');
    expect(cells(report, '营业成本')[1]).toBe(pct(now.revenue_and_costs.cost_of_sales!, now.revenue_and_costs.revenue!));
    expect(report).toContain(`${now.fiscal_year}财年第`);
    // English only in names (symbols, segments, documents' own titles), never in the report's own words or periods.
    const ownWords = report
      .split('\n')
      .filter((l) => !/^\d+\. \[/.test(l))
      .join('\n');
    expect(ownWords).not.toMatch(/What drives|Cost of sales|\bFY\d{4}|\bbn\b/);
  });

  it('a comparison of margins puts the cost structures side by side', () => {
    const { report } = ask('Compare NVDA and AMD margins');
    expect(cells(report, 'Cost of sales (% of revenue)')).toHaveLength(3);
    expect(report).toMatch(/\*\*NVIDIA\*\*: in .*What moved them/);
    expect(report).toMatch(/\*\*AMD\*\*: in .*What moved them/);
  });
});

describe('a question it does not understand', () => {
  it.each(['asdf qwer zxcv', 'what is going on?'])('“%s” gets a short answer saying so, with an example, and no report', (question) => {
    const { report, findings, tools } = ask(question);
    expect(report).toMatch(/^# Question not understood\n/);
    expect(report).toContain('I did not understand which company or topic');
    expect(report).toContain('for example: *What drives NVIDIA’s margins?*');
    expect(report).not.toMatch(/Research report|S&P 500|## Sources/);
    expect(findings.docs).toEqual([]);
    expect(tools.map((t) => t.name)).not.toContain('get_income_statement');
  });

  it('in Chinese too', () => {
    const { report } = ask('这是什么啊啊啊');
    expect(report).toMatch(/^# 未能理解问题\n/);
    expect(report).toContain('例如：*英伟达的利润率由什么驱动？*');
  });

  it('still answers a follow-up that refers back to the thread’s company', () => {
    const { report } = ask('and what about its risks?', ['What drives NVDA’s margins?']);
    expect(report).toMatch(/^# Research report: NVIDIA — risks/);
  });
});

describe('a follow-up comparison keeps the thread’s companies', () => {
  it('“how does AMD compare?” under an NVIDIA margins answer compares NVIDIA and AMD on margins', () => {
    const { report, findings, tools } = ask('how does AMD compare?', ['What drives NVDA’s margins?']);
    expect(findings.companies.map((c) => c.symbol)).toEqual(['US:NVDA', 'US:AMD']);
    expect(report).toMatch(/^# Research report: NVIDIA, AMD — margins\n/);
    expect(report).toContain('comparing AMD with NVIDIA from earlier in this conversation');
    expect(cells(report, 'Metric')).toEqual(['Metric', 'NVIDIA (US:NVDA)', 'AMD (US:AMD)']);
    const incomeReads = tools.filter((x) => x.name === 'get_income_statement');
    expect(incomeReads.length).toBeGreaterThan(0);
    for (const t of incomeReads) expect(t.symbols).toEqual(['US:NVDA', 'US:AMD']);
  });
});

describe('sources are about what was asked', () => {
  it('a company question cites that company’s own documents, no theme pieces about other topics', () => {
    const { findings, report } = ask('What drives NVDA’s margins?');
    expect(findings.docs.length).toBeGreaterThan(0);
    for (const d of [...findings.docs, ...findings.news]) expect(dataset.docsById.get(d.doc_id)?.symbols).toEqual(['US:NVDA']);
    expect(report).not.toMatch(/Humanoid|Autonomous driving|Theme tracker/);
  });

  it('a topic question cites the topic’s own pieces first and its companies’ documents, nothing else', () => {
    const { findings } = ask('How is the humanoid robot theme doing?');
    const companies = new Set(findings.companies.map((c) => c.symbol));
    const cited = [...findings.docs, ...findings.news].map((d) => dataset.docsById.get(d.doc_id)!);
    expect(cited[0]?.title).toMatch(/Humanoid robots|人形机器人/);
    for (const d of cited) {
      if (d.report_scope === 2) expect(d.title).toMatch(/Humanoid robots|人形机器人/);
      else expect(companies.has(d.symbol)).toBe(true);
    }
  });

  it('a comparison cites each company, and a company the data does not cover gets none', () => {
    const { findings } = ask('how does AMD compare?', ['What drives NVDA’s margins?']);
    const symbols = new Set(findings.docs.map((d) => dataset.docsById.get(d.doc_id)?.symbol));
    expect(symbols).toEqual(new Set(['US:NVDA', 'US:AMD']));
    expect(ask('What is Google’s cash position?').findings.docs).toEqual([]);
  });
});
