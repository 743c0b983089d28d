// What the composer's autocomplete offers for the text before the caret, as Slack's client does:
// `/` at the start lists the app's commands, `@` people and apps, `#` channels. Pure functions.

const MAX_ITEMS = 8;

/**
 * The trigger being typed before the caret, or null:
 * { kind: 'command' | 'user' | 'channel', query, start } — `start` is where the trigger character is.
 */
export function findTrigger(value, caret = value.length) {
  if (/^\/\S*$/.test(value)) return { kind: 'command', query: value.toLowerCase(), start: 0 };
  const before = value.slice(0, caret);
  // A name may have one space in it ("@Dana Analyst"); two words and a space end the search.
  const at = /(^|\s)@([^\s@#<>]*(?: [^\s@#<>]*)?)$/.exec(before);
  if (at) return { kind: 'user', query: at[2], start: before.length - at[2].length - 1 };
  const hash = /(^|\s)#([\w.-]*)$/.exec(before);
  if (hash) return { kind: 'channel', query: hash[2], start: before.length - hash[2].length - 1 };
  return null;
}

const startsWithWord = (name, query) =>
  name.toLowerCase().startsWith(query) ||
  name
    .toLowerCase()
    .split(/[\s._-]+/)
    .some((w) => w.startsWith(query));

/**
 * Suggestion items for a trigger. directory: { users: [{id, name, real_name, is_bot}], channels: [{id, name}] };
 * commands: [{ command, description, usageHint }]. Each item: { kind, title, description, usage?, label?, id?, insert? }.
 */
export function suggestionsFor(trigger, directory, commands) {
  if (!trigger) return [];
  const query = trigger.query.toLowerCase();
  if (trigger.kind === 'command') {
    return commands
      .filter((c) => c.command.startsWith(query))
      .map((c) => ({
        kind: 'command',
        insert: `${c.command} `,
        title: c.command,
        usage: c.usageHint,
        description: c.description,
      }));
  }
  if (trigger.kind === 'user') {
    return directory.users
      .filter((u) => !u.deleted)
      .map((u) => ({ user: u, display: u.real_name || u.name || u.id }))
      .filter(({ user, display }) => query === '' || startsWithWord(display, query) || startsWithWord(user.name ?? '', query))
      .slice(0, MAX_ITEMS)
      .map(({ user, display }) => ({
        kind: 'user',
        id: user.id,
        label: `@${display}`,
        title: display,
        description: user.is_bot ? 'App · mention to ask the agent' : `@${user.name ?? user.id}`,
      }));
  }
  return directory.channels
    .filter((c) => !c.is_im && c.name.toLowerCase().startsWith(query))
    .slice(0, MAX_ITEMS)
    .map((c) => ({ kind: 'channel', id: c.id, label: `#${c.name}`, title: `#${c.name}`, description: 'Channel' }));
}

export function suggestionsHeading(trigger) {
  if (!trigger) return '';
  return { command: 'Commands matching', user: 'People and apps', channel: 'Channels' }[trigger.kind];
}
