import { describe, expect, it } from 'vitest';
import { slackRequestName } from '../../../src/observability/tracing/slack-request-name.js';

describe('slackRequestName', () => {
  it.each([
    [{ command: '/financials', text: 'US:NVDA' }, 'slack command /financials', 'command'],
    [{ type: 'event_callback', event: { type: 'app_mention', text: 'hello <@U1>' } }, 'slack event app_mention', 'event'],
    [
      { type: 'block_actions', actions: [{ action_id: 'rd.search.summary:2', value: 'doc-1' }] },
      'slack action rd.search.summary',
      'action',
    ],
    [
      { type: 'view_submission', view: { callback_id: 'rd.financials.modal' } },
      'slack view_submission rd.financials.modal',
      'view_submission',
    ],
    [{ type: 'message_action', callback_id: 'rd.research_message' }, 'slack shortcut rd.research_message', 'shortcut'],
    [{ type: 'block_suggestion', action_id: 'rd.symbol' }, 'slack options rd.symbol', 'options'],
    [{ type: 'url_verification', challenge: 'abc' }, 'slack url_verification', 'url_verification'],
    [{}, 'slack unknown', 'unknown'],
  ])('names %j as %s', (body, name, kind) => {
    expect(slackRequestName(body)).toEqual({ name, kind });
  });

  it('never puts text that is not an id into a name', () => {
    expect(slackRequestName({ type: 'block_actions', actions: [{ action_id: 'what the user typed in a box' }] }).name).toBe('slack action');
    expect(slackRequestName({ type: 'event_callback', event: { type: 'x'.repeat(200) } }).name).toBe('slack event');
    expect(slackRequestName({ command: 'https://hooks.slack.com/commands/T1/2/3' }).name).toBe('slack command');
  });
});
