import type { SlackChannel } from '../slack-channel.js';
import { workspaceSeed } from '../workspace-seed.js';

/**
 * Where a channel lives: `context_team_id` is its own workspace; a channel shared across an org
 * is `is_shared` and `is_org_shared` with every workspace in `shared_team_ids`; a Slack Connect
 * channel is `is_shared` and `is_ext_shared`, its other organisations' teams in `connected_team_ids`.
 * @see https://docs.slack.dev/reference/objects/conversation-object
 */
function sharing(c: SlackChannel): Record<string, unknown> {
  const own = c.team_id ?? workspaceSeed.teamId;
  const shared = c.shared_team_ids !== undefined && c.shared_team_ids.length > 1;
  const ext = c.is_ext_shared === true;
  return {
    context_team_id: own,
    is_shared: shared || ext,
    is_org_shared: shared && c.enterprise_id !== undefined,
    is_ext_shared: ext,
    ...(ext ? { connected_team_ids: [own, ...(c.connected_team_ids ?? [])] } : {}),
    ...(shared ? { shared_team_ids: [...(c.shared_team_ids ?? [])] } : {}),
    ...(c.enterprise_id !== undefined ? { enterprise_id: c.enterprise_id } : {}),
  };
}

/**
 * A channel as conversations.info and conversations.list show it to the bot.
 * @see https://docs.slack.dev/reference/objects/conversation-object
 */
export function toApiChannel(c: SlackChannel): Record<string, unknown> {
  const base: Record<string, unknown> = { id: c.id, created: c.created, is_archived: c.is_archived === true };
  if (c.is_im) return { ...base, is_member: true, is_im: true, is_channel: false, is_private: true, user: c.user, is_open: true };
  return {
    ...base,
    is_member: c.bot_is_member !== false,
    name: c.name,
    name_normalized: c.name,
    is_channel: true,
    is_group: false,
    is_im: false,
    is_mpim: false,
    is_private: c.is_private,
    is_general: false,
    topic: { value: '', creator: '', last_set: 0 },
    purpose: { value: '', creator: '', last_set: 0 },
    ...sharing(c),
  };
}
