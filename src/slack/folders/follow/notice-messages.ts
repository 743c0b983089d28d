/**
 * Posting and updating a file's notice: posted in the place the file was added from (the DM
 * thread of the file message), then updated in place. When the message cannot be updated (deleted,
 * or never posted) the news is posted again in the same thread, so it is not lost.
 * @see https://docs.slack.dev/reference/methods/chat.update
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { toSlackCallError } from '../../../slack-api/slack-call-error.js';
import type { DocumentNotice } from '../../../store/records.js';

/** Posts the notice; the returned place carries its ts (none when Slack refused: logged). */
export async function postNotice(client: WebClient, where: DocumentNotice, message: SlackMessage, log: Logger): Promise<DocumentNotice> {
  try {
    const res = await client.chat.postMessage({
      channel: where.channelId,
      ...(where.threadTs ? { thread_ts: where.threadTs } : {}),
      text: message.text,
      blocks: message.blocks,
    });
    return { ...where, ...(typeof res.ts === 'string' ? { messageTs: res.ts } : {}) };
  } catch (error) {
    log.warn('a research document notice could not be posted', {
      channel: where.channelId,
      code: toSlackCallError('chat.postMessage', error).code,
    });
    return where;
  }
}

/** Updates the notice in place, or posts the news anew in its thread. */
export async function updateNotice(client: WebClient, notice: DocumentNotice, message: SlackMessage, log: Logger): Promise<DocumentNotice> {
  if (notice.messageTs) {
    try {
      await client.chat.update({ channel: notice.channelId, ts: notice.messageTs, text: message.text, blocks: message.blocks });
      return notice;
    } catch (error) {
      log.info('a research document notice could not be updated; posting it anew', {
        channel: notice.channelId,
        code: toSlackCallError('chat.update', error).code,
      });
    }
  }
  return postNotice(client, notice, message, log);
}
