/**
 * What a Slack request is, as a span name and kind: `slack command /financials`, `slack event
 * app_mention`, `slack action rd.search.next`, `slack view_submission <callback_id>`. Made of
 * the ids the app itself defined, never of what a user typed; a per-item action id's index suffix
 * (`rd.search.summary:2`) is dropped, so names stay few.
 * @see https://docs.slack.dev/interactivity/handling-user-interaction
 */
export interface SlackRequestName {
  name: string;
  kind: string;
}

export function slackRequestName(body: unknown): SlackRequestName {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof b.command === 'string') return named('command', COMMAND.test(b.command) ? b.command : undefined);
  const type = idOf(b.type) ?? 'unknown';
  switch (type) {
    case 'event_callback':
      return named('event', idOf(field(b.event, 'type')));
    case 'block_actions':
    case 'interactive_message':
      return named('action', idOf(field(firstOf(b.actions), 'action_id')) ?? idOf(b.callback_id));
    case 'block_suggestion':
      return named('options', idOf(b.action_id));
    case 'view_submission':
    case 'view_closed':
      return named(type, idOf(field(b.view, 'callback_id')));
    case 'shortcut':
    case 'message_action':
      return named('shortcut', idOf(b.callback_id));
    default:
      return { name: `slack ${type}`, kind: type };
  }
}

function named(kind: string, id: string | undefined): SlackRequestName {
  return { name: id === undefined ? `slack ${kind}` : `slack ${kind} ${id}`, kind };
}

/** An id as the app defines them: short, of id characters; anything else is not named. */
const ID = /^[A-Za-z0-9_.-]{1,64}$/;
/** A slash command's name, as Slack allows them. */
const COMMAND = /^\/[a-z0-9_-]{1,32}$/;

function idOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const base = value.split(':')[0] ?? '';
  return ID.test(base) ? base : undefined;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function firstOf(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : undefined;
}
