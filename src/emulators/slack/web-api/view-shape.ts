import type { EmulatorState } from '../state.js';
import { teamOfUser } from '../workspaces.js';
import type { StoredView } from '../stored-view.js';
import { randomHex } from '../ids.js';

/** A view as Slack returns it from views.* and puts it in view_submission payloads. */
export function toApiView(v: StoredView): Record<string, unknown> {
  return {
    id: v.id,
    team_id: v.team_id,
    type: v.type,
    blocks: v.view.blocks ?? [],
    private_metadata: v.view.private_metadata ?? '',
    callback_id: v.view.callback_id ?? '',
    state: v.state,
    hash: v.hash,
    title: v.view.title,
    clear_on_close: v.view.clear_on_close === true,
    notify_on_close: v.view.notify_on_close === true,
    close: v.view.close ?? null,
    submit: v.view.submit ?? null,
    previous_view_id: v.previous_view_id ?? null,
    root_view_id: v.root_view_id ?? v.id,
    app_id: v.app_id,
    external_id: v.external_id ?? '',
    app_installed_team_id: v.team_id,
    bot_id: v.bot_id,
  };
}

export function newStoredView(state: EmulatorState, user: string, view: Record<string, unknown>, type: 'modal' | 'home'): StoredView {
  // The viewer's workspace, and the bot of the installation serving it.
  const viewer = state.users.get(user);
  const teamId = viewer === undefined ? state.seed.teamId : teamOfUser(viewer);
  const stored: StoredView = {
    id: state.newId('V'),
    type,
    user,
    team_id: teamId,
    app_id: state.seed.appId,
    bot_id: state.botFor(teamId).botId,
    hash: `${Math.floor(state.clock() / 1000)}.${randomHex(4)}`,
    view,
    state: { values: {} },
    open: true,
    updates: 0,
  };
  if (typeof view.external_id === 'string' && view.external_id !== '') stored.external_id = view.external_id;
  return stored;
}

/** Replaces a view's content in place (views.update, views.publish, response_action: update). */
export function replaceViewContent(v: StoredView, view: Record<string, unknown>, now: number): void {
  v.view = view;
  v.hash = `${Math.floor(now / 1000)}.${randomHex(4)}`;
  v.updates += 1;
  delete v.errors;
  if (typeof view.external_id === 'string' && view.external_id !== '') v.external_id = view.external_id;
}
