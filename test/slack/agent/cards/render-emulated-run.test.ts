/**
 * The reducer and renderers against runs scripted by the service emulator (its event layout,
 * not ours): a normal Chinese run, a failing one, one with a non-fatal error, a ~40k-char [long]
 * report, and the same runs in the published framing (the real stream's).
 */
import { describe, expect, it } from 'vitest';
import { reduceRecordedEvents, reduceRunEvents } from '../../../../src/agent/state/reduce-run.js';
import { initialRunView } from '../../../../src/agent/state/run-view.js';
import { buildRunScript } from '../../../../src/emulators/service/agent-run-script.js';
import type { ResearchFindings } from '../../../../src/emulators/service/research-findings.js';
import type { StreamFraming } from '../../../../src/emulators/service/stream-framing.js';
import type { WorkflowStreamEvent } from '../../../../src/service/types.js';
import { renderFinalAnswer } from '../../../../src/slack/agent/cards/render-final-answer.js';
import { renderRunProgress } from '../../../../src/slack/agent/cards/render-run-progress.js';
import { findMessageViolations } from '../../blocks/limit-violations.js';
import { blockTextLength, MESSAGE_TEXT_BUDGET } from '../../../../src/slack/blocks/markdown/split-into-messages.js';

const findings: ResearchFindings = {
  lang: 'zh',
  focus: {
    companies: ['SH:600519'],
    companySource: 'question',
    indices: [],
    topics: [],
    uncovered: [],
    metrics: ['balance'],
    comparison: false,
    period: { kind: 'latest' },
    understood: true,
  },
  asOf: '2025-06-30',
  topics: [],
  coverage: [],
  companies: [
    {
      symbol: 'SH:600519',
      name: '贵州茅台',
      currency: 'CNY',
      latest: {
        end_date: '2024-12-31',
        label: '2024年报',
        ref: { fiscalYear: 2024, part: 'FY', endDate: '2024-12-31' },
        total_assets: 3e11,
        total_liabilities: 5e10,
        total_shareholders_equity: 2.5e11,
        cash: 6e10,
        operating_cash_flow: 9e10,
      },
      history: [
        {
          end_date: '2023-12-31',
          label: '2023年报',
          ref: { fiscalYear: 2023, part: 'FY', endDate: '2023-12-31' },
          total_assets: 2.7e11,
          total_liabilities: 4.8e10,
          cash: 5.5e10,
        },
        {
          end_date: '2024-12-31',
          label: '2024年报',
          ref: { fiscalYear: 2024, part: 'FY', endDate: '2024-12-31' },
          total_assets: 3e11,
          total_liabilities: 5e10,
          cash: 6e10,
        },
      ],
      income: { periods: [] },
    },
  ],
  docs: [
    {
      doc_id: 'd1',
      title: '贵州茅台 2024 年年度报告',
      url: 'https://example.com/d1',
      published_at: '2025-03-30T00:00:00.000Z',
      snippet: '营收增长',
    },
  ],
  news: [{ doc_id: 'n1', title: '茅台批价企稳', url: 'https://example.com/n1', published_at: '2025-04-01T00:00:00.000Z', snippet: '批价' }],
  totalCount: 1,
  index: { symbol: 'SH:000300', name: '沪深300', close: 3900.5, date: '2025-06-30', changePct: 0.4 },
};

function emulatedRun(question: string, framing: StreamFraming = 'document'): { events: WorkflowStreamEvent[]; report: string } {
  const script = buildRunScript({
    question,
    findings,
    startOffset: 5000,
    responseId: 'resp_emulated_000001',
    conversationId: '7',
    framing,
  });
  let t = 1_750_000_000_000;
  const events = script.steps.map((s) => {
    t += s.delayMs;
    return { ...s.event, timestamp: t } as WorkflowStreamEvent;
  });
  return { events, report: script.report };
}

const ctx = { runId: 'r1', askerUserId: 'U1', nowMs: 1_750_000_100_000 };

