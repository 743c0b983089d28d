import type { EmulatorState } from '../state.js';
import type { SlackChannel, SlackUser } from '../types.js';

/** Payload builders for what Slack sends an app; shapes follow bolt-js's request types. */

export function userRef(state: EmulatorState, user: SlackUser): Record<string, unknown> {
  return { id: user.id, username: user.name, name: user.name, team_id: state.seed.teamId };
}

export function channelName(channel: SlackChannel): string {
  return channel.is_im ? 'directmessage' : channel.name;
}

/** Slash command fields, form-encoded over HTTP. @see bolt-js src/types/command/index.ts */
export function buildCommandFields(
  state: EmulatorState,
  p: { command: string; text: string; channel: SlackChannel; user: SlackUser; responseUrl: string; triggerId: string },
): Record<string, string> {
  return {
    token: 'emulator-verification-token',
    team_id: state.seed.teamId,
    team_domain: state.seed.teamDomain,
    channel_id: p.channel.id,
    channel_name: channelName(p.channel),
    user_id: p.user.id,
    user_name: p.user.name,
    command: p.command,
    text: p.text,
    api_app_id: state.seed.appId,
    is_enterprise_install: 'false',
    response_url: p.responseUrl,
    trigger_id: p.triggerId,
  };
}

export function baseInteraction(state: EmulatorState, type: string, user: SlackUser): Record<string, unknown> {
  return {
    type,
    token: 'emulator-verification-token',
    api_app_id: state.seed.appId,
    team: { id: state.seed.teamId, domain: state.seed.teamDomain },
    enterprise: null,
    is_enterprise_install: false,
    user: userRef(state, user),
  };
}

/** The event_callback envelope of the Events API. @see https://docs.slack.dev/apis/events-api */
export function buildEventCallback(
  state: EmulatorState,
  event: Record<string, unknown>,
  eventId: string,
  eventTime: number,
): Record<string, unknown> {
  return {
    token: 'emulator-verification-token',
    team_id: state.seed.teamId,
    context_team_id: state.seed.teamId,
    context_enterprise_id: null,
    api_app_id: state.seed.appId,
    event,
    type: 'event_callback',
    event_id: eventId,
    event_time: eventTime,
    authorizations: [
      { enterprise_id: null, team_id: state.seed.teamId, user_id: state.seed.botUserId, is_bot: true, is_enterprise_install: false },
    ],
    is_ext_shared_channel: false,
    event_context: `4-${Buffer.from(eventId).toString('base64url')}`,
  };
}
