/**
 * Posting and updating a file's notice: posted in the place the file was added from (the DM
 * thread of the file message) within the shared chat.postMessage budget (about one message per
 * second per channel; a 429 is waited out), then updated in place. When the message cannot be
 * updated (deleted, or never posted) the news is posted again in the same thread, so it is not lost.
 * @see https://docs.slack.dev/reference/methods/chat.update
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import { toSlackCallError } from '../../../slack-api/slack-call-error.js';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import type { DocumentNotice } from '../../../store/records.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { channelPostPacer } from '../../kit/pacing/channel-post-pacer.js';
import { postPacedMessage } from '../../kit/pacing/post-paced-messages.js';

/** Who tells: the workspace's bot client, within the process's rate budget. */
export interface NoticeTeller {
  deps: Pick<ListenerDeps, 'budget' | 'clock'>;
  teamId: string;
  client: WebClient;
  log: Logger;
}

/** Posts the notice; the returned place carries its ts (none when Slack refused: logged). */
export async function postNotice(teller: NoticeTeller, where: DocumentNotice, message: SlackMessage): Promise<DocumentNotice> {
  const pacer = channelPostPacer(teller.deps, { teamId: teller.teamId, channelId: where.channelId }, teller.log);
  try {
    const ts = await postPacedMessage(
      teller.client,
      { channel: where.channelId, ...(where.threadTs ? { threadTs: where.threadTs } : {}) },
      message,
      {
        pacer,
      },
    );
    return { ...where, messageTs: ts };
  } catch (error) {
    teller.log.warn('a research document notice could not be posted', {
      channel: where.channelId,
      code: toSlackCallError('chat.postMessage', error).code,
    });
    return where;
  }
}

/** Updates the notice in place, or posts the news anew in its thread. */
export async function updateNotice(teller: NoticeTeller, notice: DocumentNotice, message: SlackMessage): Promise<DocumentNotice> {
  if (notice.messageTs) {
    try {
      await teller.client.chat.update({ channel: notice.channelId, ts: notice.messageTs, text: message.text, blocks: message.blocks });
      return notice;
    } catch (error) {
      teller.log.info('a research document notice could not be updated; posting it anew', {
        channel: notice.channelId,
        code: toSlackCallError('chat.update', error).code,
      });
    }
  }
  const { messageTs: _gone, ...where } = notice;
  return postNotice(teller, where, message);
}
