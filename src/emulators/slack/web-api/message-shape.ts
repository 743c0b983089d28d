import type { EmulatorState } from '../state.js';
import type { StoredMessage } from '../stored-message.js';
import type { BotIdentity } from '../workspaces.js';

/** A stored message as Slack's Web API shows it (no emulator-only fields). */
export function toApiMessage(m: StoredMessage, opts: { includeMetadata: boolean; state: EmulatorState }): Record<string, unknown> {
  const out: Record<string, unknown> = { type: 'message', user: m.user, text: m.text, ts: m.ts, team: m.team };
  if (m.subtype !== undefined) out.subtype = m.subtype;
  if (m.bot_id !== undefined) {
    out.bot_id = m.bot_id;
    out.app_id = m.app_id;
    out.bot_profile = {
      id: m.bot_id,
      app_id: m.app_id,
      name: opts.state.users.get(m.user)?.real_name ?? 'bot',
      team_id: m.team,
      deleted: false,
    };
  }
  if (m.blocks !== undefined) out.blocks = m.blocks;
  if (m.attachments !== undefined) out.attachments = m.attachments;
  if (m.files !== undefined) out.files = m.files;
  if (m.thread_ts !== undefined) out.thread_ts = m.thread_ts;
  if (m.thread_ts === m.ts && m.reply_count > 0) {
    out.reply_count = m.reply_count;
    out.reply_users = m.reply_users;
    out.reply_users_count = m.reply_users.length;
    out.latest_reply = m.latest_reply;
  }
  if (m.edited !== undefined) out.edited = m.edited;
  if (m.reactions.length > 0) out.reactions = m.reactions;
  if (m.metadata !== undefined && opts.includeMetadata) out.metadata = m.metadata;
  return out;
}

/** A new stored message posted by the bot (the token's, else the one serving the channel's workspace). */
export function newBotMessage(
  state: EmulatorState,
  channel: string,
  fields: Partial<StoredMessage> & { text: string },
  bot: BotIdentity = state.botFor(state.teamOfChannel(channel)),
): StoredMessage {
  return {
    type: 'message',
    ts: state.nextTs(),
    channel,
    user: bot.userId,
    bot_id: bot.botId,
    app_id: state.seed.appId,
    team: state.teamOfChannel(channel),
    reply_count: 0,
    reply_users: [],
    edits: 0,
    reactions: [],
    ...fields,
  };
}