describe('emulated runs', () => {
  it('a normal run: report, sources and usage come out of the emulator layout', () => {
    const { events, report } = emulatedRun('贵州茅台的资产负债情况');
    const view = reduceRunEvents(initialRunView(), events);
    expect(view.status).toBe('completed');
    expect(view.report?.nodeId).toBe('final_report');
    expect(view.report?.markdown).toBe(report);
    expect(view.tools.map((t) => t.status)).toEqual(['done', 'done', 'done', 'done']);
    expect(view.sources.map((s) => s.docId)).toEqual(['d1', 'n1']);
    expect(view.usage.reports).toBe(events.filter((e) => e.event_type === 'usage').length);
    expect(view.usage.totalTokens).toBe(view.usage.inputTokens + view.usage.outputTokens);
    const messages = renderFinalAnswer(view, ctx);
    for (const m of messages) expect(findMessageViolations(m)).toEqual([]);
    expect(messages[0]!.blocks.some((b) => b.type === 'data_table')).toBe(true);
  });

  it('a failing run ends with the error in plain words', () => {
    const { events } = emulatedRun('贵州茅台 [error]');
    const view = reduceRecordedEvents(initialRunView(), events);
    expect(view.status).toBe('failed');
    const texts = JSON.stringify(renderFinalAnswer(view, ctx));
    // A Chinese question's answer ends in Chinese (issue 29, one language per answer).
    expect(texts).toContain('研究助手已停止：检索服务暂时不可用');
  });

  it('a [hiccup] run shows the failed attempt while it goes on, then completes noting the problem', () => {
    const { events } = emulatedRun('贵州茅台 [hiccup]');
    const at = events.findIndex((e) => e.event_type === 'error');
    const during = reduceRunEvents(initialRunView(), events.slice(0, at + 1));
    expect(during.status).toBe('running');
    expect(JSON.stringify(renderRunProgress(during, ctx).blocks)).toContain('仍在继续：新闻检索超时');
    const view = reduceRecordedEvents(initialRunView(), events);
    expect(view.status).toBe('completed');
    expect(view.tools.map((t) => `${t.toolName}:${t.status}`)).toEqual([
      'search_documents:done',
      'get_balance_sheet:done',
      'search_news:error',
      'search_news:done',
      'get_index_prices:done',
    ]);
    expect(JSON.stringify(renderFinalAnswer(view, ctx))).toContain('研究助手在过程中报告了一个问题：新闻检索超时');
  });

  it('the published framing differs on the wire only: the same view and the same answer', () => {
    for (const question of ['贵州茅台的资产负债情况', '贵州茅台 [hiccup]', '贵州茅台 [error]']) {
      const document = emulatedRun(question, 'document').events;
      const published = emulatedRun(question, 'published').events;
      const toolEnds = published.filter((e) => e.event_type === 'tool_end');
      expect(toolEnds.length).toBeGreaterThan(0);
      expect(toolEnds.every((e) => e.offset === undefined)).toBe(true);
      expect(published.find((e) => e.event_type === 'init')?.run_id).toBe('');
      if (!question.includes('[error]')) expect(published.at(-1)?.event_type).toBe('usage');
      const strip = (v: ReturnType<typeof reduceRecordedEvents>) => ({ ...v, eventCount: 0 });
      const fromDocument = reduceRecordedEvents(initialRunView(), document);
      const fromPublished = reduceRecordedEvents(initialRunView(), published);
      expect(strip(fromPublished)).toEqual(strip(fromDocument));
      expect(renderFinalAnswer(fromPublished, ctx)).toEqual(renderFinalAnswer(fromDocument, ctx));
    }
  });

  it('a [long] report splits into valid messages; every progress render along the way is valid', () => {
    const { events } = emulatedRun('贵州茅台 [long]');
    let view = initialRunView({ startedAtMs: events[0]!.timestamp });
    events.forEach((e, i) => {
      view = reduceRunEvents(view, [e]);
      if (i % 10 === 0) {
        const progress = renderRunProgress(view, ctx);
        expect(findMessageViolations(progress)).toEqual([]);
        expect(blockTextLength(progress.blocks)).toBeLessThan(4000);
      }
    });
    expect(view.report!.markdown.length).toBeGreaterThan(35_000);
    const messages = renderFinalAnswer(view, ctx);
    expect(messages.length).toBeGreaterThan(3);
    for (const m of messages) {
      expect(findMessageViolations(m)).toEqual([]);
      expect(blockTextLength(m.blocks)).toBeLessThanOrEqual(MESSAGE_TEXT_BUDGET);
    }
  });
});
