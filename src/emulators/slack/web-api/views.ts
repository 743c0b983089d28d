import { SlackApiError } from '../errors.js';
import type { EmulatorState } from '../state.js';
import type { StoredView } from '../stored-view.js';
import { slackLimits } from '../validation/limits.js';
import { validateView } from '../validation/views.js';
import type { ApiContext, ApiMethod, ApiResult } from './api-context.js';
import { newStoredView, replaceViewContent, toApiView } from './view-shape.js';

/** A trigger_id is good once, within 3 seconds of the interaction that produced it. */
function consumeTrigger(ctx: ApiContext): string {
  const triggerId = ctx.args.need('trigger_id', 'invalid_trigger_id');
  const entry = ctx.state.triggers.get(triggerId);
  if (entry === undefined) throw new SlackApiError('invalid_trigger_id');
  if (entry.used) throw new SlackApiError('exchanged_trigger_id');
  if (ctx.now - entry.createdAt > slackLimits.triggerIdLifetimeMs) throw new SlackApiError('expired_trigger_id');
  entry.used = true;
  return entry.user;
}

export function pushModal(state: EmulatorState, user: string, view: Record<string, unknown>, onTopOf?: StoredView): StoredView {
  const stored = newStoredView(state, user, view, 'modal');
  if (onTopOf !== undefined) {
    stored.previous_view_id = onTopOf.id;
    stored.root_view_id = onTopOf.root_view_id ?? onTopOf.id;
  }
  state.views.set(stored.id, stored);
  const stack = state.modalStacks.get(user) ?? [];
  stack.push(stored.id);
  state.modalStacks.set(user, stack);
  state.changed({ kind: 'view_opened', user });
  return stored;
}

function viewsOpen(ctx: ApiContext): ApiResult {
  const view = validateView(ctx.args.value('view'), 'modal');
  const user = consumeTrigger(ctx);
  // Opening a modal while one is open replaces the whole stack.
  for (const v of ctx.state.openModals(user)) v.open = false;
  ctx.state.modalStacks.set(user, []);
  return { ok: true, view: toApiView(pushModal(ctx.state, user, view)) };
}

function viewsPush(ctx: ApiContext): ApiResult {
  const view = validateView(ctx.args.value('view'), 'modal');
  const user = consumeTrigger(ctx);
  const stack = ctx.state.openModals(user);
  const top = stack[stack.length - 1];
  if (top === undefined) throw new SlackApiError('not_found');
  if (stack.length >= 3) throw new SlackApiError('push_limit_reached');
  return { ok: true, view: toApiView(pushModal(ctx.state, user, view, top)) };
}

function viewsUpdate(ctx: ApiContext): ApiResult {
  const viewId = ctx.args.str('view_id');
  const externalId = ctx.args.str('external_id');
  if (!viewId && !externalId) throw new SlackApiError('invalid_arguments', { messages: ['view_id or external_id is required'] });
  const view = validateView(ctx.args.value('view'), 'modal');
  const stored = viewId ? ctx.state.views.get(viewId) : [...ctx.state.views.values()].find((v) => v.external_id === externalId);
  if (stored === undefined || stored.type !== 'modal' || !stored.open) throw new SlackApiError('not_found');
  const hash = ctx.args.str('hash');
  if (hash && hash !== stored.hash) throw new SlackApiError('hash_conflict');
  replaceViewContent(stored, view, ctx.now);
  ctx.state.changed({ kind: 'view_updated', user: stored.user });
  return { ok: true, view: toApiView(stored) };
}

/** @see https://docs.slack.dev/reference/methods/views.publish */
function viewsPublish(ctx: ApiContext): ApiResult {
  const userId = ctx.args.need('user_id', 'user_not_found');
  const user = ctx.state.users.get(userId);
  if (user === undefined || user.is_bot) throw new SlackApiError('user_not_found');
  const view = validateView(ctx.args.value('view'), 'home');
  let stored = ctx.state.homeViews.get(userId);
  const hash = ctx.args.str('hash');
  if (hash && stored !== undefined && hash !== stored.hash) throw new SlackApiError('hash_conflict');
  if (stored === undefined) {
    stored = newStoredView(ctx.state, userId, view, 'home');
    ctx.state.homeViews.set(userId, stored);
    ctx.state.views.set(stored.id, stored);
  } else replaceViewContent(stored, view, ctx.now);
  ctx.state.changed({ kind: 'home_published', user: userId });
  return { ok: true, view: toApiView(stored) };
}

export const viewMethods: Record<string, ApiMethod> = {
  'views.open': { handler: viewsOpen, token: 'bot' },
  'views.push': { handler: viewsPush, token: 'bot' },
  'views.update': { handler: viewsUpdate, token: 'bot' },
  'views.publish': { handler: viewsPublish, token: 'bot' },
};
