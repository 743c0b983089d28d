import { describe, expect, it } from 'vitest';
import { parameterProblems, typeProblem } from '../../../../src/emulators/slack/workflows/parameter-values.js';
import { richTextToText } from '../../../../src/emulators/slack/workflows/rich-text-text.js';
import { coerceToDeclared, referencesIn, resolveInputs } from '../../../../src/emulators/slack/workflows/step-inputs.js';

const rich = {
  type: 'rich_text',
  elements: [
    {
      type: 'rich_text_section',
      elements: [
        { type: 'text', text: 'Top', style: { bold: true } },
        { type: 'user', user_id: 'U1' },
      ],
    },
    {
      type: 'rich_text_list',
      style: 'ordered',
      elements: [{ type: 'rich_text_section', elements: [{ type: 'link', url: 'https://x/1', text: 'One' }] }],
    },
    { type: 'rich_text_preformatted', elements: [{ type: 'text', text: 'code' }] },
  ],
};

describe('step inputs', () => {
  it('finds variables anywhere in a value', () => {
    expect(referencesIn({ a: 'x {{steps.1.out}} {{ steps.2.b }}', b: ['{{steps.3.c}}'], c: 4 })).toEqual([
      { step: 1, output: 'out' },
      { step: 2, output: 'b' },
      { step: 3, output: 'c' },
    ]);
  });

  it('keeps a lone variable as it is, inserts one in text as text, and leaves out a lone one without value', () => {
    const outputs = new Map<number, Record<string, unknown>>([
      [0, { user_id: 'U1' }],
      [1, { n: 3, r: rich, s: 'hi' }],
    ]);
    expect(resolveInputs({ who: '{{trigger.user_id}}', line: 'by {{ trigger.user_id }}' }, outputs)).toEqual({ who: 'U1', line: 'by U1' });
    expect(
      resolveInputs({ a: '{{steps.1.n}}', b: '{{steps.1.r}}', c: 'n={{steps.1.n}}; {{steps.1.s}}!', d: '{{steps.1.none}}', e: 7 }, outputs),
    ).toEqual({
      a: 3,
      b: rich,
      c: 'n=3; hi!',
      e: 7,
    });
  });

  it('gives rich text as mrkdwn text', () => {
    expect(richTextToText(rich)).toBe('*Top*<@U1>\n1. <https://x/1|One>\n```code```');
    expect(coerceToDeclared('string', rich)).toBe('*Top*<@U1>\n1. <https://x/1|One>\n```code```');
    expect(coerceToDeclared('slack#/types/rich_text', 'plain')).toEqual({
      type: 'rich_text',
      elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: 'plain' }] }],
    });
  });
});

describe('parameter values', () => {
  it("checks Slack's types", () => {
    expect(typeProblem('slack#/types/channel_id', 'C0EMURSRCH')).toBeUndefined();
    expect(typeProblem('slack#/types/channel_id', '#research')).toBe('must be a channel_id');
    expect(typeProblem('slack#/types/user_id', 'U0EMUDANA1')).toBeUndefined();
    expect(typeProblem('slack#/types/date', '2026-11-30')).toBeUndefined();
    expect(typeProblem('integer', 2.5)).toBe('must be an integer');
    expect(typeProblem('slack#/types/rich_text', { type: 'section' })).toMatch(/rich_text object/);
    expect(typeProblem('slack#/types/some_future_type', 1)).toBeUndefined();
  });

  it('names every problem: required missing, wrong type, undeclared', () => {
    const params = [
      { name: 'a', type: 'string', isRequired: true },
      { name: 'b', type: 'number', isRequired: false },
    ];
    expect(parameterProblems(params, { b: 'x', c: 1 }, 'output')).toEqual([
      "missing required output 'a' (string)",
      "output 'b' must be a number",
      "output 'c' is not declared by the function (declared: a, b)",
    ]);
    expect(parameterProblems(params, { a: '', b: null }, 'output')).toEqual([]);
  });
});
