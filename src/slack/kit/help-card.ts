/** The usage card that names each problem and the right form, and the helpers every help card uses. */
import type { UsageResult } from './commands/usage-problem.js';
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../slack-api/slack-message.js';
import { context, divider, section } from '../blocks/card-parts.js';
import { escapeMrkdwn, inlineCode } from '../blocks/escape.js';
import { clampMessage } from '../blocks/limits.js';

/** A command or value as inline code, escaped. */
export const code = (s: string): string => inlineCode(escapeMrkdwn(s));
/** A bulleted list of example commands. */
export const examples = (list: string[]): string => list.map((e) => `• ${code(e)}`).join('\n');

/** Names every problem, the token that caused it, and the right form. */
export function renderUsage(result: UsageResult): SlackMessage {
  const problems = result.problems.slice(0, 10);
  const lines = problems.map((p) => {
    const tokens = [p.token, ...(p.alsoTokens ?? [])].filter(Boolean).map(code).join(', ');
    // A message that begins with its token names it already.
    const named = tokens && !(p.alsoTokens?.length === undefined && p.message.startsWith(`\`${p.token}\``));
    return `• ${named ? `${tokens} — ` : ''}${escapeMrkdwn(p.message)}\n   Try: ${code(p.example)}`;
  });
  const blocks: KnownBlock[] = [
    section(
      `:warning: ${problems.length === 1 ? 'One thing to fix' : `${problems.length} things to fix`} in ${escapeMrkdwn(result.command)}:\n${lines.join('\n')}`,
    ),
  ];
  if (result.problems.length > problems.length) blocks.push(context(`…and ${result.problems.length - problems.length} more`));
  blocks.push(divider(), context(`\`${escapeMrkdwn(result.command)} help\` shows every option.`));
  const text = `${result.command}: ${problems.map((p) => p.message).join(' ')}`;
  return clampMessage({ text: escapeMrkdwn(text), blocks });
}
