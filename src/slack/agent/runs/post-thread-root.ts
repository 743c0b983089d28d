/**
 * Posts the visible message an agent run threads under, when the trigger left none (a slash
 * command, a button on an ephemeral card). If the app cannot post in the channel the user is told
 * how to fix it; any other failure gets the shared failure reply. Returns the root's ts, or
 * undefined when nothing was posted (the user has already been told why).
 */
import type { RespondFn } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import { renderNotice } from '../../blocks/error-card.js';
import { toSlackCallError } from '../../../slack-api/slack-call-error.js';
import { NOT_A_MEMBER, respondEphemeral } from '../../kit/deliver-card.js';
import { replyWithFailure } from '../../kit/failure-reply.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { channelPostPacer } from '../../kit/pacing/channel-post-pacer.js';
import { postPacedMessage } from '../../kit/pacing/post-paced-messages.js';

export interface ThreadRootTarget {
  teamId: string;
  channelId: string;
  client: WebClient;
  respond: RespondFn;
  log: Logger;
  correlationId: string;
  /** What the user was doing, for the failure reply ("your question"). */
  action: string;
  /** Said when the app is not in the channel. */
  notInChannel: string;
}

export async function postThreadRoot(deps: ListenerDeps, target: ThreadRootTarget, root: SlackMessage): Promise<string | undefined> {
  try {
    const pacer = channelPostPacer(deps, { teamId: target.teamId, channelId: target.channelId }, target.log);
    return await postPacedMessage(target.client, { channel: target.channelId }, root, { pacer });
  } catch (error) {
    const failure = toSlackCallError('chat.postMessage', error);
    if (NOT_A_MEMBER.has(failure.code)) {
      target.log.info('cannot post the question in this channel', { slack_error: failure.code });
      await respondEphemeral(target.respond, renderNotice(target.notInChannel, ':warning:'));
    } else {
      await replyWithFailure(failure, {
        log: target.log,
        correlationId: target.correlationId,
        respond: target.respond,
        action: target.action,
      });
    }
    return undefined;
  }
}
