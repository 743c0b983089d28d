/**
 * Builds the full, timed event list of one emulated agent run from a question (pure: same
 * input, same script). The run store then emits it over real time.
 *
 * Magic questions, for tests and demos:
 * - "[error]" — the run fails after its first tool call with an `error` event
 *   (`error: {code, message, type}`); the message ends with status "failed".
 * - "[slow]"  — the first tool call pauses 30 s (divided by agentSpeed) between tool_start and
 *   tool_end; heartbeats keep flowing meanwhile.
 * - "[long]"  — the final report is ~40,000 characters with several tables.
 * - "[hiccup]" — a non-fatal `error`: the first news search fails (tool_start, then an error event
 *   with its run_id), the agent searches again and the run completes.
 * - "[marathon]" — 300 tool calls, each followed by 100 characters of text (agent-marathon.ts).
 * - "[mistake]" — the final report has exactly one wrong figure: the first company's first
 *   statement figure in its key findings line (revenue, cash, …) written 12% higher, or a margin
 *   3 points higher; tables and the rest stay true (planted-mistake.ts, `plantedMistake`). A
 *   report whose key findings write no statement figure (no company; risks, price or valuation
 *   only) is unchanged. Combines with the others (`[long] [mistake]`).
 *
 * Event layout: init, workflow_start, a `start` node, a `research` agent node whose
 * react_agent streams its plan, calls search_documents, hands over to a nested builtin_agent
 * (one data tool per kind of figure asked: get_balance_sheet, get_cash_flow_statement,
 * get_income_statement, get_revenue_breakdown, get_stock_prices; none when the question names no
 * company the demo data has), calls search_news, streams an analysis and ends with Markdown; a `tool`
 * node (get_index_prices); a final `end` node whose agent streams the report; workflow_end keyed
 * by that last node's id. `usage` events carry `usage: {input_tokens, output_tokens,
 * total_tokens}` and the same object as `output`. Offsets start at `startOffset` and grow by
 * 1..9 per event. At agentSpeed 1 a normal run lasts about 30 s. In the published framing
 * (stream-framing.ts) tool_end events carry no offset, init has `run_id: ""` and the report
 * writer's usage follows workflow_end.
 */
import { buildAnalysisMarkdown, buildPlanText, buildReportMarkdown, reportTitle } from './agent-report.js';
import { dataTools, TOOL_QUERY, toolData } from './agent-data-tools.js';
import { writeMarathon } from './agent-marathon.js';
import { MAGIC_WORDS } from './magic-words.js';
import { listNames } from './report-format.js';
import type { ResearchFindings } from './research-findings.js';
import { type EventScope, RunScriptWriter, type ScriptStep } from './run-script-writer.js';
import type { StreamFraming } from './stream-framing.js';

export interface RunScript {
  steps: ScriptStep[];
  /** The final report (for completed runs), or '' when the run fails. */
  report: string;
  outcome: 'completed' | 'failed';
  lastOffset: number;
}

export interface ScriptInput {
  question: string;
  findings: ResearchFindings;
  startOffset: number;
  responseId: string;
  conversationId: string;
  framing: StreamFraming;
}

export const SLOW_PAUSE_MS = 30_000;

/** The year of data up to the findings' newest trading day. */
function windowOf(f: ResearchFindings): { start_datetime: string; end_datetime: string } {
  const end = Date.parse(`${f.asOf}T00:00:00Z`);
  const start = new Date(end - 364 * 86_400_000).toISOString().slice(0, 10);
  return { start_datetime: `${start} 00:00:00`, end_datetime: `${f.asOf} 23:59:59` };
}

