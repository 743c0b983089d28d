/**
 * The user opened the app's agent view (app_home_opened, tab `messages`, which replaces
 * assistant_thread_started): up to 4 suggested prompts for finance research, in the user's
 * language where users.info gives a locale. A failure leaves the view without prompts, logged.
 * @see https://docs.slack.dev/ai/migrating-to-agent-messaging
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import { isSlackFailure, toSlackCallError } from '../../../slack-api/slack-call-error.js';
import { suggestedPromptsFor } from './suggested-prompts.js';

export interface AgentViewOpening {
  client: WebClient;
  userId: string;
  /** The app's DM with the user. */
  channelId: string;
  log: Logger;
}

async function localeOf(client: WebClient, userId: string, log: Logger): Promise<string | undefined> {
  try {
    const info = await client.users.info({ user: userId, include_locale: true });
    return typeof info.user?.locale === 'string' ? info.user.locale : undefined;
  } catch (error) {
    log.warn('could not read the user’s locale; suggesting English prompts', { user: userId, error });
    return undefined;
  }
}

export async function setUpAgentView({ client, userId, channelId, log }: AgentViewOpening): Promise<void> {
  const set = suggestedPromptsFor(await localeOf(client, userId, log));
  try {
    await client.assistant.threads.setSuggestedPrompts({ channel_id: channelId, title: set.title, prompts: set.prompts });
  } catch (error) {
    log.warn('could not set the agent view’s suggested prompts', {
      error,
      ...(isSlackFailure(error) ? { slack_error: toSlackCallError('assistant.threads.setSuggestedPrompts', error).code } : {}),
    });
  }
}
