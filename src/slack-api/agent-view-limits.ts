/**
 * Slack's limits for the agent view and agent sessions, and the clamps applied before sending.
 * The Block Kit limits live in src/slack/blocks/limits.ts; these are the methods' own, kept here
 * because the relay (src/agent/) sets statuses too and may not import src/slack/.
 * @see https://docs.slack.dev/reference/methods/assistant.threads.setStatus
 * @see https://docs.slack.dev/reference/methods/assistant.threads.setSuggestedPrompts
 * @see https://docs.slack.dev/reference/methods/agents.sessions.setStatus
 */
export const AGENT_VIEW_LIMITS = {
  /** assistant.threads.setStatus `loading_messages`: at most 10. */
  loadingMessages: 10,
  /** assistant.threads.setSuggestedPrompts: up to 4 prompts. */
  suggestedPrompts: 4,
  /** agents.sessions title: 1–200 characters. */
  sessionTitleChars: 200,
  /**
   * UNCONFIRMED: Slack documents no length for a status, a loading message, a thread title or a
   * prompt; these keep each to a line the client shows whole.
   */
  statusChars: 100,
  loadingMessageChars: 100,
  threadTitleChars: 150,
  promptTitleChars: 75,
  promptMessageChars: 500,
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
const CONTROL = /[\u0000-\u001F\u007F]+/g;

/**
 * Untrusted text (a question, a tool's input) as one plain line for a status, a loading message
 * or a title: control characters and line breaks become spaces, Slack's three control characters
 * are escaped (so `<!here>` or `<@U…>` can never become a ping), and the line is cut with an
 * ellipsis to `max` UTF-16 units.
 * @see https://docs.slack.dev/messaging/formatting-message-text#escaping
 */
export function clampAgentViewText(text: string, max: number): string {
  const line = text.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  const escaped = line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  if (escaped.length <= max) return escaped;
  let cut = escaped.slice(0, Math.max(0, max - 1));
  // Never end inside an escape (&am…) or between the halves of a surrogate pair.
  cut = cut.replace(/&[a-z]{0,3}$/, '').replace(/[\uD800-\uDBFF]$/, '');
  return `${cut.trimEnd()}…`;
}

/** At most 10 distinct, non-empty loading messages, each clamped. */
export function clampLoadingMessages(messages: readonly string[]): string[] {
  const out: string[] = [];
  for (const m of messages) {
    const clamped = clampAgentViewText(m, AGENT_VIEW_LIMITS.loadingMessageChars);
    if (clamped !== '' && !out.includes(clamped)) out.push(clamped);
    if (out.length === AGENT_VIEW_LIMITS.loadingMessages) break;
  }
  return out;
}
