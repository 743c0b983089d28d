import { createHash, randomUUID } from 'node:crypto';
import type { StartRunRequest } from './start-run-request.js';

/**
 * A run's id starts with its workspace's team id (`T123-r-…`): its keys then fall under that
 * workspace's prefixes (src/store/keys.ts), which is what uninstalling deletes.
 */
export function runIdFor(request: Pick<StartRunRequest, 'teamId' | 'channelId' | 'requestId'>): string {
  if (!request.requestId) return `${request.teamId}-${randomUUID()}`;
  const digest = createHash('sha256').update(`${request.teamId}|${request.channelId}|${request.requestId}`).digest('hex');
  return `${request.teamId}-r-${digest.slice(0, 24)}`;
}
