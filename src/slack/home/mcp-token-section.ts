/**
 * App Home's *MCP clients* section: how Slackbot and other MCP clients reach Research Desk's tools
 * (the /mcp server), and, for a workspace admin or owner, the workspace's tokens with Revoke and a
 * Create token button. Others read who can create one. A token itself is never on the tab: it is
 * shown once, in the form that creates it (mcp-token-modal.ts).
 * @see https://docs.slack.dev/ai/slackbot-mcp-client
 */
import type { KnownBlock } from '@slack/types';
import type { McpTokenRecord } from '../../store/mcp-tokens.js';
import { ACTION_IDS, indexedActionId } from '../blocks/action-ids.js';
import { button, context, header, section } from '../blocks/card-parts.js';
import { escapeMrkdwn } from '../blocks/escape.js';
import { displayDate } from '../blocks/format.js';

export type HomeMcpTokens =
  | { mayManage: false }
  | {
      mayManage: true;
      tokens: McpTokenRecord[];
      /** How many a workspace may hold: at the limit, Create gives way to a note. */
      limit: number;
    };

const ABOUT =
  'Slackbot and other MCP clients can use Research Desk’s tools — research search, company financials, trending concepts and the research agent — through its MCP server at `/mcp` on this app’s address. Slackbot needs no token: Slack vouches for each of its users. Other clients send a token created here.';

/** At most 2 + tokens blocks (the divider before it is the tab's): 7 with five tokens. */
export function renderMcpTokenSection(input: HomeMcpTokens, timeZone = 'UTC'): KnownBlock[] {
  if (!input.mayManage) {
    return [header('MCP clients'), context(`${ABOUT} A workspace admin or owner creates and revokes tokens.`)];
  }
  const atLimit = input.tokens.length >= input.limit;
  const create = atLimit ? undefined : button({ text: 'Create token', actionId: ACTION_IDS.homeMcpTokenCreate, style: 'primary' });
  const intro = atLimit
    ? `${ABOUT}\n_This workspace holds ${input.limit} tokens, the most it may: revoke one to create another._`
    : `${ABOUT}${input.tokens.length === 0 ? '\n_No tokens yet._' : ''}`;
  return [
    header('MCP clients'),
    section(intro, create),
    ...input.tokens.slice(0, input.limit).map((token, i) => tokenRow(token, i, timeZone)),
  ];
}

function tokenRow(token: McpTokenRecord, index: number, timeZone: string): KnownBlock {
  const created = displayDate(token.createdAtMs, timeZone) ?? '';
  const used = token.lastUsedAtMs === undefined ? 'never used' : `last used ${displayDate(token.lastUsedAtMs, timeZone) ?? ''}`;
  // A mention only of a Slack user id (the clicker's, from Slack): anything else is shown as text.
  const by = /^[UW][A-Z0-9]{2,31}$/.test(token.createdBy) ? `<@${token.createdBy}>` : escapeMrkdwn(token.createdBy);
  return section(
    `:key: *${escapeMrkdwn(token.label)}* · created by ${by} on ${created} · ${used}`,
    button({
      text: 'Revoke',
      actionId: indexedActionId(ACTION_IDS.homeMcpTokenRevoke, index),
      value: token.tokenId,
      style: 'danger',
      confirm: {
        title: 'Revoke this token?',
        text: 'Clients using it lose access at once. This cannot be undone.',
        confirm: 'Revoke',
        deny: 'Keep it',
      },
    }),
  );
}
