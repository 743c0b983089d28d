/**
 * Issue 29, defect 3: a Chinese answer is rendered with Chinese words only around the agent's
 * text (table captions, the sources heading, endings, footer, feedback labels), lists its sources
 * once when the report has its own 参考资料, and an English answer gets English words.
 */
import { describe, expect, it } from 'vitest';
import { reduceRecordedEvents } from '../../../../src/agent/state/reduce-run.js';
import { initialRunView, type RunView } from '../../../../src/agent/state/run-view.js';
import type { WorkflowStreamEvent } from '../../../../src/service/types.js';
import type { AgentRenderContext } from '../../../../src/slack/agent/cards/agent-render-context.js';
import { renderFinalAnswer } from '../../../../src/slack/agent/cards/render-final-answer.js';
import { renderRunProgress } from '../../../../src/slack/agent/cards/render-run-progress.js';
import { renderAskedQuestion } from '../../../../src/slack/agent/cards/render-thread-root.js';
import { buildRunEvents, DEFAULT_REPORT } from '../../../fixtures/build-run-events.js';

const START = 1_750_000_000_000;
const ctx: AgentRenderContext = {
  runId: 'run-7',
  askerUserId: 'U0ASKER',
  conversationId: '7',
  conversationUrl: 'https://research.example.com/c/7',
  nowMs: START + 95_000,
  demo: true,
};
const fold = (events: WorkflowStreamEvent[]): RunView => reduceRecordedEvents(initialRunView({ startedAtMs: START }), events);

/** Every string Slack shows or reads out of the messages: text, block texts, captions, labels. */
function shownStrings(v: unknown, key = ''): string[] {
  if (typeof v === 'string') return ['text', 'caption', 'title', 'accessibility_label', 'alt_text'].includes(key) ? [v] : [];
  if (Array.isArray(v)) return v.flatMap((x) => shownStrings(x, key));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => shownStrings(x, k));
  return [];
}

/** English words (two letters or more) outside link targets, host names, emoji codes, mentions, entities and symbols. */
function englishWords(s: string): string[] {
  const stripped = s
    .replace(/<[^<>|]*\|/g, '<')
    .replace(/<https?:[^<>]*>/g, '')
    .replace(/[\w-]+(?:\.[\w-]+)+/g, '')
    .replace(/&lt;!\w+&gt;|&\w+;/g, '')
    .replace(/:[a-z_]+:/g, '')
    .replace(/<@[A-Z0-9]+>/g, '');
  return stripped.match(/(?<![\p{L}\p{N}:.])(?:[A-Za-z][a-z]+|[a-z]{2,})(?![\p{L}\p{N}:])/gu) ?? [];
}

const REPORT_WITH_SOURCES = `${DEFAULT_REPORT}\n## 参考资料\n\n- [贵州茅台 2024 年年度报告](https://research.example.com/docs/d1)\n`;

describe('one language per answer', () => {
  it('a Chinese report gets a Chinese caption, sources heading, footer and labels, without the asker naming a language', () => {
    const strings = shownStrings(renderFinalAnswer(fold(buildRunEvents({})), ctx));
    const caption = strings.find((s) => s.startsWith('关键指标 —'));
    expect(caption).toBe('关键指标 — 表1：指标、2023、2024、同比');
    expect(strings.some((s) => s.startsWith('*参考资料*'))).toBe(true);
    // Proper names of the product stay as they are ("Research Desk").
    const english = strings.flatMap(englishWords).filter((w) => !['Research', 'Desk'].includes(w));
    expect(english).toEqual([]);
  });

  it('the asker’s language wins over the answer’s for the words we add', () => {
    const strings = shownStrings(renderFinalAnswer(fold(buildRunEvents({})), { ...ctx, language: 'en' }));
    expect(strings.some((s) => s.startsWith('*Sources*'))).toBe(true);
    expect(strings).toContain('关键指标 — table 1: 指标, 2023, 2024, 同比');
  });

  it('lists sources once: no second heading when the report has its own 参考资料', () => {
    const strings = shownStrings(renderFinalAnswer(fold(buildRunEvents({ report: REPORT_WITH_SOURCES })), ctx));
    expect(strings.filter((s) => /参考资料|Sources/.test(s))).toEqual(['参考资料']);
  });

  it('a failed Chinese run ends in Chinese', () => {
    const strings = shownStrings(renderFinalAnswer(fold(buildRunEvents({ outcome: 'failed' })), ctx));
    expect(strings.some((s) => s.startsWith(':warning: 研究助手已停止：'))).toBe(true);
    expect(strings).toContain('研究助手停止前已写下的内容：');
  });

  it('shows token usage only where the operator turned it on', () => {
    const hidden = shownStrings(renderFinalAnswer(fold(buildRunEvents({})), ctx)).join('\n');
    expect(hidden).not.toMatch(/tokens|令牌|:abacus:/);
    const shown = shownStrings(renderFinalAnswer(fold(buildRunEvents({})), { ...ctx, showUsage: true, language: 'en' })).join('\n');
    expect(shown).toMatch(/:abacus: [\d,]+ tokens/);
  });

  it('the live reply of a Chinese run is in Chinese too: status, tools, Cancel', () => {
    const events = buildRunEvents({});
    const running = fold(
      events.slice(
        0,
        events.findIndex((e) => e.event_type === 'workflow_end'),
      ),
    );
    const message = renderRunProgress(running, ctx);
    const strings = shownStrings(message);
    expect(strings.some((s) => s.startsWith(':hourglass_flowing_sand: *正在研究…*'))).toBe(true);
    expect(strings).toContain('取消');
    expect(message.text).toMatch(/^正在研究你的问题/);
    // A tool line's name and input are the agent's own (`search_documents` top 5): only what we add after " — " counts.
    const ours = (s: string): string => s.replace(/^[✓…✗–] .*?(?= — |$)/gm, '');
    const english = strings.flatMap((s) => englishWords(ours(s))).filter((w) => !['Research', 'Desk'].includes(w));
    expect(english).toEqual([]);
  });

  it('the message a slash command’s question hangs its thread on speaks the question’s language', () => {
    const zh = shownStrings(renderAskedQuestion('U0ASKER', '比较英伟达和AMD的毛利率'));
    expect(zh).toContain('研究助手会在此话题中回答。');
    expect(zh.flatMap(englishWords)).toEqual([]);
    expect(shownStrings(renderAskedQuestion('U0ASKER', 'Compare NVIDIA and AMD'))).toContain('The agent answers in this thread.');
  });

  it('an English report gets English words and no Chinese of ours', () => {
    const report = '# NVIDIA results\n\n## Key figures\n\n| Metric | FY2025 |\n|--|--:|\n| Revenue | 130.5 |\n';
    const strings = shownStrings(renderFinalAnswer(fold(buildRunEvents({ report })), ctx));
    expect(strings).toContain('Key figures — table 1: Metric, FY2025');
    // The tool's document titles are the service's (Chinese in this fixture); none of our words are.
    const ours = strings.filter((s) => !s.startsWith('•') && !s.startsWith('*Sources*'));
    expect(ours.join('\n')).not.toMatch(/\p{Script=Han}/u);
  });
});
