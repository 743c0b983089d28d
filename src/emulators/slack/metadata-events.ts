/**
 * `message_metadata_posted`: after the app posts a message carrying metadata whose `event_type` it
 * subscribes to (the manifest's `metadata_subscriptions`), Slack pushes the channel, the message's
 * ts and the metadata — how an app learns what it posted without reading history. Sent only when
 * the app subscribes to the event itself, to the installation serving the channel's workspace.
 * @see https://docs.slack.dev/reference/events/message_metadata_posted
 */
import type { ActionDeps } from './action-deps.js';
import type { DeliveryResult } from './delivery/delivery-record.js';
import { scopeOfTeam } from './delivery/payloads.js';
import type { StoredMessage } from './stored-message.js';
import { sendEvent } from './user-events.js';
import { teamsOfChannel } from './workspaces.js';

export function deliverMetadataPosted(deps: ActionDeps, message: StoredMessage): Promise<DeliveryResult> | undefined {
  const metadata = message.metadata as { event_type?: unknown } | undefined;
  if (typeof metadata?.event_type !== 'string' || message.bot_id === undefined) return undefined;
  const { subscribedEvents, metadataSubscriptions } = deps.config;
  if (!subscribedEvents.has('message_metadata_posted')) return undefined;
  if (metadataSubscriptions !== 'all' && !metadataSubscriptions.has(metadata.event_type)) return undefined;
  const channel = deps.state.channels.get(message.channel);
  const teamId = channel === undefined ? deps.state.seed.teamId : (teamsOfChannel(channel)[0] ?? deps.state.seed.teamId);
  if (deps.state.installs.serving(teamId) === undefined) return undefined;
  return sendEvent(
    deps,
    {
      type: 'message_metadata_posted',
      app_id: message.app_id ?? deps.state.seed.appId,
      bot_id: message.bot_id,
      user_id: message.user,
      team_id: teamId,
      channel_id: message.channel,
      metadata: message.metadata,
      message_ts: message.ts,
      event_ts: message.ts,
    },
    { scope: scopeOfTeam(deps.state, teamId) },
  );
}
