/**
 * The fence every trigger from a user of another organisation passes first: the workspace admin's
 * switch (App Home) may turn Research Desk off for them; when on, they may ask public research
 * questions, and `workspaceData` paths (folders, watches, App Home) are refused all the same.
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import type { AppStores } from '../../../store/app-stores.js';
import type { WorkspaceRef } from '../../../workspaces/workspace-ref.js';
import { EXTERNAL_DATA_REFUSAL, resolveExternalUser } from './external-user.js';

export const EXTERNAL_ACCESS_OFF =
  'Research Desk is turned off for people from other organisations in this shared channel: an admin of the workspace that installed it chose so. Only an admin of that workspace can turn it back on, from the admin section of Research Desk’s Home tab.';

export type ExternalAccessVerdict =
  | { allowed: true; external: boolean; userTeamId: string }
  | { allowed: false; reason: string; userTeamId: string; why: 'turned_off' | 'workspace_data' };

export interface ExternalAccessRequest {
  client: WebClient;
  workspace: WorkspaceRef;
  userId: string;
  log: Logger;
  /** The user's own team when the payload names it (an event's `user_team`). */
  payloadTeamId?: string;
  /** The request reads or changes the installing workspace's data: refused to an external user. */
  workspaceData?: boolean;
}

export async function checkExternalAccess(
  stores: Pick<AppStores, 'externalAccess'>,
  req: ExternalAccessRequest,
): Promise<ExternalAccessVerdict> {
  const installing = { teamId: req.workspace.teamId, ...(req.workspace.enterpriseId ? { enterpriseId: req.workspace.enterpriseId } : {}) };
  const verdict = await resolveExternalUser(req.client, installing, req.userId, req.log, req.payloadTeamId);
  if (!verdict.external) return { allowed: true, external: false, userTeamId: verdict.userTeamId };
  const setting = await stores.externalAccess.get(req.workspace.teamId);
  if (!setting.allowed) {
    req.log.info('refused a user of another organisation: turned off by an admin', { user: req.userId, user_team: verdict.userTeamId });
    return { allowed: false, reason: EXTERNAL_ACCESS_OFF, userTeamId: verdict.userTeamId, why: 'turned_off' };
  }
  if (req.workspaceData) {
    req.log.info('refused workspace data to a user of another organisation', { user: req.userId, user_team: verdict.userTeamId });
    return { allowed: false, reason: EXTERNAL_DATA_REFUSAL, userTeamId: verdict.userTeamId, why: 'workspace_data' };
  }
  return { allowed: true, external: true, userTeamId: verdict.userTeamId };
}
