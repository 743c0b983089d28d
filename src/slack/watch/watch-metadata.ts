/**
 * The message metadata every watch alert carries: the watch and the alert's id, so a replica
 * that took over a pending alert can find out whether it already reached the channel.
 * @see https://docs.slack.dev/messaging/message-metadata
 */
export const WATCH_ALERT_EVENT_TYPE = 'research_desk_watch_alert';

export interface WatchAlertMetadata {
  event_type: typeof WATCH_ALERT_EVENT_TYPE;
  event_payload: { watch: string; alert: string; kind: string };
}

export function watchAlertMetadata(watchId: string, alertId: string, kind: string): WatchAlertMetadata {
  return { event_type: WATCH_ALERT_EVENT_TYPE, event_payload: { watch: watchId, alert: alertId, kind } };
}

/** Whether a message (as conversations.history returns it) is the alert `alertId`. */
export function isWatchAlert(message: { metadata?: unknown }, alertId: string): boolean {
  const metadata = message.metadata as { event_type?: unknown; event_payload?: { alert?: unknown } } | undefined;
  return metadata?.event_type === WATCH_ALERT_EVENT_TYPE && metadata.event_payload?.alert === alertId;
}
