import { describe, expect, it } from 'vitest';
import { MAX_QUESTION_CHARS, questionFromSlackText } from '../../../../src/slack/agent/runs/question-from-slack-text.js';

describe('questionFromSlackText', () => {
  const bot = 'U0EMUBOT01';

  it('removes the app’s mention wherever it is, and only that one', () => {
    expect(questionFromSlackText(`<@${bot}> what about <@U0OTHER1|dana>?`, bot)).toBe('what about @dana?');
    expect(questionFromSlackText(`compare these <@${bot}|research_desk> please`, bot)).toBe('compare these please');
  });

  it('without the bot id, removes only a leading mention', () => {
    expect(questionFromSlackText('<@U0ABC123> ask <@U0DEF456>')).toBe('ask @U0DEF456');
  });

  it('decodes Slack entities and references into readable text', () => {
    expect(questionFromSlackText(`<@${bot}> is &lt;NVDA&gt; &amp; <#C0ABC|markets> in <https://x.example/a|this>?`, bot)).toBe(
      'is <NVDA> & #markets in https://x.example/a?',
    );
  });

  it('is empty for a bare mention, and bounded for a huge text', () => {
    expect(questionFromSlackText(`  <@${bot}>  \n `, bot)).toBe('');
    expect([...questionFromSlackText('好'.repeat(MAX_QUESTION_CHARS + 50), bot)]).toHaveLength(MAX_QUESTION_CHARS);
  });
});
