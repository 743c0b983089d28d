// The playground page: a Slack-like client for the emulator's JSON API.
// Data flow: GET endpoints → render; the user's actions → POST endpoints; the emulator's
// Server-Sent `change` events → re-fetch what changed (coalesced to one animation frame).

import { h } from './dom.js';
import { api as playgroundApi, failureReason } from './api.js';
import { actingUserApi } from './acting-user-api.js';
import { renderSuggestedPrompts } from './agent-view.js';
import { renderBlocks } from './blocks-render.js';
import { createComposer } from './composer.js';
import { createEphemeralSession } from './ephemeral-session.js';
import { commandsFromInfo } from './slash-commands.js';
import {
  channelTimelineMessages,
  createNodeCache,
  preserveScroll,
  renderThreadPane,
  renderTimeline,
  threadReplies,
  timelineEntries,
} from './channel-view.js';
import { createModalController } from './modal-view.js';
import { connectLiveUpdates, createSingleFlight } from './live-updates.js';
import { renderChannelHeader, renderSidebar as drawSidebar } from './workspace-chrome.js';
import { createUserActions } from './user-actions.js';
import { parsePermalink } from './permalink.js';
import { attachWorkspaceMenu } from './reset-control.js';
import { removeAppMenuItem } from './remove-app-control.js';
import { renderInstallBanner, renderWorkspaceSwitcher } from './workspace-switcher.js';
import { defaultActingUserId, resolveWorkspaceId, workspaceBotUserId } from './workspaces.js';

const botName = () => state.info.bot_name ?? 'Research Desk';

const state = {
  workspaces: [],
  workspaceId: null, // the workspace shown; the seed's until the user switches
  actingUserId: null, // who the page acts as there: the seed's default user, elsewhere its admin
  visitedWorkspaces: new Set(), // whose ephemerals from before this page session are hidden
  otherChannels: new Set(), // channel ids of other workspaces, whose changes this page ignores
  channels: [],
  users: new Map(),
  channelId: null,
  tab: 'messages',
  threadTs: null,
  data: new Map(), // channelId → { messages, ephemerals }
  notices: new Map(), // channelId → client-side notices (failed commands …)
  unread: new Set(),
  views: [],
  home: null,
  info: { bot_user_id: 'U0EMUBOT01', bot_name: 'Research Desk' },
  commands: commandsFromInfo(null),
};

const $ = (id) => document.getElementById(id);
const refresh = createSingleFlight();
const timelineCache = createNodeCache();
const threadCache = createNodeCache();
const ephemeralSession = createEphemeralSession();
// Every read and action as the acting user of the current workspace.
const api = actingUserApi(playgroundApi, () => state.actingUserId ?? undefined);

// ---------- workspaces ----------

const seedTeamId = () => state.info.team_id ?? state.workspaces[0]?.id;
const currentWorkspace = () => state.workspaces.find((w) => w.id === state.workspaceId);
/** Slack sends an app no events from a workspace it is not installed in (the emulator refuses them). */
const appInstalledHere = () => currentWorkspace()?.installed !== false;
const inSeedWorkspace = () => !state.workspaceId || state.workspaceId === seedTeamId();
/** The app's bot user where the page is: each installation has its own. */
const botUserId = () =>
  inSeedWorkspace() ? state.info.bot_user_id : workspaceBotUserId(currentWorkspace(), [...state.users.values()], state.info.bot_user_id);

// ---------- people and names ----------

function userInfo(id) {
  const user = state.users.get(id);
  if (user) return { ...user, display: user.is_bot ? user.real_name || botName() : user.real_name || user.name || id };
  const isBot = id === botUserId();
  return { id, is_bot: isBot, display: isBot ? botName() : String(id ?? 'unknown') };
}

function channelLabel(channel) {
  if (!channel) return '';
  return channel.is_im ? botName() : `#${channel.name}`;
}

const blockCtx = () => ({
  userName: (id) => userInfo(id).display,
  channelName: (id) => state.channels.find((c) => c.id === id)?.name,
  users: () => [...state.users.values()].map((u) => ({ id: u.id, name: u.real_name || u.name })),
  channels: () => state.channels.filter((c) => !c.is_im),
});

// ---------- notices and toasts ----------

function toast(text, kind = 'info') {
  const el = h('div', { class: `toast toast-${kind}` }, text);
  $('toast-layer').appendChild(el);
  setTimeout(() => el.remove(), 6000);
}

