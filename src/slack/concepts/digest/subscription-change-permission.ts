/**
 * Who may change a channel's digest subscription (unsubscribe, pause, resume, remove, replace):
 * the person who subscribed the channel or a workspace admin, the rule of folder delete.
 */
import type { WebClient } from '@slack/web-api';
import type { DigestSubscription } from '../../../store/records.js';
import { isWorkspaceAdmin } from '../../kit/permissions/folder-delete-permission.js';

/** True when `userId` may change `subscription` (nothing to change is allowed: the caller says so). */
export async function mayChangeSubscription(client: WebClient, userId: string, subscription: DigestSubscription | null): Promise<boolean> {
  if (subscription === null || subscription.createdBy === userId) return true;
  return isWorkspaceAdmin(client, userId);
}

/** Why the change was refused, in plain text (the notice card escapes it). */
export function subscriptionChangeRefusal(channelId: string): string {
  return `Only the person who subscribed this channel (${channelId}) to the digest or a workspace admin can change or remove its subscription.`;
}
