import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateMessageContent } from '../../../../src/emulators/slack/validation/message.js';
import { validateView } from '../../../../src/emulators/slack/validation/views.js';
import { decodeFeedbackValue, encodeFeedbackValue, feedbackButtonsBlock } from '../../../../src/slack/agent/feedback/feedback-buttons.js';
import {
  decodeRatedAnswer,
  encodeRatedAnswer,
  FEEDBACK_MODAL,
  parseFeedbackComment,
  type RatedAnswer,
  renderFeedbackModal,
  renderFeedbackThanks,
} from '../../../../src/slack/agent/feedback/feedback-messages.js';
import { SLACK_LIMITS } from '../../../../src/slack/blocks/limits.js';
import { findMessageViolations, findViewViolations } from '../../blocks/limit-violations.js';

const answer: RatedAnswer = { teamId: 'T1', channelId: 'C1', messageTs: '1700000001.000200', runId: 'run-1', conversationId: '42' };

describe('feedback button values', () => {
  it('round-trip the vote and conversation, and always fit a button value', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 5000, unit: 'binary' }), fc.boolean(), (conversationId, up) => {
        const encoded = encodeFeedbackValue({ vote: up ? 'positive' : 'negative', conversationId });
        expect(encoded.length).toBeLessThanOrEqual(SLACK_LIMITS.buttonValueChars);
        const decoded = decodeFeedbackValue(encoded);
        expect(decoded?.vote).toBe(up ? 'positive' : 'negative');
        // Cut only when too long: an id that fits comes back whole.
        expect(conversationId.startsWith(decoded?.conversationId ?? '\u0000')).toBe(true);
        if ([...conversationId].length <= 200) expect(decoded?.conversationId).toBe(conversationId);
      }),
    );
  });

  it('cut a long id in whole code points, and further when JSON escapes would overflow the value', () => {
    const emoji = decodeFeedbackValue(encodeFeedbackValue({ vote: 'positive', conversationId: '😀'.repeat(300) }));
    expect(emoji).toEqual({ vote: 'positive', conversationId: '😀'.repeat(200) });
    const control = '\u0001'.repeat(5000);
    const encoded = encodeFeedbackValue({ vote: 'negative', conversationId: control });
    expect(encoded.length).toBeLessThanOrEqual(SLACK_LIMITS.buttonValueChars);
    expect(decodeFeedbackValue(encoded)?.conversationId.length).toBeGreaterThan(0);
  });

  it('decode anything else to null', () => {
    for (const bad of [undefined, '', 'positive', '{}', '{"f":"x","c":""}', '{"f":"p"}', '{"f":"p","c":7}', '[1]']) {
      expect(decodeFeedbackValue(bad)).toBeNull();
    }
  });

  it('the block passes Slack’s rules for messages', () => {
    const blocks = [{ type: 'section', text: { type: 'mrkdwn', text: 'An answer' } }, feedbackButtonsBlock({ conversationId: '42' })];
    expect(() => validateMessageContent({ text: 'An answer', blocks: JSON.stringify(blocks) }, 'chat.postMessage')).not.toThrow();
  });
});

describe('what a feedback click gets back', () => {
  it('thanks a 👍, says a repeat counts once, and offers the modal after a 👎', () => {
    expect(renderFeedbackThanks({ vote: 'positive', previous: null }, answer).text).toMatch(/^Thanks for the 👍/);
    expect(renderFeedbackThanks({ vote: 'positive', previous: 'positive' }, answer).text).toMatch(/already rated this answer 👍/);
    const sorry = renderFeedbackThanks({ vote: 'negative', previous: 'positive' }, answer);
    expect(findMessageViolations(sorry)).toEqual([]);
    const button = JSON.stringify(sorry.blocks);
    expect(button).toContain(FEEDBACK_MODAL.openActionId);
    expect(decodeRatedAnswer(encodeRatedAnswer(answer))).toEqual(answer);
  });

  it('the modal is valid and carries the rated answer', () => {
    const modal = renderFeedbackModal(answer);
    expect(findViewViolations(modal)).toEqual([]);
    expect(() => validateView(JSON.stringify(modal), 'modal')).not.toThrow();
    expect(decodeRatedAnswer(modal.private_metadata)).toEqual(answer);
    expect(decodeRatedAnswer('{"t":"T1"}')).toBeNull();
  });

  it('a comment must say something and stay under the cap', () => {
    expect(parseFeedbackComment('  Wrong year.  ')).toEqual({ ok: true, comment: 'Wrong year.' });
    expect(parseFeedbackComment('   ')).toMatchObject({ ok: false });
    expect(parseFeedbackComment(null)).toMatchObject({ ok: false });
    expect(parseFeedbackComment('é'.repeat(FEEDBACK_MODAL.maxChars))).toMatchObject({ ok: true });
    expect(parseFeedbackComment('x'.repeat(FEEDBACK_MODAL.maxChars + 1))).toMatchObject({
      ok: false,
      error: expect.stringContaining('1001'),
    });
  });
});