/** A client-side "Only visible to you" message from Slackbot, like Slack's own failure notices. */
function addNotice(channelId, text, threadTs) {
  const list = state.notices.get(channelId) ?? [];
  list.push({ ts: (Date.now() / 1000).toFixed(6), user: 'USLACKBOT', text, thread_ts: threadTs, local: true });
  state.notices.set(channelId, list);
  renderChannel();
}

// ---------- loading ----------

function splitMessages(body) {
  if (Array.isArray(body)) {
    return { messages: body.filter((m) => !m.is_ephemeral && !m.ephemeral), ephemerals: body.filter((m) => m.is_ephemeral || m.ephemeral) };
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
    modal.show(state.views);
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

// ---------- live updates ----------

/** After a reset (from this page or another), drop everything held and open the first channel afresh. */
async function startOver() {
  for (const held of [state.data, state.notices, state.unread, state.otherChannels]) held.clear();
  state.threadTs = null;
  state.views = [];
  state.home = null;
  modal.hide();
  await loadChannels();
  loadWorkspaces();
  const first = state.channels.find((c) => !c.is_im);
  await selectChannel(first?.id, 'messages');
  toast('The playground was reset.');
}

function applyLiveBatch({ all, channels, views, workspaces, reset }) {
  if (reset) {
    startOver();
    return;
  }
  if (all) loadChannels();
  if (workspaces) loadWorkspaces();
  for (const id of channels) {
    if (id === state.channelId) loadMessages(id);
    else if (state.channels.some((c) => c.id === id)) {
      state.unread.add(id);
      state.data.delete(id);
      renderSidebar();
    } else loadUnknownChannel(id);
  }
  if (all && state.channelId && !channels.includes(state.channelId)) loadMessages(state.channelId);
  if (views) {
    loadViews();
    if (state.tab === 'home') loadHome();
  }
}

function showConnection(status) {
  const el = $('connection-status');
  el.textContent = status === 'live' ? '● Live' : 'reconnecting…';
  el.className = `workspace-sub ${status}`;
}

// ---------- rendering ----------

const chromeModel = () => ({
  channels: state.channels,
  channelId: state.channelId,
  tab: state.tab,
  unread: state.unread,
  botName: botName(),
  commands: state.commands,
});

function renderSidebar() {
  drawSidebar({ channels: $('channel-list'), dms: $('dm-list'), apps: $('app-list') }, chromeModel(), selectChannel);
}

/** The switcher, the workspace menu's name and the "not installed" banner, for the current workspace. */
function renderWorkspaceChrome() {
  const workspace = currentWorkspace();
  renderWorkspaceSwitcher($('workspace-switcher'), { workspaces: state.workspaces, workspaceId: state.workspaceId }, (id) =>
    switchWorkspace(id),
  );
  if (workspace) $('workspace-menu').firstChild.textContent = workspace.name;
  renderInstallBanner($('install-banner'), workspace);
}

function renderHeader() {
  renderChannelHeader($('channel-header'), chromeModel(), selectChannel);
}

const messageCtx = () => ({
  ...blockCtxWithVersion(),
  blockCtx: blockCtx(),
  userInfo: (id) => (id === 'USLACKBOT' ? { id, display: 'Slackbot', is_bot: false, real_name: 'Slackbot' } : userInfo(id)),
  botUserId: botUserId(),
  viewerId: state.actingUserId ?? state.info.default_user_id,
  onAction: sendAction,
  onStop: (threadTs) => stopAgentSession(threadTs),
  openThread: (ts) => {
    state.threadTs = ts;
    renderChannel();
    threadComposer.focus();
  },
  openMessageMenu,
});

function blockCtxWithVersion() {
  return { version: state.users.size + state.channels.length };
}

function renderChannel() {
  renderHeader();
  const inHome = state.tab === 'home';
  $('message-scroller').hidden = inHome;
  $('home-view').hidden = !inHome;
  $('composer-slot').hidden = inHome;
  if (inHome) return;
  const data = state.data.get(state.channelId) ?? { messages: [], ephemerals: [] };
  const notices = state.notices.get(state.channelId) ?? [];
  const channel = state.channels.find((c) => c.id === state.channelId);
  const ctx = messageCtx();
  const intro = h(
    'div',
    { class: 'channel-intro' },
    h('h2', null, channel?.is_im ? botName() : `👋 Welcome to #${channel?.name ?? ''}`),
    h(
      'p',
      null,
      channel?.is_im
        ? 'This is your direct message with the Research Desk app. Ask a question or use a slash command: '
        : 'This is the very beginning of the channel. Try ',
      // The app's own commands; typing `/` shows what each takes, from the app's manifest.
      state.commands.flatMap((c, i) => [i > 0 ? ', ' : null, h('code', null, c.command)]),
      ' or mention ',
      h('span', { class: 'mention mention-user' }, `@${botName()}`),
      '.',
    ),
    h(
      'p',
      { class: 'intro-demo' },
      h('span', { class: 'demo-badge small' }, 'DEMO DATA'),
      ' Companies, figures and documents here come from the local demo service.',
    ),
    channel?.is_im ? renderSuggestedPrompts(data.suggestedPrompts, sendPrompt) : null,
  );
  preserveScroll($('message-scroller'), () =>
    renderTimeline(
      $('message-list'),
      timelineEntries(channelTimelineMessages(data.messages), data.ephemerals, notices),
      ctx,
      timelineCache,
      { intro },
    ),
  );
  const parent = state.threadTs ? data.messages.find((m) => m.ts === state.threadTs) : null;
  renderThreadPane($('thread-pane'), {
    parent,
    replies: parent ? threadReplies(parent, data.messages) : [],
    ephemerals: [...data.ephemerals, ...notices].filter((e) => e.thread_ts && e.thread_ts === state.threadTs),
    channelName: channelLabel(channel),
    ctx,
    cache: threadCache,
    composer: threadComposer,
    onClose: () => {
      state.threadTs = null;
      renderChannel();
    },
  });
  $('app').classList.toggle('with-thread', Boolean(parent));
}

function renderHome() {
  const el = $('home-view');
  const view = state.home && (state.home.view ?? state.home);
  if (!view || !Array.isArray(view.blocks)) {
    el.replaceChildren(
      h('div', { class: 'home-empty' }, h('h2', null, 'App Home'), h('p', null, 'The app has not published a Home tab for you yet.')),
    );
    return;
  }
  const viewId = state.home.id ?? view.id;
  el.replaceChildren(
    h(
      'div',
      { class: 'home-inner' },
      renderBlocks(view.blocks, {
        ...blockCtx(),
        surface: 'home',
        onAction: (details) => sendViewAction(viewId, details),
      }),
    ),
  );
}

// ---------- navigation ----------

/** A suggested prompt of the agent view is sent as the user's message, as Slack does. */
async function sendPrompt(message) {
  const result = await api.message({ text: message, channel_id: state.channelId });
  if (!result.ok) addNotice(state.channelId, `Could not send the prompt: ${failureReason(result)}`);
  await loadMessages(state.channelId);
}

/** The native Stop button of an agent session: Slack sends agent_session_stopped to the app. */
async function stopAgentSession(threadTs) {
  const result = await api.stopAgentSession({ channel_id: state.channelId, thread_ts: threadTs });
  if (!result.ok) addNotice(state.channelId, `Stop failed: ${failureReason(result)}`, threadTs);
  await loadMessages(state.channelId);
}

async function selectChannel(channelId, tab = 'messages') {
  if (!channelId) return;
  const changed = channelId !== state.channelId;
  const enteringMessages = changed || state.tab !== tab;
  state.channelId = channelId;
  state.tab = tab;
  state.unread.delete(channelId);
  if (changed) state.threadTs = null;
  history.replaceState(null, '', `/${workspaceQuery()}#${tab === 'home' ? 'home' : channelId}`);
  renderSidebar();
  const channel = state.channels.find((c) => c.id === channelId);
  mainComposer.setPlaceholder(`Message ${channelLabel(channel)}`);
  renderChannel();
  if (tab === 'home') {
    renderHome();
    // Opening the tab is what makes Slack send app_home_opened; the app then publishes.
    if (appInstalledHere()) api.openHome();
    await loadHome();
  } else {
    // The DM is the agent view: opening it is what makes Slack send app_home_opened (tab messages).
    if (enteringMessages && channel?.is_im && appInstalledHere()) api.openAgentView();
    await loadMessages(channelId);
    if (changed) {
      const s = $('message-scroller');
      s.scrollTop = s.scrollHeight;
    }
    mainComposer.focus();
  }
}

/** `?workspace=T…` in the address of any workspace but the seed, so a reload comes back to it. */
const workspaceQuery = () => (inSeedWorkspace() ? '' : `?workspace=${encodeURIComponent(state.workspaceId)}`);

/** The channel a tab opens in: Home on the acting user's DM with the app (or, without one, the first channel). */
function channelForTab(tab, fromHash) {
  const dm = state.channels.find((c) => c.is_im);
  const firstChannel = state.channels.find((c) => !c.is_im);
  if (tab === 'home') return (dm ?? firstChannel)?.id;
  return state.channels.find((c) => c.id === fromHash)?.id ?? firstChannel?.id;
}

/** Ephemerals that existed before the page first showed a workspace stay hidden, as after a reload. */
async function enterWorkspace() {
  await loadChannels();
  if (state.visitedWorkspaces.has(state.workspaceId)) return;
  state.visitedWorkspaces.add(state.workspaceId);
  await rememberExistingEphemerals();
}

/** Shows another workspace, acting as its admin (the seed: its default user); what the page held goes. */
async function switchWorkspace(workspaceId, tab = 'messages') {
  if (!workspaceId || workspaceId === state.workspaceId) return;
  state.workspaceId = workspaceId;
  state.actingUserId = null;
  for (const held of [state.data, state.unread, state.otherChannels]) held.clear();
  state.channels = [];
  state.channelId = null;
  state.threadTs = null;
  state.views = [];
  state.home = null;
  modal.hide();
  renderWorkspaceChrome();
  await enterWorkspace();
  await selectChannel(channelForTab(tab), tab);
  loadViews();
}

/** Opens a permalink's channel with its thread open, as Slack does with links to its own messages. */
async function openPermalink(link) {
  if (!state.channels.some((c) => c.id === link.channelId)) return false;
  await selectChannel(link.channelId);
  if (link.threadTs) {
    state.threadTs = link.threadTs;
    renderChannel();
  }
  return true;
}

// A click on a permalink (App Home's run links, a shared message link) stays in the page.
document.addEventListener('click', (event) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  const link = anchor ? parsePermalink(anchor.href, location.origin) : null;
  if (!link) return;
  event.preventDefault();
  openPermalink(link);
});

// ---------- start ----------

const actions = createUserActions({
  api,
  channelId: () => state.channelId,
  botName,
  commands: () => state.commands,
  addNotice,
  toast,
  reloadViews: () => loadViews(),
  hideModal: () => modal.hide(),
});
const { sendAction, sendViewAction, openMessageMenu, send } = actions;
// Who and where the composers' `@` and `#` pickers offer: the workspace as the page last loaded it.
const directory = () => ({ users: [...state.users.values()], channels: state.channels.filter((c) => !c.is_im) });
const composerDeps = { botName, commands: () => state.commands, directory };
const mainComposer = createComposer({ ...composerDeps, placeholder: 'Message #research', onSend: (text) => send(text) });
const threadComposer = createComposer({
  ...composerDeps,
  placeholder: 'Reply…',
  label: 'Reply in thread',
  onSend: (text) => send(text, state.threadTs),
});
const modal = createModalController({
  layer: $('modal-layer'),
  blockCtx,
  onSubmit: actions.submitView,
  onClose: actions.closeView,
  onAction: (view, details) => sendViewAction(view.id, details),
});

async function start() {
  $('composer-slot').appendChild(mainComposer.el);
  attachWorkspaceMenu({
    button: $('workspace-menu'),
    api,
    toast,
    moreItems: () => [removeAppMenuItem({ workspace: currentWorkspace(), seedTeamId: seedTeamId(), api, toast })].filter(Boolean),
  });
  await loadInfo();
  // `?workspace=T…|E…&tab=home`: where the app's "installed" page sends the installer.
  const params = new URLSearchParams(location.search);
  state.workspaceId = resolveWorkspaceId(state.workspaces, params.get('workspace')) ?? seedTeamId() ?? null;
  renderWorkspaceChrome();
  await enterWorkspace();
  const fromHash = location.hash.slice(1);
  const tab = fromHash === 'home' || params.get('tab') === 'home' ? 'home' : 'messages';
  const fromLink = parsePermalink(location.href, location.origin);
  if (!fromLink || !(await openPermalink(fromLink))) await selectChannel(channelForTab(tab, fromHash), tab);
  connectLiveUpdates({ onBatch: applyLiveBatch, onStatus: showConnection });
  loadViews();
  document.body.dataset.ready = 'true';
}

start();
