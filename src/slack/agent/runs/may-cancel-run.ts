/**
 * Who may stop a run: the person who asked, or a workspace admin or owner (users.info). Anyone
 * else is refused; when Slack cannot tell us whether the user is an admin, the answer is no.
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import type { RunRecord } from '../../../store/records.js';

export type CancelPermission =
  | { allowed: true; as: 'asker' | 'admin' }
  | { allowed: false; reason: 'not_allowed' | 'unverified' | 'other_workspace' };

export async function mayCancelRun(
  client: WebClient,
  run: Pick<RunRecord, 'askerUserId' | 'teamId'>,
  user: { userId: string; teamId: string },
  log: Logger,
): Promise<CancelPermission> {
  if (run.teamId !== user.teamId) return { allowed: false, reason: 'other_workspace' };
  if (run.askerUserId === user.userId) return { allowed: true, as: 'asker' };
  try {
    const info = await client.users.info({ user: user.userId });
    const u = info.user;
    if (u && !u.deleted && (u.is_admin || u.is_owner || u.is_primary_owner)) return { allowed: true, as: 'admin' };
    return { allowed: false, reason: 'not_allowed' };
  } catch (error) {
    log.warn('could not check whether the user is an admin; refusing to cancel', { user: user.userId, error: error });
    return { allowed: false, reason: 'unverified' };
  }
}
