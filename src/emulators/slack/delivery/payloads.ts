import { EmulatorUsageError } from '../errors.js';
import type { Installation } from '../installations.js';
import type { EmulatorState } from '../state.js';
import type { SlackChannel } from '../slack-channel.js';
import type { SlackUser } from '../slack-user.js';
import { connectHostOf, findEnterprise, findWorkspace, teamOfUser } from '../workspaces.js';

/** Payload builders for what Slack sends an app; shapes follow bolt-js's request types. */

/** Where something happens and which installation of the app serves it. */
export interface DeliveryScope {
  teamId: string;
  teamDomain: string;
  enterprise: { id: string; name: string } | null;
  installation: Installation;
}

/**
 * The installation serving a workspace (its own or its org's org-wide one); a workspace without
 * the app gets nothing from it, so nothing can be delivered there.
 */
export function scopeOfTeam(state: EmulatorState, teamId: string): DeliveryScope {
  const installation = state.installs.serving(teamId);
  if (installation === undefined) throw new EmulatorUsageError('app_not_installed', `the app is not installed in ${teamId}`);
  return scopeWith(teamId, installation);
}

/** The scope of an installation being removed (uninstall events): the installation's own team or org. */
export function scopeWith(teamId: string, installation: Installation): DeliveryScope {
  const workspace = findWorkspace(teamId);
  const enterpriseId = workspace?.enterpriseId ?? installation.enterpriseId ?? undefined;
  const enterprise = findEnterprise(enterpriseId);
  return {
    teamId,
    teamDomain: workspace?.domain ?? enterprise?.domain ?? '',
    enterprise: enterprise === undefined ? null : { id: enterprise.id, name: enterprise.name },
    installation,
  };
}

/** A user of another organisation acts through the Slack Connect channel's host workspace. */
export function scopeOfUser(state: EmulatorState, user: SlackUser): DeliveryScope {
  return scopeOfTeam(state, connectHostOf(state.channels.values(), user) ?? teamOfUser(user));
}

export function userRef(user: SlackUser): Record<string, unknown> {
  return { id: user.id, username: user.name, name: user.name, team_id: teamOfUser(user) };
}

export function channelName(channel: SlackChannel): string {
  return channel.is_im ? 'directmessage' : channel.name;
}

/** Slash command fields, form-encoded over HTTP. @see bolt-js src/types/command/index.ts */
export function buildCommandFields(
  state: EmulatorState,
  p: { command: string; text: string; channel: SlackChannel; user: SlackUser; responseUrl: string; triggerId: string },
): Record<string, string> {
  const scope = scopeOfUser(state, p.user);
  return {
    token: 'emulator-verification-token',
    team_id: scope.teamId,
    team_domain: scope.teamDomain,
    ...(scope.enterprise !== null ? { enterprise_id: scope.enterprise.id, enterprise_name: scope.enterprise.name } : {}),
    channel_id: p.channel.id,
    channel_name: channelName(p.channel),
    user_id: p.user.id,
    user_name: p.user.name,
    command: p.command,
    text: p.text,
    api_app_id: state.seed.appId,
    is_enterprise_install: String(scope.installation.isEnterpriseInstall),
    response_url: p.responseUrl,
    trigger_id: p.triggerId,
  };
}

export function baseInteraction(state: EmulatorState, type: string, user: SlackUser): Record<string, unknown> {
  const scope = scopeOfUser(state, user);
  return {
    type,
    token: 'emulator-verification-token',
    api_app_id: state.seed.appId,
    team:
      scope.enterprise === null
        ? { id: scope.teamId, domain: scope.teamDomain }
        : { id: scope.teamId, domain: scope.teamDomain, enterprise_id: scope.enterprise.id, enterprise_name: scope.enterprise.name },
    enterprise: scope.enterprise,
    is_enterprise_install: scope.installation.isEnterpriseInstall,
    user: userRef(user),
  };
}

/**
 * The event_callback envelope of the Events API, with the `authorizations` of the installation
 * that receives it (team_id null for an org-wide one).
 * @see https://docs.slack.dev/apis/events-api
 * @see https://docs.slack.dev/enterprise/developing-for-enterprise-orgs
 */
export function buildEventCallback(
  state: EmulatorState,
  event: Record<string, unknown>,
  eventId: string,
  eventTime: number,
  scope: DeliveryScope,
): Record<string, unknown> {
  const enterpriseId = scope.enterprise?.id ?? null;
  const { installation } = scope;
  return {
    token: 'emulator-verification-token',
    team_id: scope.teamId,
    ...(enterpriseId !== null ? { enterprise_id: enterpriseId } : {}),
    context_team_id: scope.teamId,
    context_enterprise_id: enterpriseId,
    api_app_id: state.seed.appId,
    event,
    type: 'event_callback',
    event_id: eventId,
    event_time: eventTime,
    authorizations: [
      {
        enterprise_id: installation.enterpriseId,
        team_id: installation.teamId,
        user_id: installation.bot.userId,
        is_bot: true,
        is_enterprise_install: installation.isEnterpriseInstall,
      },
    ],
    is_ext_shared_channel: false,
    event_context: `4-${Buffer.from(eventId).toString('base64url')}`,
  };
}
