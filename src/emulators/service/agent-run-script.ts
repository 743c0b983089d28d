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
import type { WorkflowEvent, WorkflowEventType } from './agent-events.js';
import { buildAnalysisMarkdown, buildPlanText, buildReportMarkdown, reportTitle } from './agent-report.js';
import { createPrng, hashSeed } from './data/prng.js';
import { dataTools, TOOL_QUERY, toolData } from './agent-data-tools.js';
import { listNames } from './report-format.js';
import type { ResearchFindings } from './research-findings.js';
import type { StreamFraming } from './stream-framing.js';

export interface ScriptStep {
  /** Wait before emitting this event, in ms at agentSpeed 1. */
  delayMs: number;
  /** Everything but `timestamp`, which is stamped at emission. */
  event: Omit<WorkflowEvent, 'timestamp'>;
}

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
const MAGIC_WORDS = /\[(error|slow|long|hiccup)\]/gi;

type Scope = Partial<
  Pick<WorkflowEvent, 'node_id' | 'node_name' | 'node_type' | 'agent_id' | 'agent_name' | 'agent_type' | 'parent_run_id'>
>;

/** The year of data up to the findings' newest trading day. */
function windowOf(f: ResearchFindings): { start_datetime: string; end_datetime: string } {
  const end = Date.parse(`${f.asOf}T00:00:00Z`);
  const start = new Date(end - 364 * 86_400_000).toISOString().slice(0, 10);
  return { start_datetime: `${start} 00:00:00`, end_datetime: `${f.asOf} 23:59:59` };
}

