import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../../src/slack-api/slack-message.js';
import { findMessageViolations, findViewViolations } from './limit-violations.js';
import { clampBlocks, clampMessage, clampView, SLACK_LIMITS } from '../../../src/slack/blocks/limits.js';
import { clampPlainText, clampText } from '../../../src/slack/blocks/clamp-text.js';

const section = (text: string): KnownBlock => ({ type: 'section', text: { type: 'mrkdwn', text } });

describe('clampText', () => {
  it('leaves short text alone and marks cuts with …', () => {
    expect(clampText('abc', 3)).toBe('abc');
    expect(clampText('abcdef', 4)).toBe('abc…');
    expect(clampText('abc', 0)).toBe('');
  });

  it('never splits a surrogate pair or an emoji sequence', () => {
    const out = clampText('ab😀😀', 4);
    expect(out).toBe('ab…');
    const family = '👨‍👩‍👧‍👦';
    expect(clampPlainText(`x${family}${family}`, family.length + 2)).toBe(`x${family}…`);
  });

  it('never cuts inside an entity or a link token', () => {
    expect(clampText('a &amp; b', 5)).toBe('a…');
    expect(clampText('see <https://example.com/x|the report> now', 20)).toBe('see…');
  });

  it('always fits and never leaves a dangling surrogate (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), fc.integer({ min: 0, max: 60 }), (s, max) => {
        const out = clampText(s, max);
        expect(out.length).toBeLessThanOrEqual(max);
        expect(out).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
        if (s.length <= max) expect(out).toBe(s);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('clampBlocks', () => {
  it('replaces overflow with a visible notice and keeps trailing actions', () => {
    const blocks: KnownBlock[] = Array.from({ length: 60 }, (_, i) => section(`item ${i}`));
    blocks.push({ type: 'actions', elements: [{ type: 'button', action_id: 'next', text: { type: 'plain_text', text: 'Next' } }] });
    const out = clampBlocks(blocks, 50);
    expect(out).toHaveLength(50);
    expect(out[49]?.type).toBe('actions');
    expect(JSON.stringify(out[48])).toContain('and 12 more blocks not shown');
  });
});

describe('context_actions', () => {
  it('keeps at most 5 elements, with unique action ids', () => {
    const feedback = (actionId: string) => ({
      type: 'feedback_buttons' as const,
      action_id: actionId,
      positive_button: { text: { type: 'plain_text' as const, text: '👍' }, value: 'p' },
      negative_button: { text: { type: 'plain_text' as const, text: '👎' }, value: 'n' },
    });
    const message: SlackMessage = {
      text: 'answer',
      blocks: [{ type: 'context_actions', elements: Array.from({ length: 7 }, () => feedback('rate')) }],
    };
    expect(findMessageViolations(message)).not.toEqual([]);
    const clamped = clampMessage(message);
    expect(findMessageViolations(clamped)).toEqual([]);
    expect((clamped.blocks[0] as { elements: unknown[] }).elements).toHaveLength(5);
  });
});

describe('clampMessage', () => {
  it('brings any oversized message within limits', () => {
    const huge = 'x'.repeat(10_000);
    const message: SlackMessage = {
      text: huge,
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: huge } },
        {
          type: 'section',
          text: { type: 'mrkdwn', text: '' },
          fields: Array.from({ length: 14 }, () => ({ type: 'mrkdwn' as const, text: huge })),
        },
        { type: 'context', elements: Array.from({ length: 12 }, () => ({ type: 'mrkdwn' as const, text: 'c' })) },
        {
          type: 'actions',
          elements: Array.from({ length: 30 }, (_, i) => ({
            type: 'button' as const,
            action_id: 'same',
            text: { type: 'plain_text' as const, text: huge },
            value: huge,
            url: `https://x.com/${i}`,
          })),
        },
        { type: 'markdown', text: huge },
        { type: 'markdown', text: huge },
        {
          type: 'table',
          rows: Array.from({ length: 120 }, () => Array.from({ length: 25 }, () => ({ type: 'raw_text' as const, text: '' }))),
        },
        { type: 'table', rows: [[{ type: 'raw_text', text: 'second' }]] },
        { type: 'section', block_id: 'dup', text: { type: 'mrkdwn', text: 'a' } },
        { type: 'section', block_id: 'dup', text: { type: 'mrkdwn', text: 'b' } },
      ],
    };
    expect(findMessageViolations(message).length).toBeGreaterThan(5);
    const clamped = clampMessage(message);
    expect(findMessageViolations(clamped)).toEqual([]);
    expect(clamped.text.length).toBeLessThanOrEqual(SLACK_LIMITS.fallbackTextChars);
    expect(JSON.stringify(clamped)).toContain('one table per message');
  });

  it('derives a fallback when text is empty', () => {
    expect(clampMessage({ text: ' ', blocks: [{ type: 'header', text: { type: 'plain_text', text: 'Results' } }] }).text).toBe('Results');
  });

  it('clamps views: title, block count, metadata', () => {
    const view = clampView({
      type: 'modal',
      title: { type: 'plain_text', text: 'A very long modal title indeed' },
      blocks: Array.from({ length: 120 }, (_, i) => section(`b${i}`)),
      private_metadata: 'm'.repeat(4000),
    });
    expect(findViewViolations(view)).toEqual([]);
    expect(view.blocks).toHaveLength(100);
    expect(view.private_metadata).toBeUndefined();
  });
});
