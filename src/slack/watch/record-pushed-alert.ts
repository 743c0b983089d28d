/**
 * Slack's `message_metadata_posted` for the app's own watch alerts: the alert reached the channel
 * with this ts. Recorded against the alert, so a poller that finds it still pending after a crash
 * (between the post and clearing it) knows it was posted without reading the channel.
 * @see https://docs.slack.dev/reference/events/message_metadata_posted
 */
import type { Logger } from '../../observability/logger.js';
import type { AppStores } from '../../store/app-stores.js';
import type { PushedMetadata } from '../kit/posting/pushed-metadata.js';
import { WATCH_ALERT_EVENT_TYPE } from './watch-metadata.js';

export async function recordPushedAlert(
  deps: { stores: Pick<AppStores, 'watches'>; logger: Logger },
  pushed: PushedMetadata,
): Promise<void> {
  const { watch, alert } = pushed.payload;
  if (pushed.eventType !== WATCH_ALERT_EVENT_TYPE || typeof watch !== 'string' || typeof alert !== 'string') return;
  const { teamId, channelId, messageTs } = pushed;
  const log = deps.logger.child({ component: 'watch-push', team: teamId, channel: channelId, watchId: watch, alertId: alert });
  try {
    await deps.stores.watches.recordAlertTs({ teamId, channelId, watchId: watch }, alert, messageTs);
    log.debug('watch alert ts recorded from message_metadata_posted', { ts: messageTs });
  } catch (error) {
    // The poster records the ts too; a restart without it reads one budgeted page of the channel.
    log.warn('watch alert ts from message_metadata_posted not recorded', { ts: messageTs, error });
  }
}
