/**
 * Which delivery path a run uses. In a channel a native stream is live only for its recipient
 * (everyone else sees it when it stops), so auto mode streams natively only in DMs (channel ids
 * starting with D) and updates a normal message elsewhere. Chosen once, when the run starts, and
 * kept in its record.
 * @see https://docs.slack.dev/reference/methods/chat.startStream
 */
import type { StreamingMode } from '../../config/relay-config.js';
import type { DeliveryPath } from '../../store/records.js';

export function chooseDeliveryPath(mode: StreamingMode, channelId: string): DeliveryPath {
  if (mode === 'native') return 'native';
  if (mode === 'update') return 'update';
  return channelId.startsWith('D') ? 'native' : 'update';
}
