/**
 * Who may list and replay a conversation (issue 28). Conversation ids are sequential, so any id can
 * be typed or forged into a button value; the store's record of where and by whom the conversation
 * was started is the authority:
 * - it must have been started from this workspace (the service key is the workspace's);
 * - one asked in a DM with the app is its asker's alone. It holds only their questions, so they
 *   may replay it wherever they choose to publish it;
 * - one asked in a channel is listed and replayed only from inside that channel, so by its members
 *   only (Slack lets no one else act in a private channel) and posted only where it was asked. This
 *   holds for its asker too: later questions in its thread may be other members'.
 * A record kept before the asker was (no `askerUserId`) lets a DM conversation be replayed from
 * that DM only, where no one but its user acts.
 */
import type { ConversationOwner } from '../../../store/thread-conversations.js';

export const NOT_REPLAYABLE =
  'That conversation was not started from this workspace, so it can’t be replayed here. Replay works for conversations started with Research Desk in this workspace.';

export type ReplayVerdict = { allowed: true } | { allowed: false; why: 'not_owned' | 'others_dm' | 'other_channel'; text: string };

/** Where the replay is asked for, and by whom. */
export interface ReplayAsker {
  conversationId: string;
  channelId: string;
  userId: string;
}

const isDm = (channelId: string): boolean => channelId.startsWith('D');

export function replayVerdict(owner: ConversationOwner | null, asker: ReplayAsker): ReplayVerdict {
  if (owner === null) return { allowed: false, why: 'not_owned', text: NOT_REPLAYABLE };
  const id = asker.conversationId;
  if (isDm(owner.channelId)) {
    if (owner.askerUserId === asker.userId || asker.channelId === owner.channelId) return { allowed: true };
    return {
      allowed: false,
      why: 'others_dm',
      text: `Conversation ${id} was asked in someone else’s DM with Research Desk, so only they can list or replay it.`,
    };
  }
  if (asker.channelId === owner.channelId) return { allowed: true };
  return {
    allowed: false,
    why: 'other_channel',
    text: `Conversation ${id} was asked in another channel, so it can be listed and replayed only there, by that channel’s members. Run \`/research replay ${id}\` in the channel where it was asked.`,
  };
}