function chunkText(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

export function buildRunScript(input: ScriptInput): RunScript {
  const { question, findings: f, responseId } = input;
  const prng = createPrng(hashSeed(responseId));
  const zh = f.lang === 'zh';
  const failing = /\[error\]/i.test(question);
  const slow = /\[slow\]/i.test(question);
  const long = /\[long\]/i.test(question);
  const hiccup = /\[hiccup\]/i.test(question);
  const published = input.framing === 'published';
  const symbols = f.companies.map((c) => c.symbol);
  const window = windowOf(f);
  const steps: ScriptStep[] = [];
  let offset = input.startOffset;
  let runSeq = 0;
  const base = { response_id: responseId, workflow_id: 'wf_research_report_v3', execution_id: `exec_${responseId.slice(-12)}` };
  const newRun = (kind: string): string => `run_${kind}_${prng.hex(8)}_${++runSeq}`;

  /**
   * `withOffset: false` leaves the event without one. Its offset is drawn all the same, so both
   * framings make the same run (ids, text, offsets of the other events) from the same seed.
   */
  const emit = (delayMs: number, type: WorkflowEventType, scope: Scope, fields: Partial<WorkflowEvent> = {}, withOffset = true): void => {
    if (steps.length > 0) offset += prng.int(1, 9);
    const event = { event_id: `evt_${responseId.slice(-10)}_${steps.length}`, event_type: type, ...base, ...scope, ...fields };
    steps.push({ delayMs, event: withOffset ? { ...event, offset } : event });
  };
  const usage = (scope: Scope, runId: string, input_tokens: number, output_tokens: number, delayMs = 100): void => {
    const u = { input_tokens, output_tokens, total_tokens: input_tokens + output_tokens };
    emit(delayMs, 'usage', scope, { run_id: runId, usage: u, output: { ...u } });
  };
  const stream = (scope: Scope, text: string, size: number, stepMs: number): void => {
    const runId = newRun('stream');
    emit(200, 'stream_start', scope, { run_id: runId });
    for (const piece of chunkText(text, size)) emit(stepMs, 'streaming', scope, { run_id: runId, content: piece });
    emit(100, 'stream_end', scope, { run_id: runId });
  };
  const tool = (
    scope: Scope,
    name: string,
    toolInput: Record<string, unknown>,
    output: Record<string, unknown>,
    durationMs: number,
  ): void => {
    const runId = newRun('tool');
    const ids = { tool_id: `tool_${name}`, tool_name: name, run_id: runId };
    emit(300, 'tool_start', scope, { ...ids, input: toolInput });
    const result = { content: JSON.stringify({ ...output, took_ms: prng.int(40, 900) }) };
    emit(durationMs, 'tool_end', scope, { ...ids, output: result }, !published);
  };
  const nodeOutput = (content: string, filename: string): Record<string, unknown> => ({
    content,
    filetype: 'md',
    filename,
    filepath: `/outputs/${input.conversationId}/${filename}`,
  });

  const wfRun = newRun('wf');
  emit(300, 'init', {}, { input: { message: question }, ...(published ? { run_id: '' } : {}) });
  emit(200, 'workflow_start', {}, { run_id: wfRun, input: { query: question } });

  const startNode: Scope = { node_id: 'start', node_name: zh ? '开始' : 'Start', node_type: 'start', parent_run_id: wfRun };
  const startRun = newRun('node');
  emit(100, 'node_start', startNode, { run_id: startRun, input: { query: question } });
  emit(150, 'node_end', startNode, { run_id: startRun, output: nodeOutput('', 'input.md') });

  // Research node: planner agent with a nested analyst agent.
  const researchRun = newRun('node');
  const researchNode: Scope = { node_id: 'research', node_name: zh ? '资料研究' : 'Research', node_type: 'agent', parent_run_id: wfRun };
  emit(200, 'node_start', researchNode, { run_id: researchRun });
  const plannerRun = newRun('agent');
  const planner: Scope = {
    ...researchNode,
    agent_id: 'agent_research_planner',
    agent_name: zh ? '研究规划师' : 'Research Planner',
    agent_type: 'react_agent',
    parent_run_id: plannerRun,
  };
  emit(200, 'agent_start', { ...planner, parent_run_id: researchRun }, { run_id: plannerRun, input: { query: question } });
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
  stream(planner, plan, zh ? 14 : 28, 250);

  const searchOutput = {
    docs: f.docs.map((d) => ({ doc_id: d.doc_id, title: d.title, url: d.url })),
    total_count: f.totalCount,
    chunks: f.docs.slice(0, 3).map((d) => ({ doc_id: d.doc_id, type: 'text', content: d.snippet })),
  };
  tool(
    planner,
    'search_documents',
    { query: question.replace(MAGIC_WORDS, '').trim(), symbols, ...window, num: 10, filetype: 'all', response_mode: 'docs' },
    searchOutput,
    3000 + (slow ? SLOW_PAUSE_MS : 0),
  );

  if (failing) {
    emit(400, 'error', planner, {
      run_id: plannerRun,
      error: {
        code: 'tool_execution_failed',
        type: 'ToolError',
        message: zh
          ? '检索服务暂时不可用（由 [error] 触发的模拟错误）'
          : 'Search backend unavailable (simulated failure triggered by [error])',
      },
    });
    return { steps, report: '', outcome: 'failed', lastOffset: offset };
  }
  usage(planner, plannerRun, prng.int(1200, 2400), prng.int(150, 400));

  if (tools.length > 0) {
    const analystRun = newRun('agent');
    const analyst: Scope = {
      ...researchNode,
      agent_id: 'agent_financial_analyst',
      agent_name: zh ? '财务分析师' : 'Financial Analyst',
      agent_type: 'builtin_agent',
      parent_run_id: analystRun,
    };
    emit(400, 'agent_start', { ...analyst, parent_run_id: plannerRun }, { run_id: analystRun, input: { symbols } });
    for (const name of tools) {
      tool(
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
    stream(analyst, analystNote, zh ? 16 : 32, 200);
    usage(analyst, analystRun, prng.int(800, 1600), prng.int(100, 300));
    emit(
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
    const failedRun = newRun('tool');
    emit(300, 'tool_start', planner, { tool_id: 'tool_search_news', tool_name: 'search_news', run_id: failedRun, input: newsInput });
    emit(1200, 'error', planner, {
      run_id: failedRun,
      error: {
        code: 'tool_timeout',
        type: 'ToolError',
        message: zh ? '新闻检索超时，正在重试（由 [hiccup] 触发的模拟错误）' : 'News search timed out; retrying (simulated by [hiccup])',
      },
    });
  }
  tool(
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
  stream(planner, analysis, Math.max(20, Math.ceil(analysis.length / 10)), 200);
  usage(planner, plannerRun, prng.int(2400, 4800), prng.int(300, 900));
  emit(300, 'agent_end', { ...planner, parent_run_id: researchRun }, { run_id: plannerRun, output: { content: analysis } });
  emit(200, 'node_end', researchNode, { run_id: researchRun, output: nodeOutput(analysis, 'analysis.md') });

  // Tool node: market context.
  const toolNodeRun = newRun('node');
  const priceNode: Scope = { node_id: 'market_data', node_name: zh ? '行情数据' : 'Market data', node_type: 'tool', parent_run_id: wfRun };
  emit(300, 'node_start', priceNode, { run_id: toolNodeRun });
  tool(
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
  emit(100, 'node_end', priceNode, { run_id: toolNodeRun, output: nodeOutput(priceNote, 'market.md') });

  // Final node: the report writer.
  const finalRun = newRun('node');
  const finalNode: Scope = { node_id: 'final_report', node_name: zh ? '撰写报告' : 'Write report', node_type: 'end', parent_run_id: wfRun };
  emit(300, 'node_start', finalNode, { run_id: finalRun });
  const writerRun = newRun('agent');
  const writer: Scope = {
    ...finalNode,
    agent_id: 'agent_report_writer',
    agent_name: zh ? '报告撰写' : 'Report Writer',
    agent_type: 'react_agent',
    parent_run_id: writerRun,
  };
  emit(200, 'agent_start', { ...writer, parent_run_id: finalRun }, { run_id: writerRun });
  const report = buildReportMarkdown(question.replace(MAGIC_WORDS, ''), f, long);
  const pieces = long ? 40 : 25;
  stream(writer, report, Math.ceil(report.length / pieces), 320);
  const writerInputTokens = prng.int(4000, 9000);
  const writerUsage = (delayMs: number): void => usage(writer, writerRun, writerInputTokens, Math.ceil(report.length / 2), delayMs);
  if (!published) writerUsage(100);
  // Published: the usage comes last, at once; its 100 ms go here, so both framings keep one timeline.
  emit(published ? 400 : 300, 'agent_end', { ...writer, parent_run_id: finalRun }, { run_id: writerRun, output: { content: report } });
  const filename = `report-${responseId.slice(-8)}.md`;
  emit(200, 'node_end', finalNode, { run_id: finalRun, output: nodeOutput(report, filename) });
  emit(
    300,
    'workflow_end',
    {},
    {
      run_id: wfRun,
      output: { final_report: { title: reportTitle(f), ...nodeOutput(report, filename) } },
    },
  );
  if (published) writerUsage(0);
  return { steps, report, outcome: 'completed', lastOffset: offset };
}
