// The page's state, and what is read from it: the workspace shown and its bot user, people's and
// channels' names, the context block renderers are given.

import { commandsFromInfo } from './slash-commands.js';
import { workspaceBotUserId } from './workspaces.js';

export const state = {
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

export const botName = () => state.info.bot_name ?? 'Research Desk';

export const seedTeamId = () => state.info.team_id ?? state.workspaces[0]?.id;
export const currentWorkspace = () => state.workspaces.find((w) => w.id === state.workspaceId);
/** Slack sends an app no events from a workspace it is not installed in (the emulator refuses them). */
export const appInstalledHere = () => currentWorkspace()?.installed !== false;
export const inSeedWorkspace = () => !state.workspaceId || state.workspaceId === seedTeamId();
/** The app's bot user where the page is: each installation has its own. */
export const botUserId = () =>
  inSeedWorkspace() ? state.info.bot_user_id : workspaceBotUserId(currentWorkspace(), [...state.users.values()], state.info.bot_user_id);

export function userInfo(id) {
  const user = state.users.get(id);
  if (user) return { ...user, display: user.is_bot ? user.real_name || botName() : user.real_name || user.name || id };
  const isBot = id === botUserId();
  return { id, is_bot: isBot, display: isBot ? botName() : String(id ?? 'unknown') };
}

export function channelLabel(channel) {
  if (!channel) return '';
  return channel.is_im ? botName() : `#${channel.name}`;
}

export const blockCtx = () => ({
  userName: (id) => userInfo(id).display,
  channelName: (id) => state.channels.find((c) => c.id === id)?.name,
  users: () => [...state.users.values()].map((u) => ({ id: u.id, name: u.real_name || u.name })),
  channels: () => state.channels.filter((c) => !c.is_im),
});
