// What the user does in the page, turned into playground API calls: clicks, menus, the composer,
// modal submit and close. A failed delivery shows the way Slack shows it (a notice only you see).

import { deliveryFailure, failureReason } from './api.js';
import { openMenu } from './menu.js';

export const MESSAGE_SHORTCUTS = [
  { callback_id: 'research_message', label: 'Research this message' },
  { callback_id: 'ask_agent_message', label: 'Ask the agent about this' },
  { callback_id: 'summarize_message', label: 'Summarize linked document' },
  { callback_id: 'add_to_folder_message', label: 'Add to research folder' },
];

/** The string `value` the playground API takes for an element's choice (comma-joined for multi-selects). */
export function actionValue(details) {
  if (details.value !== undefined && details.value !== null) return String(details.value);
  if (details.selected_option) return details.selected_option.value;
  if (details.selected_options) return details.selected_options.map((o) => o.value).join(',');
  for (const key of [
    'selected_date',
    'selected_time',
    'selected_user',
    'selected_conversation',
    'selected_channel',
    'selected_date_time',
  ]) {
    if (details[key] !== undefined && details[key] !== null) return String(details[key]);
  }
  for (const key of ['selected_users', 'selected_conversations', 'selected_channels']) if (details[key]) return details[key].join(',');
  return undefined;
}

/**
 * deps: { api, channelId(), botName(), commands(), addNotice(channelId, text, threadTs?), toast(text, kind), reloadViews(), hideModal() }
 */
export function createUserActions({ api, channelId, botName, commands, addNotice, toast, reloadViews, hideModal }) {
  async function sendAction(message, details, options = {}) {
    if (message.local) return;
    const body = {
      channel_id: message.channel ?? channelId(),
      message_ts: message.ts,
      action_id: details.action_id,
      value: actionValue(details),
    };
    if (options.ephemeral) body.ephemeral = true;
    const failure = deliveryFailure(await api.action(body));
    if (failure) addNotice(channelId(), `That didn't work: the app did not acknowledge the action (${failure}).`, message.thread_ts);
  }

  async function sendViewAction(viewId, details) {
    const failure = deliveryFailure(await api.viewAction({ view_id: viewId, action_id: details.action_id, value: actionValue(details) }));
    if (failure) toast(`The app did not acknowledge the action (${failure}).`, 'error');
  }

  function openMessageMenu(anchor, message) {
    openMenu(
      anchor,
      MESSAGE_SHORTCUTS.map((s) => ({
        label: s.label,
        hint: botName(),
        onSelect: async () => {
          const result = await api.shortcut({
            callback_id: s.callback_id,
            channel_id: message.channel ?? channelId(),
            message_ts: message.ts,
          });
          const failure = deliveryFailure(result);
          if (failure) addNotice(channelId(), `“${s.label}” failed: the app did not respond (${failure}).`, message.thread_ts);
        },
      })),
      { label: 'Message shortcuts', align: 'right' },
    );
  }

  /** The composer's text: a slash command, a bare link (shared for unfurling), or a message or mention. */
  async function send(text, threadTs) {
    const channel = channelId();
    const slash = /^\/(\S+)\s*([\s\S]*)$/.exec(text);
    if (slash && threadTs) {
      addNotice(channel, 'Slash commands can’t be used in threads, as in Slack. Use the channel composer.', threadTs);
      return false;
    }
    if (slash) {
      const command = `/${slash[1]}`;
      const failure = deliveryFailure(await api.command({ command, text: slash[2], channel_id: channel }));
      if (failure) addNotice(channel, `${command} failed with the error "${failure}"`);
      else if (!commands().some((c) => c.command === command)) toast(`${command} is not one of the app's commands; sent anyway.`);
      return true;
    }
    const link = /^<?(https?:\/\/[^\s>]+)>?$/.exec(text);
    if (link && !threadTs) {
      // Shared the way Slack's client shares a link: the message plus link_shared, so the app can unfurl it.
      const shared = await api.shareLink({ url: link[1], channel_id: channel });
      if (!shared.ok) addNotice(channel, `Your link could not be shared (${failureReason(shared)}).`);
      return shared.ok;
    }
    const result = await api.message({ text, channel_id: channel, ...(threadTs ? { thread_ts: threadTs } : {}) });
    if (!result.ok) addNotice(channel, `Your message could not be sent (${failureReason(result)}).`, threadTs);
    return result.ok;
  }

  /** The composer's attached file, shared with the text as one message (subtype file_share). */
  async function sendFile(file, text, threadTs) {
    const channel = channelId();
    const form = new FormData();
    form.append('text', text);
    form.append('channel_id', channel);
    if (threadTs) form.append('thread_ts', threadTs);
    form.append('file', file, file.name);
    const result = await api.shareFile(form);
    if (!result.ok) addNotice(channel, `Your file could not be shared (${failureReason(result)}).`, threadTs);
    return result.ok;
  }

  /** Someone deletes a shared file in Slack: its message keeps a tombstone. */
  async function deleteFile(file) {
    const label = file.title || file.name || file.id;
    if (!window.confirm(`Delete “${label}”? The app will find it gone, as after a deletion in Slack.`)) return;
    const result = await api.deleteFile(file.id);
    if (!result.ok) toast(`Could not delete the file (${failureReason(result)}).`, 'error');
  }

  /** Field errors (response_action: errors) come back on the view itself, with the next GET /api/views. */
  async function submitView(view, values) {
    const failure = deliveryFailure(await api.submitView({ view_id: view.id, values }));
    if (failure) toast(`The app did not acknowledge the submission (${failure}).`, 'error');
    await reloadViews();
  }

  async function closeView(view) {
    hideModal();
    const result = await api.closeView({ view_id: view.id });
    if (!result.ok) toast(`Could not close the view (${failureReason(result)}).`, 'error');
    await reloadViews();
  }

  return { sendAction, sendViewAction, openMessageMenu, send, sendFile, deleteFile, submitView, closeView };
}
