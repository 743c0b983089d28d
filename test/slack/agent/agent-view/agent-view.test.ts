import { describe, expect, it } from 'vitest';
import { promptLanguageOf, suggestedPromptsFor } from '../../../../src/slack/agent/agent-view/suggested-prompts.js';
import { threadTitleFrom } from '../../../../src/slack/agent/agent-view/thread-title.js';

describe('suggested prompts', () => {
  it('follow the user’s language where Slack gives a locale', () => {
    expect(promptLanguageOf('zh-CN')).toBe('zh');
    expect(promptLanguageOf('zh_TW')).toBe('zh');
    expect(promptLanguageOf('en-GB')).toBe('en');
    expect(promptLanguageOf(undefined)).toBe('en');
    expect(suggestedPromptsFor('zh-CN').prompts[0]!.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('are at most 4, each with a title and a message', () => {
    for (const locale of ['en-US', 'zh-CN']) {
      const { prompts } = suggestedPromptsFor(locale);
      expect(prompts.length).toBeGreaterThan(0);
      expect(prompts.length).toBeLessThanOrEqual(4);
      for (const p of prompts) expect(p.title && p.message).toBeTruthy();
    }
  });
});

describe('threadTitleFrom', () => {
  it('keeps labels, drops mentions, escapes and cuts to one line', () => {
    expect(threadTitleFrom('<@U0BOT> How did <https://x.example/a|Moutai> do?\n<!here>')).toBe('How did Moutai do?');
    expect(threadTitleFrom('P/E < 10 & rising')).toBe('P/E &lt; 10 &amp; rising');
    const long = threadTitleFrom('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(150);
    expect(long.endsWith('…')).toBe(true);
  });
});
