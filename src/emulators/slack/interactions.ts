import { actingUser, issueTrigger, targetChannel, type ActionDeps } from './action-deps.js';
import { escapeCommandText } from './command-escaping.js';
import { baseInteraction, buildCommandFields, channelName, scopeOfUser } from './delivery/payloads.js';
import { EmulatorUsageError, SlackApiError } from './errors.js';
import { buildActionEntry, feedbackChoice, findElement, stateValueFor } from './find-element.js';
import { applyResponse, createResponseUrl } from './response-url.js';
import type { DeliveryResult } from './delivery/delivery-record.js';
import type { StoredView } from './stored-view.js';
import { validateView } from './validation/views.js';
import { isRecord } from './validation/validation-issue.js';
import { toApiMessage } from './web-api/message-shape.js';
import { replaceViewContent, toApiView } from './web-api/view-shape.js';
import { pushModal } from './web-api/views.js';
import { teamOfUser, teamsOfChannel } from './workspaces.js';

function parseJson(body: string | undefined): unknown {
  if (body === undefined || body.trim() === '') return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * A slash command; a non-empty ack body becomes the reply (ephemeral unless response_type in_channel).
 * A command declared with `should_escape` gets its channels, users and links escaped as Slack does.
 */
export async function sendCommand(
  deps: ActionDeps,
  p: { command: string; text?: string; channel_id?: string; user_id?: string },
): Promise<DeliveryResult> {
  if (!p.command.startsWith('/')) throw new EmulatorUsageError('invalid_command', 'a command starts with "/"');
  const user = actingUser(deps, p.user_id);
  const channel = targetChannel(deps, p.channel_id);
  // A workspace without the app has none of its commands.
  scopeOfUser(deps.state, user);
  const triggerId = issueTrigger(deps, user.id);
  const responseUrl = createResponseUrl(deps.state, deps.baseUrl(), { channel: channel.id, user: user.id, isEphemeral: false });
  const spec = deps.config.slashCommands.find((c) => c.command === p.command);
  const typed = p.text ?? '';
  const text =
    spec?.shouldEscape === true
      ? escapeCommandText(typed, {
          // Names are looked up in the user's own workspace, as their Slack client does.
          channels: [...deps.state.channels.values()].filter((c) => teamsOfChannel(c).includes(teamOfUser(user))),
          users: [...deps.state.users.values()].filter((u) => teamOfUser(u) === teamOfUser(user)),
        })
      : typed;
  const fields = buildCommandFields(deps.state, { command: p.command, text, channel, user, responseUrl, triggerId });
  const result = await deps.deliverer.deliver({ kind: 'slash_command', payload: fields, triggerId, responseUrl });
  const ack = result.ok ? parseJson(result.body) : undefined;
  if (ack !== undefined) {
    const entry = deps.state.responseUrls.get(responseUrl.split('/').pop() ?? '');
    const body = typeof ack === 'string' ? { text: ack } : ack;
    if (entry !== undefined && isRecord(body) && (body.text !== undefined || body.blocks !== undefined)) {
      try {
        applyResponse(deps.state, entry, body, 'ack');
      } catch (err) {
        if (!(err instanceof SlackApiError)) throw err;
      }
    }
  }
  return result;
}

/** A click on a button (or a choice in a select/overflow) in a stored message. */
export async function clickAction(
  deps: ActionDeps,
  p: { channel_id: string; message_ts: string; action_id: string; value?: string; user_id?: string; ephemeral?: boolean },
): Promise<DeliveryResult> {
  const user = actingUser(deps, p.user_id);
  const channel = targetChannel(deps, p.channel_id);
  const message = p.ephemeral === true ? undefined : deps.state.findMessage(channel.id, p.message_ts);
  const ephemeral =
    message === undefined ? deps.state.ephemerals.find((e) => e.ts === p.message_ts && e.channel === channel.id && !e.deleted) : undefined;
  if (message === undefined && ephemeral === undefined)
    throw new EmulatorUsageError('message_not_found', `no message ${p.message_ts} in ${channel.id}`);
  const found = findElement(message?.blocks ?? ephemeral?.blocks, p.action_id);
  if (found === undefined)
    throw new EmulatorUsageError('action_not_found', `no element with action_id ${p.action_id} in message ${p.message_ts}`);
  if (message !== undefined && found.element.type === 'feedback_buttons') {
    // Slack's client marks the pressed button at once, for the clicker only, whatever the app answers.
    const actionId = String(found.element.action_id);
    const mine = { ...(message.feedback?.[user.id] ?? {}), [actionId]: feedbackChoice(found.element, p.value) };
    message.feedback = { ...message.feedback, [user.id]: mine };
    deps.state.changed({ kind: 'message', channel: channel.id });
  }
  const triggerId = issueTrigger(deps, user.id);
  const isEphemeral = ephemeral !== undefined;
  const threadTs = message?.thread_ts ?? ephemeral?.thread_ts;
  const responseUrl = createResponseUrl(deps.state, deps.baseUrl(), {
    channel: channel.id,
    user: user.id,
    messageTs: p.message_ts,
    isEphemeral,
    ...(threadTs !== undefined ? { threadTs } : {}),
  });
  const payload: Record<string, unknown> = {
    ...baseInteraction(deps.state, 'block_actions', user),
    container: { type: 'message', message_ts: p.message_ts, channel_id: channel.id, is_ephemeral: isEphemeral },
    trigger_id: triggerId,
    channel: { id: channel.id, name: channelName(channel) },
    state: { values: {} },
    response_url: responseUrl,
    actions: [buildActionEntry(found, p.value, deps.state.nextTs())],
  };
  if (message !== undefined) payload.message = toApiMessage(message, { includeMetadata: true, state: deps.state });
  return deps.deliverer.deliver({ kind: 'block_actions', payload, triggerId, responseUrl });
}

function openModal(deps: ActionDeps, viewId: string): StoredView {
  const view = deps.state.views.get(viewId);
  if (view === undefined || !view.open) throw new EmulatorUsageError('view_not_found', `no open view ${viewId}`);
  return view;
}

/** A click inside a modal or the Home tab (container type `view`). */
export async function clickViewAction(
  deps: ActionDeps,
  p: { view_id: string; action_id: string; value?: string; user_id?: string },
): Promise<DeliveryResult> {
  const view = openModal(deps, p.view_id);
  const user = actingUser(deps, p.user_id ?? view.user);
  const found = findElement(view.view.blocks as unknown[] | undefined, p.action_id);
  if (found === undefined)
    throw new EmulatorUsageError('action_not_found', `no element with action_id ${p.action_id} in view ${p.view_id}`);
  const triggerId = issueTrigger(deps, user.id);
  const payload: Record<string, unknown> = {
    ...baseInteraction(deps.state, 'block_actions', user),
    container: { type: 'view', view_id: view.id },
    trigger_id: triggerId,
    view: toApiView(view),
    actions: [buildActionEntry(found, p.value, deps.state.nextTs())],
  };
  return deps.deliverer.deliver({ kind: 'block_actions', payload, triggerId });
}

function buildStateValues(view: StoredView, values: Record<string, Record<string, unknown>>): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [blockId, actions] of Object.entries(values)) {
    out[blockId] = {};
    for (const [actionId, raw] of Object.entries(actions)) {
      const found = findElement(view.view.blocks as unknown[] | undefined, actionId);
      (out[blockId] as Record<string, unknown>)[actionId] = stateValueFor(found?.element, raw);
    }
  }
  return out;
}

