/** The App Home tab: what the app does (runnable examples), digests, recent agent runs, the workspace's service connection and status. */
import type { DigestSubscription, RunRecord, WatchRecord } from '../../store/records.js';
import { ACTION_IDS } from '../blocks/action-ids.js';
import { formatCount } from '../blocks/format.js';
import type { HomeView, KnownBlock } from '@slack/types';
import { actions, button, context, divider, header, section } from '../blocks/card-parts.js';
import { escapeMrkdwn, inlineCode, mrkdwnLink } from '../blocks/escape.js';
import { displayDate, excerpt } from '../blocks/format.js';
import { clampView } from '../blocks/limits.js';
import { type HomeConnection, renderConnectionSection } from './connection-section.js';
import { type HomeExternalAccess, renderExternalAccessSection } from './external-access-section.js';
import { type HomeMcpTokens, renderMcpTokenSection } from './mcp-token-section.js';
import { subscriptionRow } from '../kit/cards/subscription-rows.js';
import { watchRows } from '../kit/cards/watch-rows.js';

export interface ServiceStatus {
  reachable: boolean;
  latencyMs?: number;
  lastError?: string;
  checkedAtMs?: number;
}

export type HomeRun = Pick<RunRecord, 'runId' | 'question' | 'status' | 'startedAtMs'> & { permalink?: string };

export interface AppHomeInput {
  subscriptions: DigestSubscription[];
  recentRuns: HomeRun[];
  status: ServiceStatus;
  timeZone?: string;
  /** 👍/👎 on agent answers in this workspace. */
  feedback?: { positive: number; negative: number };
  /** The user's watches: in their DM and the ones they added to channels. */
  watches?: WatchRecord[];
  /** Others' watches in the channels the user is in, and whether the user may remove them (an admin may). */
  channelWatches?: { watches: WatchRecord[]; removable: boolean };
  /** How this workspace reaches the research service, and whether the viewer may change it. */
  connection?: HomeConnection;
  /** Whether people of other organisations (Slack Connect) may use the app, and whether the viewer may change it. */
  externalAccess?: HomeExternalAccess;
  /** Slackbot and MCP clients: the workspace's tokens (admins), or who may create them. */
  mcpTokens?: HomeMcpTokens;
  /** Why the viewer's last click on Home was refused (plain text; escaped here). */
  notice?: string;
  /** The *Research folders* section (the folders slice renders it; at most MAX_HOME_DOCUMENT_BLOCKS are shown). */
  documents?: KnownBlock[];
}

/**
 * Rows per list, so the whole tab stays within Slack's 100 blocks by construction: 6 (intro) +
 * 13 (subscriptions, 2 blocks each) + 23 (own watches) + 13 (channel watches) + 15 (research
 * folders) + 7 (runs) + 1 (feedback) + 5 (connection) + 4 (Slack Connect) + 8 (MCP clients: five
 * tokens) + 4 (status) + 1 (a refused click's notice) = 100. `/concepts subscriptions` lists them all.
 */
const MAX_HOME_SUBS = 6;
const MAX_HOME_RUNS = 5;
export const MAX_HOME_DOCUMENT_BLOCKS = 15;
const MAX_HOME_OWN_WATCHES = 20;
const MAX_HOME_CHANNEL_WATCHES = 10;
const STATUS_EMOJI: Record<string, string> = {
  completed: ':white_check_mark:',
  running: ':hourglass_flowing_sand:',
  starting: ':hourglass_flowing_sand:',
  cancelled: ':no_entry_sign:',
  failed: ':x:',
  timed_out: ':alarm_clock:',
};

