export interface SlackUser {
  id: string;
  name: string;
  real_name: string;
  is_admin: boolean;
  is_owner: boolean;
  is_bot: boolean;
  tz: string;
  /** IETF tag (users.info with include_locale), e.g. en-US, zh-CN. */
  locale?: string;
  /** The user's workspace; unset: the seed workspace (T0EMUTEAM1). */
  team_id?: string;
  /** An Enterprise Grid org user: every person of an org's workspaces, and the org-wide bot. */
  enterprise_id?: string;
  /** An org user's role in the org itself (users.info `enterprise_user.is_admin` / `is_owner`); unset: neither. */
  org_role?: { is_admin: boolean; is_owner: boolean };
}
