/** What a user is told when Slack refuses a canvas (canvas-failure-note.ts): what happened and what to do. */
import { describe, expect, it } from 'vitest';
import { SlackCallError } from '../../../../src/slack-api/slack-call-error.js';
import { canvasFailureNote } from '../../../../src/slack/kit/canvas/canvas-failure-note.js';

const refusal = (code: string, extra: { retryAfterMs?: number } = {}) =>
  new SlackCallError({ method: 'canvases.create', code, outcome: 'failed', ...extra });

describe('canvasFailureNote', () => {
  it('explains each refusal with what to do', () => {
    expect(canvasFailureNote(refusal('missing_scope'))).toMatch(/canvases:write.*reinstall/);
    expect(canvasFailureNote(refusal('canvas_disabled_user_team'))).toMatch(/turned off.*admin/);
    expect(canvasFailureNote(refusal('free_teams_cannot_create_non_tabbed_canvases'))).toMatch(/plan/);
    expect(canvasFailureNote(refusal('not_in_channel'))).toContain('/invite @Research Desk');
    expect(canvasFailureNote(refusal('restricted_action'))).toContain('/invite @Research Desk');
    expect(canvasFailureNote(refusal('canvas_editing_failed'))).toMatch(/again in a moment/);
    expect(canvasFailureNote(refusal('ratelimited', { retryAfterMs: 2_500 }))).toContain('in 3 seconds');
    expect(canvasFailureNote(refusal('ratelimited'))).toContain('in a minute');
  });

  it('leaves anything else to the button’s own failure reply', () => {
    expect(canvasFailureNote(refusal('internal_error'))).toBeUndefined();
  });
});
