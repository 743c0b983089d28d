import { describe, expect, it } from 'vitest';
import { agentMessageFrom } from '../../../../src/slack/listeners/events/agent-events.js';

const meta = { teamId: 'T1', botUserId: 'UBOT', eventId: 'Ev1', requireIm: true };
const dm = { type: 'message', channel_type: 'im', channel: 'D1', user: 'U1', text: 'hello', ts: '1.000001' };

describe('agentMessageFrom', () => {
  it('takes a person’s DM, top level or in a thread', () => {
    expect(agentMessageFrom(dm, meta)).toEqual({
      teamId: 'T1',
      channelId: 'D1',
      userId: 'U1',
      text: 'hello',
      ts: '1.000001',
      eventId: 'Ev1',
    });
    expect(agentMessageFrom({ ...dm, thread_ts: '0.5' }, meta)?.threadTs).toBe('0.5');
    expect(agentMessageFrom({ ...dm, subtype: 'file_share' }, meta)).toBeDefined();
    // A reply "also sent to the direct message" is still a question in its thread.
    expect(agentMessageFrom({ ...dm, subtype: 'thread_broadcast', thread_ts: '0.5' }, meta)?.threadTs).toBe('0.5');
  });

  it('ignores edits, deletions, bots, the app itself and non-DM messages', () => {
    expect(agentMessageFrom({ ...dm, subtype: 'message_changed' }, meta)).toBeUndefined();
    expect(agentMessageFrom({ ...dm, subtype: 'message_deleted' }, meta)).toBeUndefined();
    expect(agentMessageFrom({ ...dm, bot_id: 'B1' }, meta)).toBeUndefined();
    expect(agentMessageFrom({ ...dm, user: 'UBOT' }, meta)).toBeUndefined();
    expect(agentMessageFrom({ ...dm, channel_type: 'channel' }, meta)).toBeUndefined();
    expect(agentMessageFrom({ ...dm, channel_type: 'channel' }, { ...meta, requireIm: false })).toBeDefined();
  });

  it('needs a workspace, from the context or the event', () => {
    expect(agentMessageFrom(dm, { requireIm: true })).toBeUndefined();
    expect(agentMessageFrom({ ...dm, team: 'T9' }, { requireIm: true })?.teamId).toBe('T9');
  });
});
