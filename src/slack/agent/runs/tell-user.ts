/**
 * A note only the user sees, in the channel (and thread) they acted in. Failing to send it must
 * never fail the caller: the note is a courtesy, the log line is the record.
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import { recipientTeamArg } from '../../kit/recipient-team.js';

export interface UserNote {
  channelId: string;
  userId: string;
  text: string;
  threadTs?: string;
  /** The user's own team when it is another organisation's (Slack Connect). */
  recipientTeamId?: string;
}

export async function tellUser(client: WebClient, note: UserNote, log: Logger): Promise<boolean> {
  try {
    await client.chat.postEphemeral({
      channel: note.channelId,
      user: note.userId,
      text: note.text,
      ...(note.threadTs ? { thread_ts: note.threadTs } : {}),
      ...recipientTeamArg(note.recipientTeamId),
    });
    return true;
  } catch (error) {
    log.warn('could not send a note to the user', { channel: note.channelId, user: note.userId, error: error });
    return false;
  }
}
