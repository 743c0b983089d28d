/**
 * Save as canvas under a finished answer (save-canvas-button.ts): offered once the answer's
 * conversation and message ids are known, before the 👍/👎 row; its value names the answer and
 * nothing run-specific, so a replay of the same events renders the same button.
 */
import { describe, expect, it } from 'vitest';
import { reduceRecordedEvents } from '../../../../src/agent/state/reduce-run.js';
import { initialRunView } from '../../../../src/agent/state/run-view.js';
import type { AgentRenderContext } from '../../../../src/slack/agent/cards/agent-render-context.js';
import { renderFinalAnswer } from '../../../../src/slack/agent/cards/render-final-answer.js';
import { decodeSavedAnswerValue, encodeSavedAnswerValue, saveCanvasBlock } from '../../../../src/slack/agent/cards/save-canvas-button.js';
import { ACTION_IDS } from '../../../../src/slack/blocks/action-ids.js';
import { buildRunEvents } from '../../../fixtures/build-run-events.js';

const START = 1_750_000_000_000;
const ctx: AgentRenderContext = {
  runId: 'T1-run',
  askerUserId: 'U0ASKER',
  conversationId: '77',
  nowMs: START,
  language: 'en',
  assistantMessageId: 'am_1',
};

describe('Save as canvas under an answer', () => {
  it('comes before the feedback buttons of a completed answer, and names the answer only', () => {
    const view = reduceRecordedEvents(initialRunView({ startedAtMs: START }), buildRunEvents());
    const last = renderFinalAnswer(view, ctx).at(-1);
    const types = (last?.blocks ?? []).map((b) => b.type);
    expect(types.slice(-2)).toEqual(['actions', 'context_actions']);
    const row = last?.blocks.at(-2) as { elements: Array<{ action_id: string; value: string; text: { text: string } }> };
    expect(row.elements[0]).toMatchObject({ action_id: ACTION_IDS.answerCanvas, text: { text: 'Save as canvas' } });
    expect(decodeSavedAnswerValue(row.elements[0]?.value)).toEqual({ conversationId: '77', assistantMessageId: 'am_1' });
    // A replay (another run id, same answer) renders the same button.
    expect(renderFinalAnswer(view, { ...ctx, runId: 'replay-am_1' })).toEqual(renderFinalAnswer(view, ctx));
  });

  it('is not offered before the answer’s ids are known, nor on a failed run', () => {
    const view = reduceRecordedEvents(initialRunView({ startedAtMs: START }), buildRunEvents());
    const { assistantMessageId: _unknown, ...withoutId } = ctx;
    expect(
      renderFinalAnswer(view, withoutId)
        .flatMap((m) => m.blocks)
        .some((b) => b.type === 'actions'),
    ).toBe(false);
    const failed = reduceRecordedEvents(initialRunView({ startedAtMs: START }), buildRunEvents({ outcome: 'failed' }));
    expect(JSON.stringify(renderFinalAnswer(failed, ctx))).not.toContain(ACTION_IDS.answerCanvas);
    expect(saveCanvasBlock({ conversationId: '', assistantMessageId: 'am_1' })).toBeUndefined();
  });

  it('reads back only values it wrote', () => {
    expect(decodeSavedAnswerValue(encodeSavedAnswerValue({ conversationId: '9', assistantMessageId: 'am_9' }))).toEqual({
      conversationId: '9',
      assistantMessageId: 'am_9',
    });
    expect(decodeSavedAnswerValue('{"c":"9"}')).toBeNull();
    expect(decodeSavedAnswerValue('not json')).toBeNull();
    expect(encodeSavedAnswerValue({ conversationId: 'x'.repeat(401), assistantMessageId: 'a' })).toBeUndefined();
  });
});
