/**
 * A user and a Work Object: opening an unfurl's side panel (flexpane) sends `entity_details_requested`
 * with a trigger entity.presentDetails answers; a click on an action of the panel (or of the
 * unfurl) is a `block_actions` whose container names the entity and the message it was shared in.
 * Until the app answers, the panel shows the unfurl's own content (Slack's placeholder).
 * @see https://docs.slack.dev/messaging/work-objects-implementation
 * @see https://docs.slack.dev/reference/events/entity_details_requested
 */
import { actingUser, issueTrigger, targetChannel, type ActionDeps } from '../action-deps.js';
import type { DeliveryResult } from '../delivery/delivery-record.js';
import { baseInteraction, channelName, scopeOfUser } from '../delivery/payloads.js';
import { EmulatorUsageError } from '../errors.js';
import { createResponseUrl } from '../response-url.js';
import { sendEvent } from '../user-events.js';
import { isRecord } from '../validation/validation-issue.js';
import type { EntityRef, Flexpane } from './work-objects-state.js';

function refOf(entity: Record<string, unknown>, appUnfurlUrl: string): EntityRef {
  const ref = isRecord(entity.external_ref) ? entity.external_ref : {};
  return {
    externalRef: { id: String(ref.id ?? ''), ...(typeof ref.type === 'string' ? { type: ref.type } : {}) },
    entityUrl: String(entity.url ?? appUnfurlUrl),
    appUnfurlUrl,
    entityType: String(entity.entity_type ?? ''),
  };
}

function unfurlEntity(deps: ActionDeps, channelId: string, messageTs: string, url: string): Record<string, unknown> {
  const entity = deps.state.unfurls.get(`${channelId}:${messageTs}`)?.entities?.[url];
  if (entity === undefined)
    throw new EmulatorUsageError('entity_not_found', `no Work Object for ${url} on message ${messageTs} in ${channelId}`);
  return entity;
}

/** Registers a trigger the app may answer with entity.presentDetails (and views.open, like any trigger). */
function entityTrigger(deps: ActionDeps, user: string, teamId: string, externalRefId: string): string {
  const triggerId = issueTrigger(deps, user);
  deps.state.workObjects.triggers.set(triggerId, { user, teamId, externalRefId, createdAt: deps.config.clock() });
  return triggerId;
}

/**
 * The user clicks the Work Object of `url` on a message: their side panel opens on it and, when
 * the app subscribes, `entity_details_requested` is sent (its delivery is returned).
 */
