/**
 * Who opens the Home tab, from one users.info: a user of another organisation (Slack Connect) is
 * refused the workspace's data; an admin or owner may change whether such users may use the app.
 * @see https://docs.slack.dev/reference/methods/users.info
 */
import { EXTERNAL_DATA_REFUSAL, isExternalUser } from '../kit/permissions/external-user.js';
import { EXTERNAL_ACCESS_OFF } from '../kit/permissions/external-access.js';
import type { HomeTarget } from '../kit/home-target.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import type { HomeExternalAccess } from './external-access-section.js';

export type HomeViewer =
  | { refusal: string; externalAccess?: undefined; isAdmin?: undefined }
  | { refusal?: undefined; externalAccess: HomeExternalAccess; isAdmin: boolean };

interface UserInfo {
  team_id?: string;
  is_stranger?: boolean;
  is_admin?: boolean;
  is_owner?: boolean;
  is_primary_owner?: boolean;
  enterprise_user?: { enterprise_id?: string };
}

export async function homeViewer(deps: Pick<ListenerDeps, 'stores'>, target: HomeTarget): Promise<HomeViewer> {
  const setting = await deps.stores.externalAccess.get(target.teamId);
  let user: UserInfo | undefined;
  try {
    user = (await target.client.users.info({ user: target.userId })).user as UserInfo | undefined;
  } catch (error) {
    // Fail closed: without Slack's word the viewer may be of another organisation.
    target.log.warn('users.info failed; the Home tab shows no workspace data', { error });
    return { refusal: EXTERNAL_DATA_REFUSAL };
  }
  const enterpriseId = user?.enterprise_user?.enterprise_id;
  const origin = {
    teamId: user?.team_id ?? target.teamId,
    ...(enterpriseId ? { enterpriseId } : {}),
    ...(user?.is_stranger ? { stranger: true } : {}),
  };
  const installing = { teamId: target.teamId, ...(target.workspace.enterpriseId ? { enterpriseId: target.workspace.enterpriseId } : {}) };
  if (isExternalUser(installing, origin)) {
    target.log.info('Home tab of a user of another organisation: no workspace data', { user_team: origin.teamId });
    return { refusal: setting.allowed ? EXTERNAL_DATA_REFUSAL : EXTERNAL_ACCESS_OFF };
  }
  const mayChange = user?.is_admin === true || user?.is_owner === true || user?.is_primary_owner === true;
  // An admin of another workspace of the org is not one of this workspace's research folders.
  const isAdmin = mayChange && origin.teamId === target.teamId;
  return { externalAccess: { allowed: setting.allowed, mayChange }, isAdmin };
}
