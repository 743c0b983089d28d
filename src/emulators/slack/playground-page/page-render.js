// Rendering: the sidebar, the workspace chrome, the channel header, the channel (its intro,
// timeline and thread pane) and the Home tab, from the page's state.

import { h } from './dom.js';
import { renderSuggestedPrompts } from './agent-view.js';
import { renderBlocks } from './blocks-render.js';
import {
  channelTimelineMessages,
  createNodeCache,
  preserveScroll,
  renderThreadPane,
  renderTimeline,
  threadReplies,
  timelineEntries,
} from './channel-view.js';
import { renderChannelHeader, renderSidebar as drawSidebar } from './workspace-chrome.js';
import { renderInstallBanner, renderWorkspaceSwitcher } from './workspace-switcher.js';
import { blockCtx, botName, botUserId, channelLabel, currentWorkspace, state, userInfo } from './page-state.js';

const $ = (id) => document.getElementById(id);

/**
 * What the rendered page does when used: selectChannel(id, tab), switchWorkspace(id), sendPrompt(text),
 * stopAgentSession(threadTs), the user actions sendAction, sendViewAction, openMessageMenu and deleteFile, and
 * the thread pane's composer.
 */
export function createPageRenderer({
  selectChannel,
  switchWorkspace,
  sendPrompt,
  stopAgentSession,
  sendAction,
  sendViewAction,
  openMessageMenu,
  deleteFile,
  threadComposer,
}) {
  const timelineCache = createNodeCache();
  const threadCache = createNodeCache();

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
    onDeleteFile: deleteFile,
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

  return { renderSidebar, renderWorkspaceChrome, renderChannel, renderHome };
}
