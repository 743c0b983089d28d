/**
 * Who is a user of another organisation: someone in a Slack Connect channel whose own workspace is
 * neither the installing workspace nor (for an Enterprise Grid install) a workspace of its org.
 * Such a user may ask public research questions, never see or change the installing workspace's
 * folders, files, watches or App Home data. Events name the user's team (`user_team`,
 * `source_team`); slash commands and App Home do not, so users.info says (`team_id`,
 * `is_stranger`, `enterprise_user`). When Slack cannot say, the user counts as external: the
 * fence fails closed.
 * @see https://docs.slack.dev/apis/slack-connect/
 * @see https://docs.slack.dev/reference/methods/users.info
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../../observability/logger.js';

/** The workspace (and org) the app is installed in, as the request's context names it. */
export interface InstallingTeam {
  teamId: string;
  enterpriseId?: string;
}

/** What is known of the user's own organisation. */
export interface UserOrigin {
  teamId: string;
  enterpriseId?: string;
  /** users.info's `is_stranger`: a user of another organisation the workspace has no directory entry for. */
  stranger?: boolean;
}

export function isExternalUser(installing: InstallingTeam, user: UserOrigin): boolean {
  if (user.stranger === true) return true;
  if (user.teamId === installing.teamId) return false;
  return installing.enterpriseId === undefined || user.enterpriseId !== installing.enterpriseId;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The user's own team as an event names it in a Slack Connect channel, if it does. */
export function userTeamOfEvent(event: Record<string, unknown>): string | undefined {
  return str(event.user_team) ?? str(event.source_team);
}

export interface ExternalUserVerdict {
  external: boolean;
  /** The user's own team: where streams and ephemerals to them are addressed. */
  userTeamId: string;
}

/**
 * Whether `userId` is of another organisation. A team named by the payload that is the installing
 * one settles it without a call; otherwise users.info answers.
 */
export async function resolveExternalUser(
  client: WebClient,
  installing: InstallingTeam,
  userId: string,
  log: Logger,
  payloadTeamId?: string,
): Promise<ExternalUserVerdict> {
  if (payloadTeamId === installing.teamId) return { external: false, userTeamId: payloadTeamId };
  if (payloadTeamId !== undefined && installing.enterpriseId === undefined) return { external: true, userTeamId: payloadTeamId };
  try {
    const res = await client.users.info({ user: userId });
    const user = res.user as { team_id?: string; is_stranger?: boolean; enterprise_user?: { enterprise_id?: string } } | undefined;
    const teamId = str(user?.team_id) ?? payloadTeamId ?? installing.teamId;
    const enterpriseId = str(user?.enterprise_user?.enterprise_id);
    const origin = { teamId, ...(enterpriseId ? { enterpriseId } : {}), ...(user?.is_stranger ? { stranger: true } : {}) };
    return { external: isExternalUser(installing, origin), userTeamId: teamId };
  } catch (error) {
    log.warn('users.info failed; the user is treated as of another organisation', { user: userId, error });
    return { external: true, userTeamId: payloadTeamId ?? installing.teamId };
  }
}

/**
 * The team a run of `userId` must address its stream and notes to: their own when they are of
 * another organisation, else undefined (the installing team). A DM needs no recipient.
 */
export async function askerTeamIdOf(
  client: WebClient,
  installing: InstallingTeam,
  where: { channelId: string; userId: string; payloadTeamId?: string },
  log: Logger,
): Promise<string | undefined> {
  if (where.channelId.startsWith('D')) return undefined;
  const verdict = await resolveExternalUser(client, installing, where.userId, log, where.payloadTeamId);
  return verdict.external && verdict.userTeamId !== installing.teamId ? verdict.userTeamId : undefined;
}

/** Why workspace data is not shown to a user of another organisation (plain text). */
export const EXTERNAL_DATA_REFUSAL =
  'Folders, watches, files and the Home tab belong to the workspace that installed Research Desk, so people from other organisations cannot use them. You can still ask public research questions: mention @Research Desk with your question.';
