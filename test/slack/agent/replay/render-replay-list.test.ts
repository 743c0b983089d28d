import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../../../src/service/types.js';
import { renderReplayList } from '../../../../src/slack/agent/replay/render-replay-list.js';
import { renderAskedQuestion } from '../../../../src/slack/agent/cards/render-thread-root.js';
import {
  decodeReplayMessage,
  decodeReplayPage,
  encodeReplayMessage,
  encodeReplayPage,
  REPLAY_ACTION_IDS,
  replayActionPattern,
} from '../../../../src/slack/agent/replay/replay-buttons.js';

function buildMessage(id: number, role: 'user' | 'assistant', extra: Partial<ConversationMessage> = {}): ConversationMessage {
  return {
    id: String(id),
    conversationId: '7',
    role,
    replyToMessageId: role === 'assistant' ? String(id - 1) : null,
    errorInfo: null,
    assistantMessageId: role === 'assistant' ? `am_${id}` : null,
    ...extra,
  };
}

describe('replay buttons', () => {
  it('round-trip their values and reject anything else', () => {
    expect(decodeReplayMessage(encodeReplayMessage({ conversationId: '7', assistantMessageId: 'am_x' }))).toEqual({
      conversationId: '7',
      assistantMessageId: 'am_x',
    });
    expect(decodeReplayPage(encodeReplayPage({ conversationId: '7', beforeMessageId: '50' }))).toEqual({
      conversationId: '7',
      beforeMessageId: '50',
    });
    for (const bad of [
      undefined,
      '',
      'x',
      '[]',
      '{"c":-1,"a":"am"}',
      '{"c":7,"a":"a b"}',
      '{"c":7,"b":1.5}',
      '{"c":"07","b":"1"}',
      '{"c":"1e3","b":"1"}',
    ]) {
      expect(decodeReplayMessage(bad)).toBeNull();
      expect(decodeReplayPage(bad)).toBeNull();
    }
    expect(replayActionPattern(REPLAY_ACTION_IDS.replay).test(`${REPLAY_ACTION_IDS.replay}:3`)).toBe(true);
    expect(replayActionPattern(REPLAY_ACTION_IDS.replay).test(REPLAY_ACTION_IDS.older)).toBe(false);
  });

  it('carry ids beyond 2^53 as their exact digits, and read the numbers older buttons carry', () => {
    const big = { conversationId: '1197862772277383101', beforeMessageId: '1197862772300000003' };
    expect(encodeReplayPage(big)).toBe('{"c":"1197862772277383101","b":"1197862772300000003"}');
    expect(decodeReplayPage(encodeReplayPage(big))).toEqual(big);
    expect(decodeReplayPage('{"c":7,"b":50}')).toEqual({ conversationId: '7', beforeMessageId: '50' });
    expect(decodeReplayMessage('{"c":7,"a":"am_x"}')).toEqual({ conversationId: '7', assistantMessageId: 'am_x' });
  });
});

describe('renderReplayList', () => {
  it('puts a Replay button on each answer and Older when the page was full', () => {
    const messages = [
      buildMessage(4, 'assistant', { status: 'completed', text: 'Report' }),
      buildMessage(3, 'user', { text: 'Question <!here>' }),
    ];
    const out = renderReplayList({ conversationId: '7', messages, hasOlder: true, isOlderPage: false });
    const json = JSON.stringify(out.blocks);
    expect(json).toContain(`"action_id":"${REPLAY_ACTION_IDS.replay}:0"`);
    expect(json).not.toContain(`${REPLAY_ACTION_IDS.replay}:1`);
    expect(json).toContain(`"action_id":"${REPLAY_ACTION_IDS.older}"`);
    expect(json).toContain(JSON.stringify(encodeReplayPage({ conversationId: '7', beforeMessageId: '3' })).slice(1, -1));
    expect(json).not.toContain('<!here>');
  });

  it('says so when there is nothing (more) to list', () => {
    expect(JSON.stringify(renderReplayList({ conversationId: '7', messages: [], hasOlder: false, isOlderPage: true }).blocks)).toContain(
      'No older messages',
    );
  });
});

describe('renderAskedQuestion', () => {
  it('mentions the asker but never lets the question mention anyone', () => {
    const out = renderAskedQuestion('U0EMUUSER1', 'ping <!channel> and <@U0OTHER1>');
    expect(out.text).toContain('<@U0EMUUSER1> asked');
    expect(JSON.stringify(out)).not.toContain('<!channel>');
    expect(JSON.stringify(out)).not.toContain('<@U0OTHER1>');
  });
});
