import type { StreamInfo } from './stored-message.js';

export interface StreamLimits {
  lifetimeMs: number;
  idleMs: number;
  maxChars: number;
}

/**
 * Whether a native stream has ended on its own: Slack closes one about 5 minutes after
 * chat.startStream, when it sits idle, or once its text passes ~11 KB (field reports; UNCONFIRMED).
 * Pure: the caller stores the result. A call that would make the message too big is refused
 * instead (`msg_too_long`, validation/stream-size.ts).
 */
export function streamExpiry(
  stream: StreamInfo,
  textLength: number,
  now: number,
  limits: StreamLimits,
): StreamInfo['endReason'] | undefined {
  if (stream.state !== 'streaming') return undefined;
  if (textLength > limits.maxChars) return 'max_chars';
  if (now - stream.startedAt >= limits.lifetimeMs) return 'lifetime';
  if (now - stream.lastActivityAt >= limits.idleMs) return 'idle';
  return undefined;
}
