/**
 * Who may remove a watch, by the rule of digest subscriptions (subscription-change-permission.ts):
 * the person who added it or a workspace admin. A DM watch is its owner's alone.
 */
import type { WebClient } from '@slack/web-api';
import type { WatchRecord } from '../../store/records.js';
import { isWorkspaceAdmin } from '../kit/permissions/folder-delete-permission.js';

export async function mayRemoveWatch(client: WebClient, userId: string, watch: WatchRecord | null): Promise<boolean> {
  if (watch === null || watch.createdBy === userId) return true;
  if (watch.scope === 'user') return false;
  return isWorkspaceAdmin(client, userId);
}

/** Why the removal was refused, in plain text (the notice card escapes it). */
export function watchRemovalRefusal(watch: WatchRecord): string {
  return watch.scope === 'user'
    ? 'That watch belongs to another person’s DM.'
    : 'Only the person who added this watch or a workspace admin can remove it.';
}
