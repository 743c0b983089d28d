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