function closeModal(deps: ActionDeps, view: StoredView): void {
  view.open = false;
  const stack = (deps.state.modalStacks.get(view.user) ?? []).filter((id) => id !== view.id);
  deps.state.modalStacks.set(view.user, stack);
  deps.state.changed({ kind: 'view_closed', user: view.user });
}

/**
 * The `errors` of a `response_action: errors` ack: a non-empty map from the block_id of an
 * input block in the view to a non-empty message, as Slack requires; anything else is refused
 * and the modal stays as it was.
 * @see https://docs.slack.dev/surfaces/modals#displaying_errors
 */
function validateViewErrors(view: StoredView, errors: unknown): Record<string, string> {
  if (!isRecord(errors) || Object.keys(errors).length === 0)
    throw new SlackApiError('invalid_response_action', { messages: ['[ERROR] errors must be an object keyed by block_id'] });
  const blocks = Array.isArray(view.view.blocks) ? view.view.blocks : [];
  const inputIds = new Set(
    blocks.filter((b) => isRecord(b) && b.type === 'input').map((b) => String((b as { block_id?: unknown }).block_id)),
  );
  const out: Record<string, string> = {};
  for (const [blockId, message] of Object.entries(errors)) {
    if (!inputIds.has(blockId))
      throw new SlackApiError('invalid_response_action', { messages: [`[ERROR] errors: no input block with block_id ${blockId}`] });
    if (typeof message !== 'string' || message.trim() === '')
      throw new SlackApiError('invalid_response_action', { messages: [`[ERROR] errors.${blockId} must be a non-empty string`] });
    out[blockId] = message;
  }
  return out;
}

