/**
 * The words the final answer adds around the agent's text (notes, endings, sources, footer,
 * feedback labels) in the answer's one language, and how that language is chosen: the asker's
 * (AgentRenderContext.language, from the question or the Slack locale) when the caller knows it,
 * else the language the answer itself is written in, else English.
 */
import type { RunView } from '../../../agent/state/run-view.js';
import { languageOfText, type AnswerLanguage } from '../../../language/answer-language.js';
import { formatElapsed } from './agent-render-context.js';
import { finalAnswerMarkdown } from './run-answer-text.js';
import { spokenDuration } from './spoken-duration.js';

export interface AnswerWords {
  writtenBeforeStop: string;
  finishedWithoutAnswer: string;
  readFullAnswer: string;
  tooLongAttached(fileName: string): string;
  silentStop(duration: string): string;
  cancelledBy(mention: string): string;
  cancelled: string;
  stopped(why: string): string;
  stoppedWithoutReason: string;
  problemAlongTheWay(message: string): string;
  /** "45s", "3m 12s", "1h 05m" / "45秒", "3分12秒", "1小时05分". */
  elapsed(ms: number): string;
  toolCalls(calls: number, failed: number): string;
  tokens(total: string, split: { input: string; output: string } | undefined): string;
  openConversation: string;
  demoRun: string;
  sourcesMore(n: number): string;
  untitledDocument: string;
  /** A duration in words, exact to the second: "1 minute 30 seconds" / "1分30秒". */
  duration(ms: number): string;
  /** The live reply's status line and its fallback words, by run status. */
  statusLine: Record<RunView['status'], string>;
  statusWords: Record<RunView['status'], string>;
  step(names: string): string;
  carriesOn(message: string): string;
  cancel: string;
  cancelLabel: string;
  /** Tool call lines: "— 3 results", "— failed: …", "— no result", "+2 earlier calls". */
  results(n: number, count: string): string;
  failed(message: string | undefined): string;
  noResult: string;
  earlierCalls(n: number): string;
}

function clockParts(ms: number): { h: number; m: number; s: number; totalS: number } {
  const totalS = Math.max(0, Math.floor(ms / 1000));
  return { h: Math.floor(totalS / 3600), m: Math.floor(totalS / 60) % 60, s: totalS % 60, totalS };
}

const pad = (n: number): string => String(n).padStart(2, '0');

const WORDS: Record<AnswerLanguage, AnswerWords> = {
  en: {
    writtenBeforeStop: 'What the agent had written before it stopped:',
    finishedWithoutAnswer: 'The agent finished without writing an answer.',
    readFullAnswer: 'Read the full answer in the service',
    tooLongAttached: (name) => `The answer is too long for a few messages: the full report is attached below as ${name}.`,
    silentStop: (d) => `No news from the agent for ${d}; the run was stopped.`,
    cancelledBy: (who) => `Cancelled by ${who}.`,
    cancelled: 'Cancelled.',
    stopped: (why) => `The agent stopped: ${why}`,
    stoppedWithoutReason: 'the service ended the run without saying why',
    problemAlongTheWay: (m) => `The agent reported a problem along the way: ${m}`,
    elapsed: formatElapsed,
    toolCalls: (calls, failed) => `${calls} tool ${calls === 1 ? 'call' : 'calls'}${failed > 0 ? ` (${failed} failed)` : ''}`,
    tokens: (total, split) => `${total} tokens${split ? ` (${split.input} in / ${split.output} out)` : ''}`,
    openConversation: 'Open the conversation',
    demoRun: 'Demo run: answers come from sample data.',
    sourcesMore: (n) => `+${n} more`,
    untitledDocument: 'Untitled document',
    duration: spokenDuration,
    statusLine: {
      running: ':hourglass_flowing_sand: *Working…*',
      completed: ':white_check_mark: *Done*',
      cancelled: ':no_entry_sign: *Cancelled*',
      failed: ':warning: *Stopped*',
    },
    statusWords: { running: 'Working on your question', completed: 'Done', cancelled: 'Cancelled', failed: 'Stopped' },
    step: (names) => `Step: ${names}`,
    carriesOn: (m) => `:warning: The agent ran into a problem and carries on: ${m}`,
    cancel: 'Cancel',
    cancelLabel: 'Cancel this agent run',
    results: (n, count) => `${count} ${n === 1 ? 'result' : 'results'}`,
    failed: (m) => `failed${m ? `: ${m}` : ''}`,
    noResult: 'no result',
    earlierCalls: (n) => `+${n} earlier ${n === 1 ? 'call' : 'calls'}`,
  },
  zh: {
    writtenBeforeStop: '研究助手停止前已写下的内容：',
    finishedWithoutAnswer: '研究助手已结束，但没有写出回答。',
    readFullAnswer: '在服务中查看完整回答',
    tooLongAttached: (name) => `回答太长，无法在几条消息内显示：完整报告已作为附件 ${name} 附在下方。`,
    silentStop: (d) => `研究助手已有${d}没有进展，本次运行已停止。`,
    cancelledBy: (who) => `已由 ${who} 取消。`,
    cancelled: '已取消。',
    stopped: (why) => `研究助手已停止：${why}`,
    stoppedWithoutReason: '服务结束了本次运行，未说明原因',
    problemAlongTheWay: (m) => `研究助手在过程中报告了一个问题：${m}`,
    elapsed: (ms) => {
      const { h, m, s, totalS } = clockParts(ms);
      if (totalS < 60) return `${s}秒`;
      if (h === 0) return `${m}分${pad(s)}秒`;
      return `${h}小时${pad(m)}分`;
    },
    toolCalls: (calls, failed) => `${calls}次工具调用${failed > 0 ? `（${failed}次失败）` : ''}`,
    tokens: (total, split) => `${total}个令牌${split ? `（输入${split.input} / 输出${split.output}）` : ''}`,
    openConversation: '打开对话',
    demoRun: '演示运行：回答来自示例数据。',
    sourcesMore: (n) => `另有${n}篇`,
    untitledDocument: '无标题文档',
    duration: (ms) => {
      const total = Math.max(1, Math.round(ms / 1000));
      const [m, s] = [Math.floor(total / 60), total % 60];
      return `${m > 0 ? `${m}分` : ''}${s > 0 ? `${s}秒` : ''}`;
    },
    statusLine: {
      running: ':hourglass_flowing_sand: *正在研究…*',
      completed: ':white_check_mark: *已完成*',
      cancelled: ':no_entry_sign: *已取消*',
      failed: ':warning: *已停止*',
    },
    statusWords: { running: '正在研究你的问题', completed: '已完成', cancelled: '已取消', failed: '已停止' },
    step: (names) => `步骤：${names}`,
    carriesOn: (m) => `:warning: 研究助手遇到一个问题，仍在继续：${m}`,
    cancel: '取消',
    cancelLabel: '取消本次研究',
    results: (_n, count) => `${count}条结果`,
    failed: (m) => `失败${m ? `：${m}` : ''}`,
    noResult: '无结果',
    earlierCalls: (n) => `另有${n}次更早的调用`,
  },
};

export function answerWords(lang: AnswerLanguage): AnswerWords {
  return WORDS[lang];
}

/** The language of a run's final answer: the asker's when known, else the answer's own, else English. */
export function answerLanguageOf(view: RunView, known: AnswerLanguage | undefined): AnswerLanguage {
  return known ?? languageOfText(finalAnswerMarkdown(view)) ?? 'en';
}
