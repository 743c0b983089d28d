/**
 * Who acts on the research-service connection, from one users.info with the request's client: an
 * admin or owner of this workspace, and for an Enterprise Grid org user their org and whether they
 * are its admin or owner (`enterprise_user`). Each path that changes the connection asks here and
 * hands the answer to the directory, which decides. When Slack does not say, the user has no role
 * (fail closed); a workspace role counts only in the user's own workspace, so an admin of another
 * workspace or organisation (Slack Connect) has none here.
 * @see https://docs.slack.dev/reference/methods/users.info
 * @see https://docs.slack.dev/reference/objects/user-object
 */
import { z } from 'zod';
import type { ConnectionActor } from '../../workspaces/workspaces.js';
import type { HomeTarget } from '../kit/home-target.js';

const userInfoSchema = z.object({
  team_id: z.string().optional(),
  is_admin: z.boolean().optional(),
  is_owner: z.boolean().optional(),
  is_primary_owner: z.boolean().optional(),
  enterprise_user: z
    .object({
      enterprise_id: z.string(),
      is_admin: z.boolean().optional(),
      is_owner: z.boolean().optional(),
      is_primary_owner: z.boolean().optional(),
    })
    .optional(),
});

type Roles = { is_admin?: boolean | undefined; is_owner?: boolean | undefined; is_primary_owner?: boolean | undefined };

const isAdminOrOwner = (roles: Roles): boolean => roles.is_admin === true || roles.is_owner === true || roles.is_primary_owner === true;

export async function connectionActorOf(target: HomeTarget): Promise<ConnectionActor> {
  const member: ConnectionActor = { id: target.userId, workspaceAdmin: false };
  let raw: unknown;
  try {
    raw = (await target.client.users.info({ user: target.userId })).user;
  } catch (error) {
    target.log.info('users.info failed; the user has no role for the connection', { error });
    return member;
  }
  const parsed = userInfoSchema.safeParse(raw);
  if (!parsed.success) {
    target.log.warn('users.info answered an unexpected user; no role for the connection', { issues: parsed.error.issues.length });
    return member;
  }
  const user = parsed.data;
  const org = user.enterprise_user;
  return {
    id: target.userId,
    workspaceAdmin: (user.team_id ?? target.teamId) === target.teamId && isAdminOrOwner(user),
    ...(org ? { org: { enterpriseId: org.enterprise_id, admin: isAdminOrOwner(org) } } : {}),
  };
}
