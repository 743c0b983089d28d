// The playground page: a Slack-like client for the emulator's JSON API.
// Data flow: GET endpoints → render; the user's actions → POST endpoints; the emulator's
// Server-Sent `change` events → re-fetch what changed (coalesced to one animation frame).

import { h } from './dom.js';
import { api, failureReason } from './api.js';
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

const botName = () => state.info.bot_name ?? 'Research Desk';

const state = {
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

// ---------- people and names ----------

function userInfo(id) {
  const user = state.users.get(id);
  if (user) return { ...user, display: user.is_bot ? user.real_name || botName() : user.real_name || user.name || id };
  const isBot = id === state.info.bot_user_id;
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
  const shown = ephemeralSession.visible(channelId, ephemerals).map((e) => ({ ...e, user: state.info.bot_user_id, shown_to: e.user }));
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

async function loadChannels() {
  const [channels, users, info] = await Promise.all([api.channels(), api.users(), api.info()]);
  if (info.ok && info.body) {
    state.info = info.body;
    state.commands = commandsFromInfo(info.body);
  }
  if (channels.ok) state.channels = Array.isArray(channels.body) ? channels.body : (channels.body?.channels ?? []);
  if (users.ok) for (const u of Array.isArray(users.body) ? users.body : (users.body?.users ?? [])) state.users.set(u.id, u);
  renderSidebar();
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
  for (const held of [state.data, state.notices, state.unread]) held.clear();
  state.threadTs = null;
  state.views = [];
  state.home = null;
  modal.hide();
  await loadChannels();
  const first = state.channels.find((c) => !c.is_im);
  await selectChannel(first?.id, 'messages');
  toast('The playground was reset.');
}

function applyLiveBatch({ all, channels, views, reset }) {
  if (reset) {
    startOver();
    return;
  }
  if (all) loadChannels();
  for (const id of channels) {
    if (id === state.channelId) loadMessages(id);
    else if (state.channels.some((c) => c.id === id)) {
      state.unread.add(id);
      state.data.delete(id);
      renderSidebar();
    } else loadChannels();
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

function renderHeader() {
  renderChannelHeader($('channel-header'), chromeModel(), selectChannel);
}

const messageCtx = () => ({
  ...blockCtxWithVersion(),
  blockCtx: blockCtx(),
  userInfo: (id) => (id === 'USLACKBOT' ? { id, display: 'Slackbot', is_bot: false, real_name: 'Slackbot' } : userInfo(id)),
  botUserId: state.info.bot_user_id,
  viewerId: state.info.default_user_id,
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
  history.replaceState(null, '', `/#${tab === 'home' ? 'home' : channelId}`);
  renderSidebar();
  const channel = state.channels.find((c) => c.id === channelId);
  mainComposer.setPlaceholder(`Message ${channelLabel(channel)}`);
  renderChannel();
  if (tab === 'home') {
    renderHome();
    // Opening the tab is what makes Slack send app_home_opened; the app then publishes.
    api.openHome();
    await loadHome();
  } else {
    // The DM is the agent view: opening it is what makes Slack send app_home_opened (tab messages).
    if (enteringMessages && channel?.is_im) api.openAgentView();
    await loadMessages(channelId);
    if (changed) {
      const s = $('message-scroller');
      s.scrollTop = s.scrollHeight;
    }
    mainComposer.focus();
  }
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
  attachWorkspaceMenu({ button: $('workspace-menu'), api, toast });
  await loadChannels();
  await rememberExistingEphemerals();
  const fromHash = location.hash.slice(1);
  const dm = state.channels.find((c) => c.is_im);
  const initial =
    fromHash === 'home' ? dm?.id : (state.channels.find((c) => c.id === fromHash)?.id ?? state.channels.find((c) => !c.is_im)?.id);
  const fromLink = parsePermalink(location.href, location.origin);
  if (!fromLink || !(await openPermalink(fromLink))) await selectChannel(initial, fromHash === 'home' ? 'home' : 'messages');
  connectLiveUpdates({ onBatch: applyLiveBatch, onStatus: showConnection });
  loadViews();
  document.body.dataset.ready = 'true';
}

start();
