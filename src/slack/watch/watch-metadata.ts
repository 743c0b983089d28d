/**
 * The message metadata every watch alert carries: the watch and the alert's id, so a replica
 * that took over a pending alert can find out whether it already reached the channel; and what
 * it alerted (document ids, or the earnings date of an eve), so a poll whose claims the store lost
 * with a rollback can tell which of its documents were alerted already.
 * @see https://docs.slack.dev/messaging/message-metadata
 */
export const WATCH_ALERT_EVENT_TYPE = 'research_desk_watch_alert';

/** What an alert alerted: its documents' ids, or the earnings date of an eve. */
export type AlertedContent = { docs?: string[]; date?: string };

/** Metadata values are strings, numbers, booleans or objects: the ids travel comma-separated. */
const ID_SEPARATOR = ',';

export interface WatchAlertMetadata {
  event_type: typeof WATCH_ALERT_EVENT_TYPE;
  event_payload: { watch: string; alert: string; kind: string; docs?: string; date?: string };
}

export function watchAlertMetadata(watchId: string, alertId: string, kind: string, content: AlertedContent = {}): WatchAlertMetadata {
  const { docs, date } = content;
  return {
    event_type: WATCH_ALERT_EVENT_TYPE,
    event_payload: { watch: watchId, alert: alertId, kind, ...(docs ? { docs: docs.join(ID_SEPARATOR) } : {}), ...(date ? { date } : {}) },
  };
}

/** Whether a message (as conversations.history returns it) is the alert `alertId`. */
export function isWatchAlert(message: { metadata?: unknown }, alertId: string): boolean {
  const metadata = message.metadata as { event_type?: unknown; event_payload?: { alert?: unknown } } | undefined;
  return metadata?.event_type === WATCH_ALERT_EVENT_TYPE && metadata.event_payload?.alert === alertId;
}

/** What an alert message of watch `watchId` alerted; undefined for any other message. */
export function alertedContentOf(message: { metadata?: unknown }, watchId: string): AlertedContent | undefined {
  const metadata = message.metadata as { event_type?: unknown; event_payload?: Record<string, unknown> } | undefined;
  const payload = metadata?.event_payload;
  if (metadata?.event_type !== WATCH_ALERT_EVENT_TYPE || payload?.watch !== watchId) return undefined;
  const docs = typeof payload.docs === 'string' ? payload.docs.split(ID_SEPARATOR).filter((d) => d !== '') : undefined;
  return { ...(docs ? { docs } : {}), ...(typeof payload.date === 'string' ? { date: payload.date } : {}) };
}
