import { SlackApiError } from '../errors.js';
import { slackLimits } from './limits.js';
import { parseJsonArg } from './parse-json-arg.js';
import { isRecord } from './validation-issue.js';

export interface MessageMetadata {
  event_type: string;
  event_payload: Record<string, unknown>;
}

/**
 * Message metadata `{event_type, event_payload}`.
 * @see https://docs.slack.dev/messaging/message-metadata
 */
export function validateMetadata(raw: unknown): MessageMetadata | undefined {
  if (raw === undefined || raw === '' || raw === null) return undefined;
  const parsed = parseJsonArg(raw);
  if (!parsed.ok || !isRecord(parsed.value)) throw new SlackApiError('invalid_metadata_format');
  const { event_type, event_payload } = parsed.value;
  if (typeof event_type !== 'string' || event_type.length === 0 || event_type.length > slackLimits.metadataEventTypeChars) {
    throw new SlackApiError('invalid_metadata_schema', {
      messages: ['event_type must be a non-empty string [json-pointer:/metadata/event_type]'],
    });
  }
  if (!isRecord(event_payload)) {
    throw new SlackApiError('invalid_metadata_schema', {
      messages: ['event_payload must be an object [json-pointer:/metadata/event_payload]'],
    });
  }
  return { event_type, event_payload };
}