export async function openEntityDetails(
  deps: ActionDeps,
  p: { channel_id: string; message_ts: string; url: string; user_id?: string },
): Promise<{ flexpane: Flexpane; delivery?: DeliveryResult }> {
  const user = actingUser(deps, p.user_id);
  const channel = targetChannel(deps, p.channel_id);
  const entity = unfurlEntity(deps, channel.id, p.message_ts, p.url);
  const ref = refOf(entity, p.url);
  const { teamId } = scopeOfUser(deps.state, user);
  const triggerId = entityTrigger(deps, user.id, teamId, ref.externalRef.id);
  const threadTs = deps.state.findMessage(channel.id, p.message_ts)?.thread_ts;
  const now = deps.config.clock();
  const flexpane: Flexpane = {
    user: user.id,
    teamId,
    channel: channel.id,
    messageTs: p.message_ts,
    ...(threadTs !== undefined ? { threadTs } : {}),
    entity: ref,
    placeholder: entity,
    triggerId,
    status: 'waiting',
    presentCalls: 0,
    openedAt: now,
    updatedAt: now,
  };
  deps.state.workObjects.flexpanes.set(user.id, flexpane);
  deps.state.changed({ kind: 'flexpane', user: user.id, channel: channel.id });
  if (!deps.config.subscribedEvents.has('entity_details_requested')) return { flexpane };
  const delivery = await sendEvent(deps, {
    type: 'entity_details_requested',
    user: user.id,
    external_ref: ref.externalRef,
    entity_url: ref.entityUrl,
    link: { url: ref.entityUrl, domain: hostOf(ref.entityUrl) },
    app_unfurl_url: p.url,
    trigger_id: triggerId,
    user_locale: user.locale ?? 'en-US',
    channel: channel.id,
    message_ts: p.message_ts,
    ...(threadTs !== undefined ? { thread_ts: threadTs } : {}),
  });
  return { flexpane, delivery };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

/** The actions a Work Object shows: primary, overflow and (on an error screen) the error's. */
function actionsOf(entity: unknown, error?: Record<string, unknown>): Record<string, unknown>[] {
  const payload = isRecord(entity) && isRecord(entity.entity_payload) ? entity.entity_payload : {};
  const actions = isRecord(payload.actions) ? payload.actions : {};
  const lists = [actions.primary_actions, actions.overflow_actions, error?.actions];
  return lists.flatMap((l) => (Array.isArray(l) ? l.filter(isRecord) : []));
}

/** What the user's open panel shows now: the app's metadata, else the unfurl's placeholder. */
export function flexpaneEntity(panel: Flexpane): Record<string, unknown> {
  return panel.metadata ?? panel.placeholder;
}

/**
 * A click on an action of the user's open side panel (`entity_detail`) or, with `url`, of the
 * Work Object on a message (`message_attachment`, with a response_url as Slack's example has).
 * The panel's click carries no response_url (UNCONFIRMED: Slack's docs show none for it).
 */
export async function clickEntityAction(
  deps: ActionDeps,
  p: { action_id: string; user_id?: string; channel_id?: string; message_ts?: string; url?: string },
): Promise<DeliveryResult> {
  const user = actingUser(deps, p.user_id);
  const fromUnfurl = p.url !== undefined;
  const panel = deps.state.workObjects.flexpanes.get(user.id);
  if (!fromUnfurl && panel === undefined) throw new EmulatorUsageError('flexpane_not_open', `${user.id} has no side panel open`);
  const channel = targetChannel(deps, fromUnfurl ? p.channel_id : panel?.channel);
  const messageTs = fromUnfurl ? (p.message_ts ?? '') : (panel?.messageTs ?? '');
  const entity = fromUnfurl || panel === undefined ? unfurlEntity(deps, channel.id, messageTs, p.url ?? '') : flexpaneEntity(panel);
  const ref = panel !== undefined && !fromUnfurl ? panel.entity : refOf(entity, p.url ?? '');
  const action = actionsOf(entity, fromUnfurl ? undefined : panel?.error).find((a) => a.action_id === p.action_id);
  if (action === undefined) throw new EmulatorUsageError('action_not_found', `no Work Object action ${p.action_id}`);
  const { teamId } = scopeOfUser(deps.state, user);
  const triggerId = entityTrigger(deps, user.id, teamId, ref.externalRef.id);
  if (panel !== undefined && !fromUnfurl) panel.triggerId = triggerId;
  const threadTs = deps.state.findMessage(channel.id, messageTs)?.thread_ts;
  const responseUrl = fromUnfurl
    ? createResponseUrl(deps.state, deps.baseUrl(), { channel: channel.id, user: user.id, messageTs, isEphemeral: false })
    : undefined;
  const container = {
    type: fromUnfurl ? 'message_attachment' : 'entity_detail',
    message_ts: messageTs,
    ...(threadTs !== undefined ? { thread_ts: threadTs } : {}),
    channel_id: channel.id,
    ...(fromUnfurl ? { is_ephemeral: false, is_app_unfurl: true } : {}),
    app_unfurl_url: ref.appUnfurlUrl,
    entity_url: ref.entityUrl,
    external_ref: ref.externalRef,
  };
  const payload: Record<string, unknown> = {
    ...baseInteraction(deps.state, 'block_actions', user),
    container,
    trigger_id: triggerId,
    channel: { id: channel.id, name: channelName(channel) },
    ...(responseUrl !== undefined ? { response_url: responseUrl } : {}),
    actions: [
      {
        type: 'button',
        action_id: action.action_id,
        block_id: fromUnfurl ? 'app_unfurl' : 'entity_detail',
        text: { type: 'plain_text', text: String(action.text ?? ''), emoji: true },
        ...(typeof action.value === 'string' ? { value: action.value } : {}),
        ...(typeof action.style === 'string' ? { style: action.style } : {}),
        action_ts: deps.state.nextTs(),
      },
    ],
  };
  return deps.deliverer.deliver({ kind: 'block_actions', payload, triggerId, ...(responseUrl !== undefined ? { responseUrl } : {}) });
}