export function buildRunScript(input: ScriptInput): RunScript {
  const { question, findings: f, responseId } = input;
  const zh = f.lang === 'zh';
  const failing = /\[error\]/i.test(question);
  const slow = /\[slow\]/i.test(question);
  const long = /\[long\]/i.test(question);
  const hiccup = /\[hiccup\]/i.test(question);
  const mistake = /\[mistake\]/i.test(question);
  const published = input.framing === 'published';
  const symbols = f.companies.map((c) => c.symbol);
  const window = windowOf(f);
  const w = new RunScriptWriter(input);

  const wfRun = w.newRun('wf');
  w.emit(300, 'init', {}, { input: { message: question }, ...(published ? { run_id: '' } : {}) });
  w.emit(200, 'workflow_start', {}, { run_id: wfRun, input: { query: question } });

  const startNode: EventScope = { node_id: 'start', node_name: zh ? '开始' : 'Start', node_type: 'start', parent_run_id: wfRun };
  const startRun = w.newRun('node');
  w.emit(100, 'node_start', startNode, { run_id: startRun, input: { query: question } });
  w.emit(150, 'node_end', startNode, { run_id: startRun, output: w.nodeOutput('', 'input.md') });

  // Research node: planner agent with a nested analyst agent.
  const researchRun = w.newRun('node');
  const researchNode: EventScope = {
    node_id: 'research',
    node_name: zh ? '资料研究' : 'Research',
    node_type: 'agent',
    parent_run_id: wfRun,
  };
  w.emit(200, 'node_start', researchNode, { run_id: researchRun });
  const plannerRun = w.newRun('agent');
  const planner: EventScope = {
    ...researchNode,
    agent_id: 'agent_research_planner',
    agent_name: zh ? '研究规划师' : 'Research Planner',
    agent_type: 'react_agent',
    parent_run_id: plannerRun,
  };
  w.emit(200, 'agent_start', { ...planner, parent_run_id: researchRun }, { run_id: plannerRun, input: { query: question } });
  const names = listNames(
    f.companies.map((c) => c.name),
    f.lang,
  );
  const subject = names || listNames([...f.topics.map((t) => t.name), ...(f.index ? [f.index.name] : [])], f.lang);
  const tools = dataTools(f);
  const plan = buildPlanText(
    question.replace(MAGIC_WORDS, ''),
    f,
    subject,
    tools.map((t) => TOOL_QUERY[t][f.lang]),
  );
  w.stream(planner, plan, zh ? 14 : 28, 250);

  const searchOutput = {
    docs: f.docs.map((d) => ({ doc_id: d.doc_id, title: d.title, url: d.url })),
    total_count: f.totalCount,
    chunks: f.docs.slice(0, 3).map((d) => ({ doc_id: d.doc_id, type: 'text', content: d.snippet })),
  };
  w.tool(
    planner,
    'search_documents',
    { query: question.replace(MAGIC_WORDS, '').trim(), symbols, ...window, num: 10, filetype: 'all', response_mode: 'docs' },
    searchOutput,
    3000 + (slow ? SLOW_PAUSE_MS : 0),
  );

  if (failing) {
    w.emit(400, 'error', planner, {
      run_id: plannerRun,
      error: {
        code: 'tool_execution_failed',
        type: 'ToolError',
        message: zh
          ? '检索服务暂时不可用（由 [error] 触发的模拟错误）'
          : 'Search backend unavailable (simulated failure triggered by [error])',
      },
    });
    return { steps: w.steps, report: '', outcome: 'failed', lastOffset: w.lastOffset };
  }
  w.usage(planner, plannerRun, w.int(1200, 2400), w.int(150, 400));
  if (/\[marathon\]/i.test(question)) writeMarathon(w, planner, subject || question.replace(MAGIC_WORDS, '').trim());

  if (tools.length > 0) {
    const analystRun = w.newRun('agent');
    const analyst: EventScope = {
      ...researchNode,
      agent_id: 'agent_financial_analyst',
      agent_name: zh ? '财务分析师' : 'Financial Analyst',
      agent_type: 'builtin_agent',
      parent_run_id: analystRun,
    };
    w.emit(400, 'agent_start', { ...analyst, parent_run_id: plannerRun }, { run_id: analystRun, input: { symbols } });
    for (const name of tools) {
      w.tool(
        analyst,
        name,
        { query: TOOL_QUERY[name][f.lang], symbols, ...window, num: 4, filetype: 'json', response_mode: 'data' },
        { docs: [], chunks: [], total_count: f.companies.length, data: f.companies.map((c) => toolData(name, c)) },
        2500,
      );
    }
    const retrieved = listNames(
      tools.map((t) => TOOL_QUERY[t][f.lang]),
      f.lang,
    );
    const analystNote = zh
      ? `${names}的${retrieved}数据已获取；资产总计与负债和权益合计一致，期末现金与资产负债表勾稽。`
      : `Retrieved ${retrieved} for ${names}; assets equal liabilities plus equity and end cash ties to the balance sheet.`;
    w.stream(analyst, analystNote, zh ? 16 : 32, 200);
    w.usage(analyst, analystRun, w.int(800, 1600), w.int(100, 300));
    w.emit(
      300,
      'agent_end',
      { ...analyst, parent_run_id: plannerRun },
      { run_id: analystRun, output: { content: `### ${zh ? '财务数据核对' : 'Financial data check'}\n\n${analystNote}` } },
    );
  }

  const newsInput = {
    query: subject || question.replace(MAGIC_WORDS, '').trim(),
    symbols,
    ...window,
    num: 5,
    filetype: 'news',
    response_mode: 'chunks',
  };
  if (hiccup) {
    // The first attempt fails without ending the run: the agent tries again.
    const failedRun = w.newRun('tool');
    w.emit(300, 'tool_start', planner, { tool_id: 'tool_search_news', tool_name: 'search_news', run_id: failedRun, input: newsInput });
    w.emit(1200, 'error', planner, {
      run_id: failedRun,
      error: {
        code: 'tool_timeout',
        type: 'ToolError',
        message: zh ? '新闻检索超时，正在重试（由 [hiccup] 触发的模拟错误）' : 'News search timed out; retrying (simulated by [hiccup])',
      },
    });
  }
  w.tool(
    planner,
    'search_news',
    newsInput,
    {
      docs: f.news.map((d) => ({ doc_id: d.doc_id, title: d.title, url: d.url })),
      total_count: f.news.length,
      chunks: f.news.map((d) => ({ doc_id: d.doc_id, type: 'text', content: d.snippet })),
    },
    2500,
  );
  const analysis = buildAnalysisMarkdown(question.replace(MAGIC_WORDS, ''), f);
  w.stream(planner, analysis, Math.max(20, Math.ceil(analysis.length / 10)), 200);
  w.usage(planner, plannerRun, w.int(2400, 4800), w.int(300, 900));
  w.emit(300, 'agent_end', { ...planner, parent_run_id: researchRun }, { run_id: plannerRun, output: { content: analysis } });
  w.emit(200, 'node_end', researchNode, { run_id: researchRun, output: w.nodeOutput(analysis, 'analysis.md') });

  // Tool node: market context.
  const toolNodeRun = w.newRun('node');
  const priceNode: EventScope = {
    node_id: 'market_data',
    node_name: zh ? '行情数据' : 'Market data',
    node_type: 'tool',
    parent_run_id: wfRun,
  };
  w.emit(300, 'node_start', priceNode, { run_id: toolNodeRun });
  w.tool(
    { ...priceNode, parent_run_id: toolNodeRun },
    'get_index_prices',
    {
      query: f.index?.symbol ?? 'SPX',
      symbols: f.index ? [f.index.symbol] : [],
      ...window,
      num: 5,
      filetype: 'json',
      response_mode: 'data',
    },
    {
      docs: [],
      chunks: [],
      total_count: f.index ? 1 : 0,
      data: f.index ?? null,
    },
    1500,
  );
  const priceNote = f.index ? `${f.index.name}: ${f.index.close} (${f.index.date})` : '';
  w.emit(100, 'node_end', priceNode, { run_id: toolNodeRun, output: w.nodeOutput(priceNote, 'market.md') });

  // Final node: the report writer.
  const finalRun = w.newRun('node');
  const finalNode: EventScope = {
    node_id: 'final_report',
    node_name: zh ? '撰写报告' : 'Write report',
    node_type: 'end',
    parent_run_id: wfRun,
  };
  w.emit(300, 'node_start', finalNode, { run_id: finalRun });
  const writerRun = w.newRun('agent');
  const writer: EventScope = {
    ...finalNode,
    agent_id: 'agent_report_writer',
    agent_name: zh ? '报告撰写' : 'Report Writer',
    agent_type: 'react_agent',
    parent_run_id: writerRun,
  };
  w.emit(200, 'agent_start', { ...writer, parent_run_id: finalRun }, { run_id: writerRun });
  const report = buildReportMarkdown(question.replace(MAGIC_WORDS, ''), f, long, mistake);
  const pieces = long ? 40 : 25;
  w.stream(writer, report, Math.ceil(report.length / pieces), 320);
  const writerInputTokens = w.int(4000, 9000);
  const writerUsage = (delayMs: number): void => w.usage(writer, writerRun, writerInputTokens, Math.ceil(report.length / 2), delayMs);
  if (!published) writerUsage(100);
  // Published: the usage comes last, at once; its 100 ms go here, so both framings keep one timeline.
  w.emit(published ? 400 : 300, 'agent_end', { ...writer, parent_run_id: finalRun }, { run_id: writerRun, output: { content: report } });
  const filename = `report-${responseId.slice(-8)}.md`;
  w.emit(200, 'node_end', finalNode, { run_id: finalRun, output: w.nodeOutput(report, filename) });
  w.emit(
    300,
    'workflow_end',
    {},
    {
      run_id: wfRun,
      output: { final_report: { title: reportTitle(f), ...w.nodeOutput(report, filename) } },
    },
  );
  if (published) writerUsage(0);
  return { steps: w.steps, report, outcome: 'completed', lastOffset: w.lastOffset };
}
