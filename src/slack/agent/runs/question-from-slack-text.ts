/**
 * The question a user typed, from the text Slack delivered: the app's own mention removed,
 * Slack's `<…>` references turned into readable words and its three entities decoded, so the
 * service sees what the user meant ("<@U0BOT> what is &lt;NVDA&gt;" → "what is <NVDA>").
 * @see https://docs.slack.dev/messaging/formatting-message-text
 */
import { slackTextToPlain } from '../../kit/commands/tokenize.js';

/** Slack's own length cap for a message is far higher; the agent does not need more than this. */
export const MAX_QUESTION_CHARS = 4000;

export function questionFromSlackText(text: string | undefined, botUserId?: string): string {
  let raw = text ?? '';
  if (botUserId) {
    raw = raw.replace(new RegExp(`<@${escapeRegExp(botUserId)}(?:\\|[^>]*)?>`, 'g'), ' ');
  } else {
    // Without the bot's id, the mention that addressed the app is the leading one.
    raw = raw.replace(/^\s*<@[UW][A-Z0-9]+(?:\|[^>]*)?>/, ' ');
  }
  const plain = slackTextToPlain(raw)
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return [...plain].slice(0, MAX_QUESTION_CHARS).join('');
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
