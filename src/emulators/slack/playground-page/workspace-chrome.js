// The sidebar (channels, the DM with the app, App Home) and the channel header with its tabs.

import { h, clear } from './dom.js';
import { avatar } from './message-view.js';

function sidebarItem(label, { active, unread, onClick, icon }) {
  return h(
    'li',
    null,
    h(
      'button',
      {
        type: 'button',
        class: `sidebar-item${active ? ' active' : ''}${unread ? ' unread' : ''}`,
        'aria-current': active ? 'page' : undefined,
        onclick: onClick,
      },
      icon,
      h('span', { class: 'sidebar-label' }, label),
      unread ? h('span', { class: 'unread-dot', 'aria-label': 'new messages' }) : null,
    ),
  );
}

const glyph = (text) => h('span', { class: 'sidebar-hash', 'aria-hidden': 'true' }, text);

/**
 * model: { channels, channelId, tab, unread: Set, botName, commands }; lists: { channels, dms, apps } elements;
 * onSelect(channelId, tab).
 */
export function renderSidebar(lists, model, onSelect) {
  const channels = model.channels.filter((c) => !c.is_im);
  const dms = model.channels.filter((c) => c.is_im);
  const isActive = (c) => c.id === model.channelId && model.tab === 'messages';
  lists.channels.replaceChildren(
    ...channels.map((c) =>
      sidebarItem(c.name, {
        active: isActive(c),
        unread: model.unread.has(c.id),
        icon: glyph('#'),
        onClick: () => onSelect(c.id, 'messages'),
      }),
    ),
  );
  lists.dms.replaceChildren(
    ...dms.map((c) =>
      sidebarItem(model.botName, {
        active: isActive(c),
        unread: model.unread.has(c.id),
        icon: avatar({ is_bot: true }, 'xs'),
        onClick: () => onSelect(c.id, 'messages'),
      }),
    ),
  );
  lists.apps.replaceChildren(
    sidebarItem('App Home', {
      active: model.tab === 'home',
      icon: glyph('⌂'),
      onClick: () => onSelect(dms[0]?.id ?? model.channelId, 'home'),
    }),
  );
}

/** The channel topic; #research's names the app's own commands and mention. */
function topicOf(channel, model) {
  if (channel.name === 'research') return `Ask the desk: ${model.commands.map((c) => c.command).join(', ')} or @${model.botName}`;
  if (channel.name === 'markets') return 'Market chatter and digests';
  return 'A channel in the local playground';
}

/**
 * The header: channel name and topic, or for the app (its DM, or Home) its name with Home / Messages
 * tabs. Without a DM with the app (an admin of another workspace has none yet) Home stands alone.
 */
export function renderChannelHeader(header, model, onSelect) {
  const channel = model.channels.find((c) => c.id === model.channelId);
  if (!channel) {
    clear(header);
    return;
  }
  const dm = channel.is_im ? channel : model.channels.find((c) => c.is_im);
  const isApp = channel.is_im || model.tab === 'home';
  const tab = (id, label, channelId) =>
    h(
      'button',
      {
        type: 'button',
        role: 'tab',
        class: `tab${model.tab === id ? ' active' : ''}`,
        'aria-selected': String(model.tab === id),
        onclick: () => onSelect(channelId, id),
      },
      label,
    );
  const title = isApp
    ? h(
        'div',
        { class: 'channel-title' },
        avatar({ is_bot: true }, 'sm'),
        h('span', null, model.botName),
        h('span', { class: 'app-badge' }, 'APP'),
      )
    : h('div', { class: 'channel-title' }, h('span', { class: 'channel-hash' }, '#'), h('span', null, channel.name));
  const below = isApp
    ? h('div', { class: 'tabs', role: 'tablist' }, tab('home', 'Home', channel.id), dm ? tab('messages', 'Messages', dm.id) : null)
    : h('div', { class: 'channel-topic' }, topicOf(channel, model));
  header.replaceChildren(
    h('div', { class: 'channel-header-row' }, title, h('span', { class: 'demo-badge small header-demo' }, 'DEMO DATA')),
    below,
  );
}
