/** Watchlist cards: the list with Remove buttons (message and App Home rows) and the confirmations. */
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../../slack-api/slack-message.js';
import type { WatchRecord } from '../../../store/records.js';
import { ACTION_IDS, indexedActionId } from '../../blocks/action-ids.js';
import { encodeSimple } from '../../kit/button-values.js';
import { actions, button, context, header, section } from '../../blocks/card-parts.js';
import { escapeMrkdwn } from '../../blocks/escape.js';
import { clampMessage } from '../../blocks/limits.js';
import { describeWatchTarget } from './watch-alert-card.js';

/** Rows a list shows; a channel holds at most WATCH_LIMITS.perChannel, a team's Home may show more. */
const MAX_WATCH_ROWS = 20;

/** `<#C123>` for real channel ids (a reference we build, never from service text). */
function where(watch: WatchRecord): string {
  if (watch.scope === 'user') return 'your DM';
  return /^[CG][A-Z0-9]{2,30}$/.test(watch.channelId) ? `<#${watch.channelId}>` : escapeMrkdwn(watch.channelId);
}

function describe(watch: WatchRecord): string {
  const categories = watch.categories.length > 0 ? watch.categories.join(', ') : 'all categories';
  return `${escapeMrkdwn(describeWatchTarget(watch.target))} · ${escapeMrkdwn(categories)} → ${where(watch)}`;
}

/** The Remove button's value: the watch's team, channel and id. */
export function watchButtonValue(watch: WatchRecord): string {
  return encodeSimple({ t: watch.teamId, ch: watch.channelId, w: watch.watchId });
}

/**
 * One watch: what, where, its state, and a Remove button (ids indexed by row) when the viewer may
 * remove it (watch-permission.ts); else a line saying who can.
 */
export function watchRow(watch: WatchRecord, index: number, removable = true): KnownBlock[] {
  const state = watch.paused ? `\n:double_vertical_bar: paused${watch.pausedReason ? ` (${escapeMrkdwn(watch.pausedReason)})` : ''}` : '';
  if (!removable) return [section(`${describe(watch)}${state}\n_Added by someone else: they or a workspace admin can remove it._`)];
  return [
    section(
      `${describe(watch)}${state}`,
      button({
        text: 'Remove',
        actionId: indexedActionId(ACTION_IDS.watchRemove, index),
        value: watchButtonValue(watch),
        style: 'danger',
        confirm: { title: 'Remove this watch?', text: 'Alerts for it stop.', confirm: 'Remove', deny: 'Keep' },
      }),
    ),
  ];
}

export interface WatchRowsOptions {
  /** Whether the viewer may remove these watches (default true). */
  removable?: boolean;
  /** The first row's index, so two lists in one view keep their action ids apart. */
  firstIndex?: number;
  maxRows?: number;
}

/** Rows for App Home (no header): at most MAX_WATCH_ROWS (or maxRows), then a count of the rest. */
export function watchRows(watches: WatchRecord[], options: WatchRowsOptions = {}): KnownBlock[] {
  const shown = watches.slice(0, options.maxRows ?? MAX_WATCH_ROWS);
  const first = options.firstIndex ?? 0;
  const blocks = shown.flatMap((w, i) => watchRow(w, first + i, options.removable ?? true));
  if (watches.length > shown.length) blocks.push(context(`…and ${watches.length - shown.length} more watches`));
  return blocks;
}

/** `/research watches`: a channel's watches, or the user's own in a DM. */
export function renderWatchList(watches: WatchRecord[], scope: { channelId: string; dm: boolean }): SlackMessage {
  const title = scope.dm ? 'Your watches' : 'Watches of this channel';
  const blocks: KnownBlock[] = [header(title)];
  if (watches.length === 0) blocks.push(section('Nothing is watched here yet. Start with `/research watch $NVDA filings`.'));
  blocks.push(...watchRows(watches));
  blocks.push(actions([button({ text: 'Refresh', actionId: ACTION_IDS.watchList, value: encodeSimple({ ch: scope.channelId }) })]));
  const text = watches.length ? `${title}: ${watches.map((w) => describeWatchTarget(w.target)).join('; ')}` : `${title}: none yet.`;
  return clampMessage({ text: escapeMrkdwn(text), blocks });
}

export function renderWatchAdded(watch: WatchRecord): SlackMessage {
  const text = `Watching ${describe(watch)}. New documents are posted there as they appear${watch.target.kind === 'symbol' ? ', and the day before each earnings date' : ''}.`;
  return clampMessage({
    text,
    blocks: [section(`:eyes: ${text}`), context('`/research watches` lists the watches here, with Remove buttons.')],
  });
}

export function renderWatchRemoved(watch: Pick<WatchRecord, 'target'>, existed: boolean): SlackMessage {
  const text = existed ? `No longer watching ${escapeMrkdwn(describeWatchTarget(watch.target))}.` : 'That watch was already removed.';
  return clampMessage({ text, blocks: [section(text)] });
}
