/**
 * What Slack does to a slash command's text when the command is declared with `should_escape`:
 * a `#channel` and an `@user` the workspace knows arrive as `<#C…|name>` and `<@U…|name>`, and
 * typed URLs as links; without it the text arrives as typed.
 * @see https://docs.slack.dev/interactivity/implementing-slash-commands#creating_commands
 */
import { autoLinkUrls } from './message-links.js';
import type { SlackChannel } from './slack-channel.js';
import type { SlackUser } from './slack-user.js';

/** A `#` or `@` name at the start of the text or after a space, as Slack's client recognises one. */
const NAMED_REFERENCE = /(^|\s)([#@])([\p{L}\p{N}._-]+)/gu;

export function escapeCommandText(text: string, workspace: { channels: Iterable<SlackChannel>; users: Iterable<SlackUser> }): string {
  const channels = new Map<string, SlackChannel>();
  for (const c of workspace.channels) if (!c.is_im) channels.set(c.name.toLowerCase(), c);
  const users = new Map<string, SlackUser>();
  for (const u of workspace.users) users.set(u.name.toLowerCase(), u);
  const escaped = text.replace(NAMED_REFERENCE, (match, lead: string, sigil: string, name: string) => {
    if (sigil === '#') {
      const channel = channels.get(name.toLowerCase());
      return channel === undefined ? match : `${lead}<#${channel.id}|${channel.name}>`;
    }
    const user = users.get(name.toLowerCase());
    return user === undefined ? match : `${lead}<@${user.id}|${user.name}>`;
  });
  return autoLinkUrls(escaped);
}