export function renderAppHome(input: AppHomeInput): HomeView {
  const tz = input.timeZone ?? 'UTC';
  const ex = (s: string): string => inlineCode(escapeMrkdwn(s));
  const blocks: KnownBlock[] = [
    header('Research Desk'),
    ...(input.notice ? [section(`:no_entry: ${escapeMrkdwn(input.notice)}`)] : []),
    section('Search research, read company numbers and follow trending concepts without leaving Slack.'),
    section(
      [
        `• ${ex('/research AI capex $NVDA last:90d')} — documents ranked by relevance`,
        `• ${ex('/research passages gross margin guidance $NVDA')} — the passages that answer it`,
        `• ${ex('/research ask How did Moutai guide 2025 revenue?')} — the research agent, in a thread`,
        `• ${ex('/financials hk:700 balance quarterly')} — statements as tables (also ${ex('income')}, ${ex('cashflow')}, ${ex('prices')})`,
        `• ${ex('/financials earnings us next')} — who reports next week`,
        `• ${ex('/concepts top:5')} — trending concepts`,
        '• Mention the app in any channel, or message it here, to ask the agent.',
      ].join('\n'),
    ),
    actions([
      button({ text: 'Open financials form', actionId: ACTION_IDS.homeOpenFinancials }),
      button({ text: 'Refresh', actionId: ACTION_IDS.homeRefresh }),
    ]),
    divider(),
    header('Digest subscriptions'),
  ];
  const subs = input.subscriptions.slice(0, MAX_HOME_SUBS);
  if (subs.length === 0) blocks.push(section('None yet: `/concepts subscribe #channel weekdays at:09:00`.'));
  for (const [i, s] of subs.entries()) blocks.push(...subscriptionRow(s, i));
  if (input.subscriptions.length > subs.length)
    blocks.push(context(`…and ${input.subscriptions.length - subs.length} more: \`/concepts subscriptions\``));

  if (input.watches) {
    blocks.push(divider(), header('Your watches'));
    if (input.watches.length === 0) blocks.push(section('None yet: `/research watch $NVDA filings` in a channel or here.'));
    blocks.push(...watchRows(input.watches, { maxRows: MAX_HOME_OWN_WATCHES }));
  }
  if (input.channelWatches && input.channelWatches.watches.length > 0) {
    blocks.push(divider(), header('Watches in your channels'));
    blocks.push(
      ...watchRows(input.channelWatches.watches, {
        removable: input.channelWatches.removable,
        // After the own list's indices: action ids stay unique in the view.
        firstIndex: MAX_HOME_OWN_WATCHES,
        maxRows: MAX_HOME_CHANNEL_WATCHES,
      }),
    );
  }

  if (input.documents) blocks.push(...input.documents.slice(0, MAX_HOME_DOCUMENT_BLOCKS));

  blocks.push(divider(), header('Your recent agent runs'));
  const runs = input.recentRuns.slice(0, MAX_HOME_RUNS);
  if (runs.length === 0) blocks.push(section('No runs yet. Try `/research ask &lt;question&gt;`.'));
  for (const r of runs) {
    const q = excerpt(r.question, 120) || '(no question)';
    const label = r.permalink ? mrkdwnLink(r.permalink, q) : escapeMrkdwn(q);
    blocks.push(
      context(
        `${STATUS_EMOJI[r.status] ?? ':grey_question:'} ${label} · ${escapeMrkdwn(r.status)} · ${displayDate(r.startedAtMs, tz) ?? ''}`,
      ),
    );
  }

  if (input.feedback) {
    const { positive, negative } = input.feedback;
    blocks.push(context(`Feedback on answers in this workspace: 👍 ${formatCount(positive)} · 👎 ${formatCount(negative)}`));
  }

  if (input.connection) blocks.push(divider(), ...renderConnectionSection(input.connection, tz));
  if (input.externalAccess) blocks.push(divider(), ...renderExternalAccessSection(input.externalAccess));
  if (input.mcpTokens) blocks.push(divider(), ...renderMcpTokenSection(input.mcpTokens, tz));

  blocks.push(divider(), header('Service status'));
  const s = input.status;
  const checked = s.checkedAtMs ? ` · checked ${new Date(s.checkedAtMs).toISOString().replace('T', ' ').slice(0, 16)} UTC` : '';
  blocks.push(
    section(
      s.reachable
        ? `:large_green_circle: Reachable${s.latencyMs !== undefined ? ` · ${Math.round(s.latencyMs)} ms` : ''}${checked}`
        : `:red_circle: Unreachable${checked}`,
    ),
  );
  if (s.lastError) blocks.push(context(`Last error: ${escapeMrkdwn(excerpt(s.lastError, 300))}`));
  return clampView({ type: 'home', blocks });
}
