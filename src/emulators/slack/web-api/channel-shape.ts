import type { SlackChannel } from '../types.js';

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
  };
}
