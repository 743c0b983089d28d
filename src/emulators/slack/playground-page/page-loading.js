// Loading: what the playground API's GET endpoints answer, into the page's state, and a re-render
// of what it changes on screen. A load asked for while the same one runs runs once more after it.

import { createEphemeralSession } from './ephemeral-session.js';
import { createSingleFlight } from './live-updates.js';
import { commandsFromInfo } from './slash-commands.js';
import { defaultActingUserId } from './workspaces.js';
import { appInstalledHere, botUserId, seedTeamId, state } from './page-state.js';

/**
 * api: the playground API as the acting user; render: the page's renderers (page-render.js);
 * showViews(views): the modal layer shows the top one of the views open.
 */
export function createPageLoaders({ api, render, showViews }) {
  const { renderChannel, renderHome, renderSidebar, renderWorkspaceChrome } = render;
  const refresh = createSingleFlight();
  const ephemeralSession = createEphemeralSession();

  function splitMessages(body) {
    if (Array.isArray(body)) {
      return {
        messages: body.filter((m) => !m.is_ephemeral && !m.ephemeral),
        ephemerals: body.filter((m) => m.is_ephemeral || m.ephemeral),
      };
    }
    return { messages: body?.messages ?? [], ephemerals: body?.ephemeral ?? body?.ephemerals ?? [] };
  }

  function normaliseMessages(channelId, body) {
    const { messages, ephemerals } = splitMessages(body);
    // An ephemeral's `user` is who sees it; the sender is always the app.
    const shown = ephemeralSession.visible(channelId, ephemerals).map((e) => ({ ...e, user: botUserId(), shown_to: e.user }));
    return { messages, ephemerals: shown, suggestedPrompts: body?.suggested_prompts ?? null };
  }

  /** Ephemerals from before this page loaded stay hidden, as after a reload in Slack. */
  async function rememberExistingEphemerals() {
    const channels = [...state.channels];
    const results = await Promise.all(channels.map((c) => api.messages(c.id)));
    results.forEach((result, i) => {
      if (result.ok) ephemeralSession.rememberExisting(channels[i].id, splitMessages(result.body).ephemerals);
    });
  }

  async function loadInfo() {
    const info = await api.info();
    if (!info.ok || !info.body) return;
    state.info = info.body;
    state.commands = commandsFromInfo(info.body);
    if (Array.isArray(info.body.workspaces)) state.workspaces = info.body.workspaces;
  }

  /** Which workspaces there are and where the app is installed; it changes with installs and removals. */
  function loadWorkspaces() {
    return refresh('workspaces', async () => {
      const result = await api.workspaces();
      if (!result.ok || !Array.isArray(result.body)) return;
      const wasInstalled = appInstalledHere();
      state.workspaces = result.body;
      renderWorkspaceChrome();
      // Installed from another tab while this one shows Home: open it, as a fresh visit would.
      if (!wasInstalled && appInstalledHere() && state.tab === 'home') {
        api.openHome();
        loadHome();
      }
    });
  }

  /** The current workspace's channels and people; the acting user is chosen once they are known. */
  async function loadChannels() {
    const teamId = state.workspaceId ?? undefined;
    const [channels, users] = await Promise.all([api.channels(teamId), api.users(teamId)]);
    if (teamId !== (state.workspaceId ?? undefined)) return; // switched meanwhile: that load is stale
    if (users.ok) {
      state.users = new Map((Array.isArray(users.body) ? users.body : (users.body?.users ?? [])).map((u) => [u.id, u]));
    }
    state.actingUserId ??= defaultActingUserId({
      workspaceId: state.workspaceId,
      seedTeamId: seedTeamId(),
      seedUserId: state.info.default_user_id,
      users: [...state.users.values()],
    });
    if (channels.ok) {
      const all = Array.isArray(channels.body) ? channels.body : (channels.body?.channels ?? []);
      // Only the acting user's own DM with the app: another person's is not theirs to read.
      state.channels = all.filter((c) => !c.is_im || !c.user || !state.actingUserId || c.user === state.actingUserId);
    }
    renderSidebar();
  }

  /** A change in a channel the page does not list: a new one of this workspace, or one of another's. */
  async function loadUnknownChannel(channelId) {
    if (state.otherChannels.has(channelId)) return;
    await loadChannels();
    if (!state.channels.some((c) => c.id === channelId)) state.otherChannels.add(channelId);
  }

  function loadMessages(channelId) {
    return refresh(`messages:${channelId}`, async () => {
      const result = await api.messages(channelId);
      if (!result.ok) return;
      const data = normaliseMessages(channelId, result.body);
      const firstLoad = !state.data.has(channelId);
      state.data.set(channelId, data);
      followNewStream(channelId, data.messages, firstLoad);
      if (channelId === state.channelId) renderChannel();
    });
  }

  function loadViews() {
    return refresh('views', async () => {
      const result = await api.views();
      if (!result.ok) return;
      state.views = Array.isArray(result.body) ? result.body : (result.body?.views ?? []);
      showViews(state.views);
    });
  }

  function loadHome() {
    return refresh('home', async () => {
      const result = await api.home();
      state.home = result.ok ? (result.body?.view ?? null) : null;
      if (state.tab === 'home') renderHome();
    });
  }

  /**
   * Agent runs stream into a thread. So that a run started from the playground is seen live, the page
   * opens the thread of a stream that starts while it watches (never one already running at load).
   */
  const seenStreams = new Set();
  function followNewStream(channelId, messages, firstLoad) {
    for (const parent of messages) {
      for (const reply of parent.replies ?? []) {
        if (reply.streaming?.state !== 'streaming' || seenStreams.has(reply.ts)) continue;
        seenStreams.add(reply.ts);
        if (!firstLoad && channelId === state.channelId && state.tab === 'messages' && !state.threadTs) state.threadTs = parent.ts;
      }
    }
  }

  return { rememberExistingEphemerals, loadInfo, loadWorkspaces, loadChannels, loadUnknownChannel, loadMessages, loadViews, loadHome };
}
