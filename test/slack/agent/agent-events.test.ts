import { describe, expect, it } from 'vitest';
import { agentMessageFrom, threadReplyQuestion } from '../../../src/slack/agent/agent-events.js';

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
    // A file with no words is not a question (a DM's gets the Add to research folder reply instead).
    expect(agentMessageFrom({ ...dm, subtype: 'file_share', text: '' }, meta)).toBeUndefined();
    expect(agentMessageFrom({ ...dm, subtype: 'file_share', text: '  \n' }, meta)).toBeUndefined();
    expect(agentMessageFrom({ ...dm, subtype: 'file_share', text: undefined }, meta)).toBeUndefined();
    // In a channel, a file shared with a mention is a mention like any other.
    const mention = {
      type: 'app_mention',
      channel: 'C1',
      user: 'U1',
      text: '<@UBOT> summarise this',
      ts: '1.000002',
      subtype: 'file_share',
    };
    expect(agentMessageFrom(mention, { ...meta, requireIm: false })?.text).toBe('<@UBOT> summarise this');
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

  it('ignores Slackbot, which writes as a user without bot_id (issue 27: "You have been removed from #…")', () => {
    expect(agentMessageFrom({ ...dm, user: 'USLACKBOT', text: 'You have been removed from #deals by <@U1>' }, meta)).toBeUndefined();
    expect(agentMessageFrom({ ...dm, subtype: 'bot_message', bot_id: 'B1' }, meta)).toBeUndefined();
    expect(agentMessageFrom({ ...dm, bot_profile: { id: 'B1' } }, meta)).toBeUndefined();
  });

  it('marks the app_mention Slack sends again for an edited message', () => {
    const mention = { type: 'app_mention', channel: 'C1', user: 'U1', text: '<@UBOT> hi', ts: '1.000001' };
    expect(agentMessageFrom({ ...mention, edited: { user: 'U1', ts: '2.000001' } }, { ...meta, requireIm: false })?.edited).toBe(true);
    expect(agentMessageFrom(mention, { ...meta, requireIm: false })).not.toHaveProperty('edited');
  });

  it('needs a workspace, from the context or the event', () => {
    expect(agentMessageFrom(dm, { requireIm: true })).toBeUndefined();
    expect(agentMessageFrom({ ...dm, team: 'T9' }, { requireIm: true })?.teamId).toBe('T9');
  });
});

describe('threadReplyQuestion', () => {
  const reply = {
    type: 'message',
    channel_type: 'channel',
    channel: 'C1',
    user: 'U1',
    text: 'and the cash?',
    ts: '2.000001',
    thread_ts: '1.000001',
  };
  const meta = { teamId: 'T1', botUserId: 'UBOT', eventId: 'Ev2' };

  it('takes a person’s plain reply in a thread as a question in that thread', () => {
    expect(threadReplyQuestion(reply, meta)).toEqual({
      question: {
        teamId: 'T1',
        channelId: 'C1',
        userId: 'U1',
        text: 'and the cash?',
        ts: '2.000001',
        threadTs: '1.000001',
        eventId: 'Ev2',
      },
    });
    expect(threadReplyQuestion({ ...reply, channel_type: 'group', subtype: 'thread_broadcast' }, meta)).toHaveProperty('question');
  });

  it('turns away top-level messages, bots, the app, edits, deletions and replies mentioning anyone', () => {
    const ignored = (event: Record<string, unknown>) => 'ignored' in threadReplyQuestion(event, meta);
    expect(ignored({ ...reply, thread_ts: undefined })).toBe(true);
    expect(ignored({ ...reply, thread_ts: reply.ts })).toBe(true);
    expect(ignored({ ...reply, bot_id: 'B1' })).toBe(true);
    expect(ignored({ ...reply, user: 'UBOT' })).toBe(true);
    expect(ignored({ ...reply, subtype: 'message_changed' })).toBe(true);
    expect(ignored({ ...reply, subtype: 'message_deleted' })).toBe(true);
    expect(ignored({ ...reply, subtype: 'channel_join' })).toBe(true);
    expect(ignored({ ...reply, user: 'USLACKBOT' })).toBe(true);
    expect(threadReplyQuestion({ ...reply, text: '<@UBOT> and the cash?' }, meta)).toEqual({
      ignored: 'mentions the app (app_mention answers it)',
    });
    expect(threadReplyQuestion({ ...reply, text: '<@U2> can you check?' }, meta)).toEqual({ ignored: 'mentions someone else' });
    expect(ignored({ ...reply, text: '<!subteam^S1|@analysts> thoughts?' })).toBe(true);
    expect(ignored({ ...reply, text: '<!here> look' })).toBe(true);
  });
});
