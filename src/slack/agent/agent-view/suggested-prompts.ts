/**
 * The suggested prompts of a new agent view thread, in the user's language where Slack tells us
 * one (users.info `locale`, e.g. zh-CN); English otherwise. The English set is also the
 * manifest's `features.agent_view.suggested_prompts` (test/manifest.test.ts keeps them equal).
 * @see https://docs.slack.dev/reference/methods/assistant.threads.setSuggestedPrompts
 */
import { AGENT_VIEW_LIMITS, clampAgentViewText } from '../../../slack-api/agent-view-limits.js';

export interface SuggestedPrompt {
  title: string;
  message: string;
}

export interface SuggestedPromptSet {
  /** Shown above the prompts. */
  title: string;
  prompts: SuggestedPrompt[];
}

const PROMPTS = {
  en: {
    title: 'Try asking the research agent',
    prompts: [
      { title: 'Latest earnings', message: "Summarise NVIDIA's latest quarterly results and what drove them." },
      { title: 'Compare two companies', message: 'Compare Apple and Microsoft on revenue growth, margins and cash flow.' },
      { title: 'Market themes', message: 'Which market concepts are trending this week, and which companies lead them?' },
      { title: 'Risks in a filing', message: 'What are the main risks Tesla lists in its latest annual report?' },
    ],
  },
  zh: {
    title: '试着问问研究助手',
    prompts: [
      { title: '最新业绩', message: '总结贵州茅台最新一季的业绩及其驱动因素。' },
      { title: '公司对比', message: '比较比亚迪和宁德时代的营收增长、利润率和现金流。' },
      { title: '市场热点', message: '本周有哪些热门概念板块？哪些公司领涨？' },
      { title: '年报风险', message: '腾讯最新年报中列出的主要风险有哪些？' },
    ],
  },
} as const satisfies Record<string, SuggestedPromptSet>;

export type PromptLanguage = keyof typeof PROMPTS;

/** `zh-CN`, `zh-TW`, `zh` → zh; anything else (or nothing) → en. */
export function promptLanguageOf(locale: string | undefined): PromptLanguage {
  const language = locale?.toLowerCase().split(/[-_]/)[0];
  return language === 'zh' ? 'zh' : 'en';
}

/** Up to 4 prompts, clamped, for a locale. */
export function suggestedPromptsFor(locale: string | undefined): SuggestedPromptSet {
  const set = PROMPTS[promptLanguageOf(locale)];
  return {
    title: clampAgentViewText(set.title, AGENT_VIEW_LIMITS.promptTitleChars),
    prompts: set.prompts.slice(0, AGENT_VIEW_LIMITS.suggestedPrompts).map((p) => ({
      title: clampAgentViewText(p.title, AGENT_VIEW_LIMITS.promptTitleChars),
      message: clampAgentViewText(p.message, AGENT_VIEW_LIMITS.promptMessageChars),
    })),
  };
}

/** The English prompts as written (for the manifest check). */
export const ENGLISH_PROMPTS: readonly SuggestedPrompt[] = PROMPTS.en.prompts;
