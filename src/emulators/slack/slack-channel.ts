export interface SlackChannel {
  id: string;
  name: string;
  is_im: boolean;
  is_private: boolean;
  /** For a DM: the other user. */
  user?: string;
  created: number;
  /** Archived channels are left out of conversations.list with exclude_archived. Default false. */
  is_archived?: boolean;
  /** Whether the bot is a member (a bot sees only the private channels it is in). Default true. */
  bot_is_member?: boolean;
  /** The people in the channel (users.conversations with `user`); unset: every person of the workspace. */
  members?: string[];
  /** The workspace the channel was created in; unset: the seed workspace (T0EMUTEAM1). */
  team_id?: string;
  /** For a channel shared between workspaces of an org: all of them (its own included). */
  shared_team_ids?: string[];
  /** The org of an org-shared channel. */
  enterprise_id?: string;
  /**
   * A Slack Connect channel: shared with another organisation's workspaces (`connected_team_ids`),
   * whose people are not part of the installation. It belongs to `team_id` for the app.
   */
  is_ext_shared?: boolean;
  connected_team_ids?: string[];
}

/** A channel a test adds (addChannel). */
export interface NewChannel {
  name: string;
  is_private?: boolean;
  is_archived?: boolean;
  bot_is_member?: boolean;
  members?: string[];
  /** The workspace it belongs to (default: the seed workspace). */
  team_id?: string;
}

/** The channel `addChannel` makes of `p`. */
export function newChannelRecord(id: string, p: NewChannel, createdS: number): SlackChannel {
  return {
    ...(p.team_id !== undefined ? { team_id: p.team_id } : {}),
    id,
    name: p.name,
    is_im: false,
    is_private: p.is_private === true,
    created: createdS,
    ...(p.is_archived === true ? { is_archived: true } : {}),
    ...(p.bot_is_member === false ? { bot_is_member: false } : {}),
    ...(p.members ? { members: [...p.members] } : {}),
  };
}

/** A user's DM with the bot, in the user's workspace (`teamId`; unset: the seed workspace). */
export function dmChannelRecord(id: string, userId: string, createdS: number, teamId: string | undefined): SlackChannel {
  return {
    id,
    name: userId,
    is_im: true,
    is_private: true,
    user: userId,
    created: createdS,
    ...(teamId !== undefined ? { team_id: teamId } : {}),
  };
}
