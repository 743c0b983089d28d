/**
 * Who may add files to the workspace's research folders: a user of the installing workspace (or
 * of its org). A user of another organisation (Slack Connect) is refused, with the reason to show.
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';
import type { WorkspaceRef } from '../../../workspaces/workspace-ref.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { checkExternalAccess } from '../../kit/permissions/external-access.js';

export interface Adder {
  client: WebClient;
  workspace: WorkspaceRef;
  userId: string;
  /** The user's own team as the payload names it (`user.team_id`, an event's `user_team`). */
  userTeamId?: string;
  log: Logger;
}

/** Why this user may not add files, or undefined when they may. */
export async function addRefusal(
  deps: Pick<ListenerDeps, 'stores'>,
  adder: Adder,
): Promise<{ reason: string; userTeamId: string } | undefined> {
  const verdict = await checkExternalAccess(deps.stores, {
    client: adder.client,
    workspace: adder.workspace,
    userId: adder.userId,
    log: adder.log,
    ...(adder.userTeamId ? { payloadTeamId: adder.userTeamId } : {}),
    workspaceData: true,
  });
  return verdict.allowed ? undefined : { reason: verdict.reason, userTeamId: verdict.userTeamId };
}
