// The playground page: a Slack-like client for the emulator's JSON API.
// Data flow: GET endpoints → render; the user's actions → POST endpoints; the emulator's
// Server-Sent `change` events → re-fetch what changed (coalesced to one animation frame).
// The state is in page-state.js, loading in page-loading.js, rendering in page-render.js; here
// are notices, live updates, navigation, and the wiring of it all.

import { h } from './dom.js';
import { api as playgroundApi, failureReason } from './api.js';
import { actingUserApi } from './acting-user-api.js';
import { createComposer } from './composer.js';
import { createModalController } from './modal-view.js';
import { connectLiveUpdates } from './live-updates.js';
import { createUserActions } from './user-actions.js';
import { parsePermalink } from './permalink.js';
import { attachWorkspaceMenu } from './reset-control.js';
import { removeAppMenuItem } from './remove-app-control.js';
import { resolveWorkspaceId } from './workspaces.js';
import { appInstalledHere, blockCtx, botName, channelLabel, currentWorkspace, inSeedWorkspace, seedTeamId, state } from './page-state.js';
import { createPageLoaders } from './page-loading.js';
import { createPageRenderer } from './page-render.js';
import './workflows-panel.js';
import './canvases-panel.js';

const $ = (id) => document.getElementById(id);
// Every read and action as the acting user of the current workspace.
const api = actingUserApi(playgroundApi, () => state.actingUserId ?? undefined);

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
const { sendAction, sendViewAction, openMessageMenu, send, sendFile, deleteFile } = actions;
// Who and where the composers' `@` and `#` pickers offer: the workspace as the page last loaded it.
const directory = () => ({ users: [...state.users.values()], channels: state.channels.filter((c) => !c.is_im) });
const composerDeps = { botName, commands: () => state.commands, directory };
const mainComposer = createComposer({
  ...composerDeps,
  placeholder: 'Message #research',
  onSend: (text) => send(text),
  onSendFile: (file, text) => sendFile(file, text),
});
const threadComposer = createComposer({
  ...composerDeps,
  placeholder: 'Reply…',
  label: 'Reply in thread',
  onSend: (text) => send(text, state.threadTs),
  onSendFile: (file, text) => sendFile(file, text, state.threadTs),
});
const modal = createModalController({
  layer: $('modal-layer'),
  blockCtx,
  onSubmit: actions.submitView,
  onClose: actions.closeView,
  onAction: (view, details) => sendViewAction(view.id, details),
});

const { renderSidebar, renderWorkspaceChrome, renderChannel, renderHome } = createPageRenderer({
  selectChannel,
  switchWorkspace,
  sendPrompt,
  stopAgentSession,
  sendAction,
  sendViewAction,
  openMessageMenu,
  deleteFile,
  threadComposer,
});
const { rememberExistingEphemerals, loadInfo, loadWorkspaces, loadChannels, loadUnknownChannel, loadMessages, loadViews, loadHome } =
  createPageLoaders({
    api,
    render: { renderSidebar, renderWorkspaceChrome, renderChannel, renderHome },
    showViews: (views) => modal.show(views),
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
