/**
 * A question that opens a new thread in the app's DM (the agent view) names that thread:
 * assistant.threads.setTitle with the question as one escaped line. A failure leaves the thread
 * untitled, logged; the run does not wait for it.
 * @see https://docs.slack.dev/reference/methods/assistant.threads.setTitle
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import { isSlackFailure, toSlackCallError } from '../../../slack-api/slack-call-error.js';
import { threadTitleFrom } from './thread-title.js';
import { questionFromSlackText } from '../runs/question-from-slack-text.js';

export async function titleAgentViewThread(
  client: WebClient,
  thread: { channelId: string; threadTs: string; text: string; botUserId?: string },
  log: Logger,
): Promise<void> {
  const title = threadTitleFrom(questionFromSlackText(thread.text, thread.botUserId));
  if (title === '') return;
  try {
    await client.assistant.threads.setTitle({ channel_id: thread.channelId, thread_ts: thread.threadTs, title });
  } catch (error) {
    log.warn('could not set the agent view thread title', {
      error,
      ...(isSlackFailure(error) ? { slack_error: toSlackCallError('assistant.threads.setTitle', error).code } : {}),
    });
  }
}
