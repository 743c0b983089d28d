/**
 * An agent view thread's title from the question that opened it: mentions and links as their
 * labels, one line, escaped (a title can never ping), cut to a length the thread list shows.
 * @see https://docs.slack.dev/reference/methods/assistant.threads.setTitle
 */
import { AGENT_VIEW_LIMITS, clampAgentViewText } from '../../../slack-api/agent-view-limits.js';

const SLACK_ENTITY = /<([^>|]*)(?:\|([^>]*))?>/g;

export function threadTitleFrom(question: string): string {
  // <@U…> / <#C…|name> / <https://…|label> → a label or nothing; <!here> never survives.
  const plain = question.replace(SLACK_ENTITY, (_m, target: string, label: string | undefined) => {
    if (label) return label;
    if (target.startsWith('@') || target.startsWith('!') || target.startsWith('#')) return '';
    return target;
  });
  return clampAgentViewText(plain, AGENT_VIEW_LIMITS.threadTitleChars);
}
