import { describe, expect, it } from 'vitest';
import {
  SHORTCUT_CHANNEL_ELSEWHERE,
  SHORTCUT_CHANNEL_UNSEEN,
  shortcutChannelRefusal,
} from '../../../src/slack/kit/message-shortcut-fence.js';

describe('shortcutChannelRefusal', () => {
  const equities = { teamId: 'T0EQ', userId: 'U1' };
  it('lets a channel of the clicker’s own workspace through', () => {
    expect(shortcutChannelRefusal({ context_team_id: 'T0EQ' }, equities)).toBeUndefined();
  });
  it('refuses a channel of another workspace of the org that is not shared with the clicker’s', () => {
    expect(shortcutChannelRefusal({ context_team_id: 'T0CR' }, equities)).toBe(SHORTCUT_CHANNEL_ELSEWHERE);
  });
  it('lets an org-shared channel through for every workspace it is shared with', () => {
    expect(shortcutChannelRefusal({ context_team_id: 'T0CR', shared_team_ids: ['T0CR', 'T0EQ'] }, equities)).toBeUndefined();
  });
  it('lets a Slack Connect user through in a channel connected to their own team', () => {
    const external = { teamId: 'T0HOST', userTeamId: 'T0EXT', userId: 'U9' };
    expect(shortcutChannelRefusal({ context_team_id: 'T0HOST', connected_team_ids: ['T0HOST', 'T0EXT'] }, external)).toBeUndefined();
    expect(shortcutChannelRefusal({ context_team_id: 'T0OTHER' }, external)).toBe(SHORTCUT_CHANNEL_ELSEWHERE);
  });
  it('lets a DM through only for its own user', () => {
    expect(shortcutChannelRefusal({ is_im: true, user: 'U1' }, equities)).toBeUndefined();
    expect(shortcutChannelRefusal({ is_im: true, user: 'U2' }, equities)).toBe(SHORTCUT_CHANNEL_UNSEEN);
  });
});
