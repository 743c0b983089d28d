import { describe, expect, it } from 'vitest';
import { dmFileShareOf, filesOfMessage } from '../../../../src/slack/folders/entry/message-files.js';

const pdf = { id: 'F0001', name: 'q3.pdf', title: 'Q3', mimetype: 'application/pdf' };
const share = {
  type: 'message',
  subtype: 'file_share',
  channel_type: 'im',
  channel: 'D1',
  user: 'U1',
  text: '',
  ts: '1.000001',
  files: [pdf],
};
const meta = { teamId: 'T1', botUserId: 'UBOT' };

describe('filesOfMessage', () => {
  it('takes each file once with its name (else title, else id), skipping deleted and hidden ones', () => {
    expect(
      filesOfMessage([
        pdf,
        pdf,
        { id: 'F0002', title: 'Only a title' },
        { id: 'F0003', file_access: 'check_file_info' },
        { id: 'F0004', name: 'gone.pdf', mode: 'tombstone' },
        { id: 'F0005', name: 'old.pdf', mode: 'hidden_by_limit' },
        { name: 'no id.pdf' },
        'junk',
      ]),
    ).toEqual([
      { id: 'F0001', name: 'q3.pdf' },
      { id: 'F0002', name: 'Only a title' },
      { id: 'F0003', name: 'F0003' },
    ]);
    expect(filesOfMessage(undefined)).toEqual([]);
    expect(filesOfMessage({ id: 'F1' })).toEqual([]);
  });
});

describe('dmFileShareOf', () => {
  it('takes a person’s file share in a DM, with or without words', () => {
    expect(dmFileShareOf(share, meta)).toEqual({
      teamId: 'T1',
      userId: 'U1',
      channelId: 'D1',
      ts: '1.000001',
      files: [{ id: 'F0001', name: 'q3.pdf' }],
      hasText: false,
    });
    expect(dmFileShareOf({ ...share, text: 'What are the risks?' }, meta)?.hasText).toBe(true);
    expect(dmFileShareOf({ ...share, thread_ts: '0.5' }, meta)?.threadTs).toBe('0.5');
    expect(dmFileShareOf({ ...share, user_team: 'T2' }, meta)?.userTeamId).toBe('T2');
    expect(dmFileShareOf({ ...share, user_team: 'T1' }, meta)).not.toHaveProperty('userTeamId');
  });

  it('ignores other messages: channels, other subtypes, bots, the app, no files', () => {
    expect(dmFileShareOf({ ...share, channel_type: 'channel' }, meta)).toBeUndefined();
    expect(dmFileShareOf({ ...share, subtype: undefined }, meta)).toBeUndefined();
    expect(dmFileShareOf({ ...share, subtype: 'message_changed' }, meta)).toBeUndefined();
    expect(dmFileShareOf({ ...share, type: 'app_mention' }, meta)).toBeUndefined();
    expect(dmFileShareOf({ ...share, bot_id: 'B1' }, meta)).toBeUndefined();
    expect(dmFileShareOf({ ...share, user: 'UBOT' }, meta)).toBeUndefined();
    expect(dmFileShareOf({ ...share, files: [] }, meta)).toBeUndefined();
    expect(dmFileShareOf({ ...share, files: [{ ...pdf, mode: 'tombstone' }] }, meta)).toBeUndefined();
  });

  it('ignores a file Slackbot shares in the DM (user USLACKBOT, no bot_id): nobody asked to add it', () => {
    expect(dmFileShareOf(share, meta)).toBeDefined();
    expect(dmFileShareOf({ ...share, user: 'USLACKBOT' }, meta)).toBeUndefined();
  });
});