/**
 * A modal submission. The ack decides what happens: nothing → the view closes; `response_action`
 * errors (stays open, errors shown), update, push or clear.
 * @see https://docs.slack.dev/surfaces/modals#updating_response
 */
export async function submitView(
  deps: ActionDeps,
  p: { view_id: string; values: Record<string, Record<string, unknown>>; user_id?: string },
): Promise<DeliveryResult> {
  const view = openModal(deps, p.view_id);
  if (view.type !== 'modal') throw new EmulatorUsageError('not_a_modal', `view ${p.view_id} is not a modal`);
  const user = actingUser(deps, p.user_id ?? view.user);
  view.state = { values: buildStateValues(view, p.values) };
  const triggerId = issueTrigger(deps, user.id);
  const payload: Record<string, unknown> = {
    ...baseInteraction(deps.state, 'view_submission', user),
    trigger_id: triggerId,
    view: toApiView(view),
    response_urls: [],
  };
  const result = await deps.deliverer.deliver({ kind: 'view_submission', payload, triggerId });
  if (!result.ok) return result;
  const ack = parseJson(result.body);
  const action = isRecord(ack) ? ack.response_action : undefined;
  try {
    if (action === 'errors' && isRecord(ack)) {
      view.errors = validateViewErrors(view, ack.errors);
      result.viewAction = 'errors';
    } else if (action === 'update' && isRecord(ack)) {
      replaceViewContent(view, validateView(ack.view, 'modal'), deps.config.clock());
      result.viewAction = 'update';
    } else if (action === 'push' && isRecord(ack)) {
      pushModal(deps.state, view.user, validateView(ack.view, 'modal'), view);
      result.viewAction = 'push';
    } else if (action === 'clear') {
      for (const v of deps.state.openModals(view.user)) closeModal(deps, v);
      result.viewAction = 'clear';
    } else {
      closeModal(deps, view);
      result.viewAction = 'close';
    }
  } catch (err) {
    if (!(err instanceof SlackApiError)) throw err;
    result.viewAction = `invalid:${err.code}`;
  }
  deps.state.changed({ kind: 'view_updated', user: view.user });
  return result;
}

/** The user closes a modal; `view_closed` is delivered when the view asked for notify_on_close. */
export async function closeView(deps: ActionDeps, p: { view_id: string; user_id?: string }): Promise<DeliveryResult | undefined> {
  const view = openModal(deps, p.view_id);
  const user = actingUser(deps, p.user_id ?? view.user);
  closeModal(deps, view);
  if (view.view.notify_on_close !== true) return undefined;
  const payload = { ...baseInteraction(deps.state, 'view_closed', user), view: toApiView(view), is_cleared: false };
  return deps.deliverer.deliver({ kind: 'view_closed', payload });
}

/** A message shortcut from a message's menu. @see bolt-js src/types/shortcuts/message-shortcut.ts */
export async function messageShortcut(
  deps: ActionDeps,
  p: { callback_id: string; channel_id: string; message_ts: string; user_id?: string },
): Promise<DeliveryResult> {
  const user = actingUser(deps, p.user_id);
  const channel = targetChannel(deps, p.channel_id);
  const message = deps.state.findMessage(channel.id, p.message_ts);
  if (message === undefined) throw new EmulatorUsageError('message_not_found', `no message ${p.message_ts} in ${channel.id}`);
  const triggerId = issueTrigger(deps, user.id);
  const responseUrl = createResponseUrl(deps.state, deps.baseUrl(), {
    channel: channel.id,
    user: user.id,
    messageTs: message.ts,
    isEphemeral: false,
    ...(message.thread_ts !== undefined ? { threadTs: message.thread_ts } : {}),
  });
  const payload: Record<string, unknown> = {
    ...baseInteraction(deps.state, 'message_action', user),
    callback_id: p.callback_id,
    trigger_id: triggerId,
    message_ts: message.ts,
    response_url: responseUrl,
    message: toApiMessage(message, { includeMetadata: false, state: deps.state }),
    channel: { id: channel.id, name: channelName(channel) },
    action_ts: deps.state.nextTs(),
  };
  return deps.deliverer.deliver({ kind: 'message_action', payload, triggerId, responseUrl });
}
