import { describe, expect, it } from 'vitest';
import { NOT_REPLAYABLE, replayVerdict } from '../../../../src/slack/agent/replay/replay-permission.js';

const dmOwner = { teamId: 'T1', channelId: 'D1', threadTs: '1.0', askerUserId: 'U_ASKER' };
const channelOwner = { teamId: 'T1', channelId: 'C1', threadTs: '2.0', askerUserId: 'U_ASKER' };
const asker = (userId: string, channelId: string) => ({ conversationId: '42', userId, channelId });

describe('replayVerdict: who may list and replay a conversation', () => {
  it('refuses a conversation not started from this workspace', () => {
    expect(replayVerdict(null, asker('U_ASKER', 'D1'))).toEqual({ allowed: false, why: 'not_owned', text: NOT_REPLAYABLE });
    expect(NOT_REPLAYABLE).toBe(
      'That conversation was not started from this workspace, so it can’t be replayed here. Replay works for conversations started with Research Desk in this workspace.',
    );
  });

  it('gives a DM conversation to its asker anywhere, and to no one else', () => {
    expect(replayVerdict(dmOwner, asker('U_ASKER', 'D1')).allowed).toBe(true);
    expect(replayVerdict(dmOwner, asker('U_ASKER', 'C9')).allowed).toBe(true);
    expect(replayVerdict(dmOwner, asker('U_OTHER', 'C9'))).toEqual({
      allowed: false,
      why: 'others_dm',
      text: 'Conversation 42 was asked in someone else’s DM with Research Desk, so only they can list or replay it.',
    });
  });

  it('keeps a DM conversation recorded without its asker to that DM', () => {
    const legacy = { teamId: 'T1', channelId: 'D1', threadTs: '1.0' };
    expect(replayVerdict(legacy, asker('U_ASKER', 'D1')).allowed).toBe(true);
    expect(replayVerdict(legacy, asker('U_ASKER', 'C9'))).toMatchObject({ allowed: false, why: 'others_dm' });
  });

  it('keeps a channel’s conversation in that channel, for its asker too', () => {
    expect(replayVerdict(channelOwner, asker('U_OTHER', 'C1')).allowed).toBe(true);
    const elsewhere = replayVerdict(channelOwner, asker('U_ASKER', 'C9'));
    expect(elsewhere).toMatchObject({ allowed: false, why: 'other_channel' });
    expect(elsewhere.allowed === false && elsewhere.text).toContain('/research replay 42');
  });
});
